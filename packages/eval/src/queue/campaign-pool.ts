import { Queue, QueueEvents } from "bullmq";
import type { TaskPool } from "../task-pool.js";
import type { EvalOutput, EvalTask, OutputOf } from "../tasks.js";
import { CAMPAIGN_QUEUE, isCampaignTask, type CampaignJobData } from "./campaign-job.js";
import { CampaignJobs } from "./campaign-jobs.js";
import type { RedisLink } from "./redis-link.js";

/** What a coordinator's pool saw: where each job's result came from. */
export interface CampaignStats {
  /** Distinct jobs this coordinator waited for. */
  readonly jobs: number;
  /** Of those, jobs already finished in the queue when this coordinator first looked (cut by an earlier, interrupted coordinator). */
  readonly fromQueue: number;
  /** Finished jobs that had been held by a worker that went silent (BullMQ's stalled-job check gave them to another worker). */
  readonly recovered: number;
  /** Finished jobs that were started more than once (after a stall or a failed attempt); each still counts once. */
  readonly restarted: number;
  /** Finished jobs per worker name (host/pid). */
  readonly byWorker: Readonly<Record<string, number>>;
  /** Tasks run on the coordinator itself (corpus histories and timed batches). */
  readonly local: number;
}

/** A task pool whose hunts and shrinks are jobs on a BullMQ queue. */
export interface CampaignPool extends TaskPool {
  stats(): CampaignStats;
  /** Removes this campaign's finished jobs from the queue (once its results are written); returns how many. */
  forget(): Promise<number>;
}

/** What {@link createCampaignPool} needs. */
export interface CampaignPoolOptions {
  readonly link: RedisLink;
  /** Recorded in each job; a worker of another version refuses it. */
  readonly cxVersion: string;
  /** Runs the tasks that stay on the coordinator (corpus histories, timed batches). */
  readonly local: TaskPool;
  /** Remove finished jobs of this campaign before using them (after changing code without changing the version). */
  readonly fresh?: boolean;
  /** Give up (a QueueError) when, with jobs outstanding, no worker was connected or Redis did not answer for this long (default 10 minutes). */
  readonly patienceMs?: number;
  /** How often outstanding jobs are looked up in case an event was missed, e.g. across a Redis restart (default 2 s). */
  readonly pollMs?: number;
  /** How often a line is reported while nothing finishes (default 30 s). */
  readonly reportMs?: number;
  readonly onStatus?: (line: string) => void;
}

/**
 * The coordinator's side of a campaign: a {@link TaskPool} that turns each
 * hunt and shrink into a BullMQ job whose id is the task's content
 * (`campaignJobId`), waits for a worker (`startQueueWorker`, any machine)
 * to finish it, and hands back the worker's output. `runExperiment` with
 * this pool cuts the same tasks as a local run and merges the outputs in
 * the same order, so the results are the same figure for figure (apart
 * from timings) whoever ran what.
 *
 * When to use: `cx campaign`; pass it to `runExperiment({ pool })`.
 *
 * Details: a job that exists is not added again, and a finished one is
 * used as it is: a restarted coordinator picks up where the queue stands
 * (and the experiment's own `.cells` cache covers what it had merged). A
 * job that failed before this coordinator looked is retried once. Results
 * arrive through queue events and, in case an event is lost (a Redis
 * restart), a lookup of every outstanding job every `pollMs`; a job is
 * resolved once however many times it ran. A job that vanished from Redis
 * (restarted without persistence) is queued again.
 *
 * Gotchas: destroy it when done (it holds Redis connections and a timer);
 * `workers` is the number of workers connected when it was made. With jobs
 * outstanding and no worker or no Redis for `patienceMs`, every
 * outstanding task rejects with a QueueError.
 *
 * @example
 * ```ts
 * const pool = await createCampaignPool({ link, cxVersion, local: createTaskPool({ workers: 1 }) });
 * try {
 *   const results = await runExperiment({ config: quickExperiment, protocols, outDir: "results", pool });
 *   if (results.complete) await pool.forget();
 * } finally {
 *   await pool.destroy();
 * }
 * ```
 */
export async function createCampaignPool(options: CampaignPoolOptions): Promise<CampaignPool> {
  const { link, cxVersion, local } = options;
  const queue = new Queue<CampaignJobData, EvalOutput>(CAMPAIGN_QUEUE, { connection: link.connection() });
  const events = new QueueEvents(CAMPAIGN_QUEUE, { connection: link.connection() });
  // Connection trouble is reported by the link; without a listener an 'error' event would throw.
  queue.on("error", () => {});
  events.on("error", () => {});
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
  const workers = await queue.getWorkersCount();

  const jobs = new CampaignJobs({
    queue,
    link,
    cxVersion,
    fresh: options.fresh === true,
    patienceMs: options.patienceMs ?? 600_000,
    reportMs: options.reportMs ?? 30_000,
    report: options.onStatus ?? (() => {}),
  });
  let localRuns = 0;
  events.on("completed", ({ jobId }) => void jobs.settle(jobId));
  events.on("failed", ({ jobId }) => void jobs.settle(jobId));
  const timer = setInterval(() => void jobs.poll(), options.pollMs ?? 2000);

  return {
    workers,
    run<T extends EvalTask>(task: T): Promise<OutputOf<T>> {
      if (isCampaignTask(task)) return jobs.run(task) as Promise<OutputOf<T>>;
      localRuns++;
      return local.run(task);
    },
    stats: () => ({ jobs: jobs.asked, ...jobs.counts, local: localRuns, byWorker: { ...jobs.byWorker } }),
    forget: () => jobs.forget(),
    async destroy() {
      clearInterval(timer);
      jobs.abandon("the campaign's queue connection was closed with jobs unfinished");
      // Closing waits for Redis; a Redis that is gone must not keep the coordinator from exiting.
      let grace: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.allSettled([events.close(), queue.close()]), new Promise<void>((resolve) => (grace = setTimeout(resolve, 2000)))]);
      clearTimeout(grace);
    },
  };
}
