import { createHash } from "node:crypto";
import { taskKey, type HuntTask, type ShrinkTask } from "../tasks.js";

/** The BullMQ queue every campaign and worker use (jobs are keyed by content, so campaigns can share it). */
export const CAMPAIGN_QUEUE = "cx-campaign";

/** The tasks that go through the queue: hunts and shrinks. Corpus histories and timed batches stay on the coordinator, whose clock they measure. */
export type CampaignTask = HuntTask | ShrinkTask;

/** What a job carries: the task, its key, and the cx version that cut it (a worker of another version refuses it). */
export interface CampaignJobData {
  readonly cxVersion: string;
  readonly key: string;
  readonly task: CampaignTask;
}

/**
 * The job id of a task: a digest of the cx version and the task's key (the
 * key the resume cache uses), so the same task always gets the same job.
 * Adding a job whose id exists adds nothing, which is what makes a
 * restarted coordinator find the jobs it cut before, and a job that ran
 * twice count once.
 *
 * When to use: by the coordinator, for every task it queues.
 *
 * Gotchas: like the cache key, it covers the task and the cx version, not
 * the code: after changing a protocol or search with the same version,
 * start the campaign with `fresh` (it removes the finished jobs first).
 *
 * @example
 * ```ts
 * campaignJobId(task, "0.1.0"); // "hunt-5f0c…" (32 hex digits), the same on every machine
 * ```
 */
export function campaignJobId(task: CampaignTask, cxVersion: string): string {
  return `${task.kind}-${createHash("sha256").update(`${cxVersion}|${taskKey(task)}`).digest("hex").slice(0, 32)}`;
}

/** Whether a task goes through the queue (hunts and shrinks) or runs on the coordinator. */
export function isCampaignTask(task: { readonly kind: string }): task is CampaignTask {
  return task.kind === "hunt" || task.kind === "shrink";
}

/**
 * The prefix of a job's failure reason when a worker refused it for a
 * reason of its environment (another cx version, a protocol it does not
 * have); the coordinator reports those as queue errors, not as bugs.
 */
export const REFUSED_PREFIX = "cx worker refused the job: ";
