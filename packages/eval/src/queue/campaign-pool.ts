import { performance } from "node:perf_hooks";
import { Job, Queue, QueueEvents } from "bullmq";
import type { TaskPool } from "../task-pool.js";
import { taskKey, type EvalOutput, type EvalTask, type OutputOf } from "../tasks.js";
import { CAMPAIGN_QUEUE, REFUSED_PREFIX, campaignJobId, isCampaignTask, type CampaignJobData, type CampaignTask } from "./campaign-job.js";
import { QueueError } from "./queue-error.js";
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

interface Pending {
  readonly task: CampaignTask;
  readonly key: string;
  readonly resolve: (output: EvalOutput) => void;
  readonly reject: (error: Error) => void;
  /** The job existed before this coordinator asked for it. */
  existed: boolean;
  looked: boolean;
  busy: boolean;
  again: boolean;
}

const seconds = (ms: number): string => `${Math.round(ms / 1000)} s`;

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
  const patienceMs = options.patienceMs ?? 600_000;
  const report = options.onStatus ?? (() => {});
  const queue = new Queue<CampaignJobData, EvalOutput>(CAMPAIGN_QUEUE, { connection: link.connection() });
  const events = new QueueEvents(CAMPAIGN_QUEUE, { connection: link.connection() });
  // Connection trouble is reported by the link; without a listener an 'error' event would throw.
  queue.on("error", () => {});
  events.on("error", () => {});
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
  const workers = await queue.getWorkersCount();

  const pending = new Map<string, Pending>();
  const promises = new Map<string, Promise<EvalOutput>>();
  const finished = new Set<string>();
  const byWorker: Record<string, number> = {};
  const counts = { fromQueue: 0, recovered: 0, restarted: 0, local: 0 };
  let failure: QueueError | undefined;
  let lastAnswer = performance.now();
  let lastWorker = performance.now();
  let lastFinish = performance.now();
  let lastReport = performance.now();

  const jobData = (entry: Pending): CampaignJobData => ({ cxVersion, key: entry.key, task: entry.task });
  const add = (id: string, entry: Pending) => queue.add(entry.task.kind, jobData(entry), { jobId: id, attempts: 2, removeOnComplete: false, removeOnFail: false });

  const finish = (entry: Pending, job: Job<CampaignJobData, EvalOutput>, firstLook: boolean): void => {
    const id = job.id ?? "";
    const output = job.returnvalue as EvalOutput | null;
    pending.delete(id);
    if (output === null || typeof output !== "object" || output.kind !== entry.task.kind) {
      entry.reject(new Error(`job ${id} (${entry.key}) finished without a ${entry.task.kind} output: ${JSON.stringify(output)?.slice(0, 200)}`));
      return;
    }
    if (entry.existed && firstLook) counts.fromQueue++;
    if (job.stalledCounter > 0) counts.recovered++;
    if (job.attemptsStarted > 1) counts.restarted++;
    const by = job.processedBy ?? "unknown";
    byWorker[by] = (byWorker[by] ?? 0) + 1;
    finished.add(id);
    lastFinish = performance.now();
    entry.resolve(output);
  };

  const refuse = (id: string, entry: Pending, reason: string): void => {
    pending.delete(id);
    finished.add(id);
    if (reason.startsWith(REFUSED_PREFIX)) entry.reject(new QueueError(reason));
    // Workers that keep dying on a job (out of memory, killed) are the machines' trouble, not a bug in cx.
    else if (/stalled more than/i.test(reason)) entry.reject(new QueueError(`job ${id} (${entry.key}) was taken back from workers that stopped answering too many times (${reason}); look at the workers' logs and memory`));
    else entry.reject(new Error(`a worker failed on job ${id} (${entry.key}): ${reason}`));
  };

  /** Looks the job up and resolves, rejects, retries or re-adds it; a call during a lookup makes the lookup run again. */
  const settle = async (id: string): Promise<void> => {
    const entry = pending.get(id);
    if (entry === undefined) return;
    if (entry.busy) {
      entry.again = true;
      return;
    }
    entry.busy = true;
    try {
      do {
        entry.again = false;
        const firstLook = !entry.looked;
        const job = await Job.fromId<CampaignJobData, EvalOutput>(queue, id);
        lastAnswer = performance.now();
        entry.looked = true;
        if (job === undefined) {
          // Gone from Redis (restarted without persistence, or removed by hand): cut it again.
          await add(id, entry);
          continue;
        }
        if (job.finishedOn === undefined) continue;
        const state = await job.getState();
        if (state === "completed") finish(entry, job, firstLook);
        else if (state === "failed" && firstLook) await job.retry("failed");
        else if (state === "failed") refuse(id, entry, job.failedReason);
      } while (entry.again && pending.has(id));
    } catch {
      // Redis is away: the next poll looks again.
    } finally {
      entry.busy = false;
    }
  };

  events.on("completed", ({ jobId }) => void settle(jobId));
  events.on("failed", ({ jobId }) => void settle(jobId));

  const giveUp = (message: string): void => {
    failure = new QueueError(message);
    for (const [id, entry] of pending) {
      pending.delete(id);
      entry.reject(failure);
    }
  };

  let polling = false;
  const poll = async (): Promise<void> => {
    const now = performance.now();
    if (pending.size === 0) {
      lastWorker = now;
      lastAnswer = now;
    } else if (now - lastAnswer > patienceMs) {
      giveUp(`Redis at ${link.url.display} has not answered for ${seconds(now - lastAnswer)}, with ${pending.size} jobs of this campaign unfinished; run the campaign again once Redis is back (finished jobs are kept)`);
    } else if (now - lastWorker > patienceMs) {
      giveUp(`no cx worker has been connected to ${link.url.display} for ${seconds(now - lastWorker)}, with ${pending.size} jobs of this campaign unfinished: start one with  cx worker --queue ${link.url.display}`);
    }
    if (polling || pending.size === 0) return;
    polling = true;
    try {
      await Promise.all([...pending.keys()].map((id) => settle(id)));
      const [connected, jobCounts] = await Promise.all([queue.getWorkersCount(), queue.getJobCounts("active", "wait")]);
      lastAnswer = performance.now();
      if (connected > 0) lastWorker = lastAnswer;
      if (pending.size > 0 && lastAnswer - lastFinish >= (options.reportMs ?? 30_000) && lastAnswer - lastReport >= (options.reportMs ?? 30_000)) {
        lastReport = lastAnswer;
        report(`waiting for ${pending.size} jobs of this campaign (queue: ${jobCounts["active"] ?? 0} running, ${jobCounts["wait"] ?? 0} waiting); ${connected} worker${connected === 1 ? "" : "s"} connected to ${link.url.display}; nothing finished for ${seconds(lastAnswer - lastFinish)}`);
      }
    } catch {
      // Redis is away; the patience check above decides when to stop waiting.
    } finally {
      polling = false;
    }
  };
  const timer = setInterval(() => void poll(), options.pollMs ?? 2000);

  const submit = async (id: string, entry: Pending): Promise<void> => {
    const existing = await Job.fromId<CampaignJobData, EvalOutput>(queue, id);
    if (existing !== undefined && options.fresh === true && existing.finishedOn !== undefined) {
      await existing.remove();
      await add(id, entry);
    } else if (existing !== undefined) {
      entry.existed = true;
    } else {
      await add(id, entry);
    }
    await settle(id);
  };

  const runOnQueue = (task: CampaignTask): Promise<EvalOutput> => {
    const id = campaignJobId(task, cxVersion);
    const known = promises.get(id);
    if (known !== undefined) return known;
    const promise = new Promise<EvalOutput>((resolve, reject) => {
      if (failure !== undefined) return reject(failure);
      const entry: Pending = { task, key: taskKey(task), resolve, reject, existed: false, looked: false, busy: false, again: false };
      pending.set(id, entry);
      submit(id, entry).catch(() => {
        // Redis is away mid-submit: the poll looks the job up (and adds it if missing).
      });
    });
    promises.set(id, promise);
    return promise;
  };

  return {
    workers,
    run<T extends EvalTask>(task: T): Promise<OutputOf<T>> {
      if (isCampaignTask(task)) return runOnQueue(task) as Promise<OutputOf<T>>;
      counts.local++;
      return local.run(task);
    },
    stats: () => ({ jobs: promises.size, ...counts, byWorker: { ...byWorker } }),
    async forget() {
      const ids = [...finished];
      const removed = await Promise.all(ids.map((id) => queue.remove(id)));
      return removed.filter((n) => n > 0).length;
    },
    async destroy() {
      clearInterval(timer);
      for (const [id, entry] of pending) {
        pending.delete(id);
        entry.reject(new QueueError("the campaign's queue connection was closed with jobs unfinished"));
      }
      // Closing waits for Redis; a Redis that is gone must not keep the coordinator from exiting.
      let grace: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.allSettled([events.close(), queue.close()]), new Promise<void>((resolve) => (grace = setTimeout(resolve, 2000)))]);
      clearTimeout(grace);
    },
  };
}
