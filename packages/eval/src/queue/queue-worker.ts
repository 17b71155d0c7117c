import { existsSync } from "node:fs";
import { hostname } from "node:os";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { UnrecoverableError, Worker, type Job } from "bullmq";
import type { ExperimentProtocol } from "../experiment-protocol.js";
import { createTaskPool } from "../task-pool.js";
import type { EvalOutput } from "../tasks.js";
import { CAMPAIGN_QUEUE, REFUSED_PREFIX, type CampaignJobData, type CampaignTask } from "./campaign-job.js";
import type { RedisLink } from "./redis-link.js";

/** What a queue worker reports, one event per job step. */
export type QueueWorkerEvent =
  | { readonly kind: "started"; readonly id: string; readonly key: string }
  | { readonly kind: "finished"; readonly id: string; readonly key: string; readonly ms: number }
  | { readonly kind: "failed"; readonly id: string; readonly key: string; readonly reason: string }
  | { readonly kind: "error"; readonly message: string };

/** What {@link startQueueWorker} needs. */
export interface QueueWorkerOptions {
  readonly link: RedisLink;
  /** This worker's cx version: it refuses jobs cut by another. */
  readonly cxVersion: string;
  /** Worker threads, and jobs held at once (at least 1: the main thread must stay free to renew the jobs' locks). */
  readonly threads: number;
  /** The protocols this machine has, by plug-in name (a job names its protocol and the module it was loaded from on the coordinator). */
  readonly protocols: readonly ExperimentProtocol[];
  /**
   * How long a job's lock lasts (default 30 s; renewed every half of it
   * while the job runs). A worker that dies holds its jobs until the lock
   * runs out; then another worker's stalled-job check takes them back.
   */
  readonly lockMs?: number;
  /** Shown in the queue and in the coordinator's stats (default host/pid). */
  readonly name?: string;
  readonly onEvent?: (event: QueueWorkerEvent) => void;
}

/** A running queue worker. */
export interface QueueWorker {
  readonly name: string;
  readonly threads: number;
  /** Stops taking jobs, waits for the jobs in hand (`force`: abandons them; they go back to the queue when their locks run out), then closes the threads. */
  close(options?: { readonly force?: boolean }): Promise<void>;
}

/**
 * The worker's side of a campaign: takes hunt and shrink jobs from the
 * campaign queue on the Redis of `link`, runs each on one of `threads`
 * worker threads (the same `runTask` as a local run), and returns the
 * output as the job's result.
 *
 * When to use: `cx worker`, on any number of machines, next to a
 * coordinator made with `createCampaignPool`.
 *
 * Details: a job names its protocol; this worker runs it on its own
 * module of that name from `protocols`, else on the job's module when
 * that file exists here (same machine). A job cut by another cx version,
 * or naming a protocol this machine does not have, fails at once and is
 * not retried (its reason starts with `REFUSED_PREFIX`), so the
 * coordinator stops with a clear message instead of merging results of
 * other code. A job stalled more than 3 times (workers dying on it) fails.
 *
 * @example
 * ```ts
 * const worker = await startQueueWorker({ link, cxVersion, threads: 2, protocols: builtinProtocols });
 * process.once("SIGTERM", () => void worker.close().then(() => link.close()));
 * ```
 */
export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  const threads = Math.max(1, Math.floor(options.threads));
  const lockMs = options.lockMs ?? 30_000;
  const name = options.name ?? `${hostname()}/${process.pid}`;
  const onEvent = options.onEvent ?? (() => {});
  const pool = createTaskPool({ workers: threads });
  const here = (task: CampaignTask): CampaignTask => {
    const mine = options.protocols.find((p) => p.plugin.name === task.protocol);
    if (mine !== undefined) return { ...task, module: mine.module };
    if (task.module.startsWith("file:") && existsSync(fileURLToPath(task.module))) return task;
    throw new UnrecoverableError(
      `${REFUSED_PREFIX}worker ${name} has no protocol "${task.protocol}" (the coordinator loaded it from ${task.module}): start the worker with --protocol naming the same protocol on this machine`,
    );
  };
  const processJob = async (job: Job<CampaignJobData, EvalOutput>): Promise<EvalOutput> => {
    const id = job.id ?? "?";
    const { cxVersion, key, task } = job.data;
    if (cxVersion !== options.cxVersion) {
      throw new UnrecoverableError(`${REFUSED_PREFIX}worker ${name} runs cx ${options.cxVersion}, but the job was cut by cx ${cxVersion}: run the same cx version on every machine`);
    }
    const local = here(task);
    onEvent({ kind: "started", id, key });
    const started = performance.now();
    const output = await pool.run(local);
    onEvent({ kind: "finished", id, key, ms: performance.now() - started });
    return output;
  };
  const worker = new Worker<CampaignJobData, EvalOutput>(CAMPAIGN_QUEUE, processJob, {
    connection: options.link.connection(),
    concurrency: threads,
    name,
    lockDuration: lockMs,
    stalledInterval: Math.max(500, Math.round(lockMs / 2)),
    maxStalledCount: 3,
    autorun: false,
  });
  worker.on("failed", (job, error) => onEvent({ kind: "failed", id: job?.id ?? "?", key: job?.data.key ?? "?", reason: error.message }));
  worker.on("error", (error) => onEvent({ kind: "error", message: error.message }));
  const running = worker.run();
  await worker.waitUntilReady();
  return {
    name,
    threads,
    async close(closing = {}) {
      await worker.close(closing.force === true);
      await running.catch(() => {});
      await pool.destroy();
    },
  };
}
