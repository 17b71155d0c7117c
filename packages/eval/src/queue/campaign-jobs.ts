import { performance } from "node:perf_hooks";
import { Job, type Queue } from "bullmq";
import { taskKey, type EvalOutput } from "../tasks.js";
import { REFUSED_PREFIX, campaignJobId, type CampaignJobData, type CampaignTask } from "./campaign-job.js";
import { QueueError } from "./queue-error.js";
import type { RedisLink } from "./redis-link.js";

/** What {@link CampaignJobs} needs: the queue and the pool's options, defaults applied. */
export interface CampaignJobsOptions {
  readonly queue: Queue<CampaignJobData, EvalOutput>;
  readonly link: RedisLink;
  readonly cxVersion: string;
  /** Remove a finished job before using it. */
  readonly fresh: boolean;
  readonly patienceMs: number;
  readonly reportMs: number;
  readonly report: (line: string) => void;
}

/** Where the finished jobs' results came from (the queue's side of `CampaignStats`). */
export interface CampaignJobCounts {
  fromQueue: number;
  recovered: number;
  restarted: number;
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
 * The jobs one coordinator waits for: each task's job added (or found) on
 * the queue, looked up when an event says it finished and on every poll,
 * and its promise settled once. Also the patience: with jobs outstanding
 * and no worker or no Redis for too long, every outstanding task rejects.
 */
export class CampaignJobs {
  /** Finished jobs that were used, whatever their results. */
  readonly finished = new Set<string>();
  readonly byWorker: Record<string, number> = {};
  readonly counts: CampaignJobCounts = { fromQueue: 0, recovered: 0, restarted: 0 };
  private readonly pending = new Map<string, Pending>();
  private readonly promises = new Map<string, Promise<EvalOutput>>();
  private failure: QueueError | undefined;
  private polling = false;
  private lastAnswer = performance.now();
  private lastWorker = performance.now();
  private lastFinish = performance.now();
  private lastReport = performance.now();

  constructor(private readonly options: CampaignJobsOptions) {}

  /** Distinct jobs asked for. */
  get asked(): number {
    return this.promises.size;
  }

  /** The output of the task's job, asked for once however often the task is. */
  run(task: CampaignTask): Promise<EvalOutput> {
    const id = campaignJobId(task, this.options.cxVersion);
    const known = this.promises.get(id);
    if (known !== undefined) return known;
    const promise = new Promise<EvalOutput>((resolve, reject) => {
      if (this.failure !== undefined) return reject(this.failure);
      const entry: Pending = { task, key: taskKey(task), resolve, reject, existed: false, looked: false, busy: false, again: false };
      this.pending.set(id, entry);
      this.submit(id, entry).catch(() => {
        // Redis is away mid-submit: the poll looks the job up (and adds it if missing).
      });
    });
    this.promises.set(id, promise);
    return promise;
  }

  /** Looks the job up and resolves, rejects, retries or re-adds it; a call during a lookup makes the lookup run again. */
  async settle(id: string): Promise<void> {
    const entry = this.pending.get(id);
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
        const job = await Job.fromId<CampaignJobData, EvalOutput>(this.options.queue, id);
        this.lastAnswer = performance.now();
        entry.looked = true;
        if (job === undefined) {
          // Gone from Redis (restarted without persistence, or removed by hand): cut it again.
          await this.add(id, entry);
          continue;
        }
        if (job.finishedOn === undefined) continue;
        const state = await job.getState();
        if (state === "completed") this.finish(entry, job, firstLook);
        else if (state === "failed" && firstLook) await job.retry("failed");
        else if (state === "failed") this.refuse(id, entry, job.failedReason);
      } while (entry.again && this.pending.has(id));
    } catch {
      // Redis is away: the next poll looks again.
    } finally {
      entry.busy = false;
    }
  }

  /** Checks the patience, then looks up every outstanding job and reports while nothing finishes. */
  async poll(): Promise<void> {
    this.checkPatience(performance.now());
    if (this.polling || this.pending.size === 0) return;
    this.polling = true;
    const { queue, link, reportMs, report } = this.options;
    try {
      await Promise.all([...this.pending.keys()].map((id) => this.settle(id)));
      const [connected, jobCounts] = await Promise.all([queue.getWorkersCount(), queue.getJobCounts("active", "wait")]);
      this.lastAnswer = performance.now();
      if (connected > 0) this.lastWorker = this.lastAnswer;
      if (this.pending.size > 0 && this.lastAnswer - this.lastFinish >= reportMs && this.lastAnswer - this.lastReport >= reportMs) {
        this.lastReport = this.lastAnswer;
        report(`waiting for ${this.pending.size} jobs of this campaign (queue: ${jobCounts["active"] ?? 0} running, ${jobCounts["wait"] ?? 0} waiting); ${connected} worker${connected === 1 ? "" : "s"} connected to ${link.url.display}; nothing finished for ${seconds(this.lastAnswer - this.lastFinish)}`);
      }
    } catch {
      // Redis is away; the patience check above decides when to stop waiting.
    } finally {
      this.polling = false;
    }
  }

  /** Rejects every outstanding task, each with a QueueError of its own saying `message`. */
  abandon(message: string): void {
    this.rejectPending(() => new QueueError(message));
  }

  /** Removes the finished jobs from the queue; returns how many were there. */
  async forget(): Promise<number> {
    const ids = [...this.finished];
    const removed = await Promise.all(ids.map((id) => this.options.queue.remove(id)));
    return removed.filter((n) => n > 0).length;
  }

  private checkPatience(now: number): void {
    const { link, patienceMs } = this.options;
    const pending = this.pending.size;
    if (pending === 0) {
      this.lastWorker = now;
      this.lastAnswer = now;
    } else if (now - this.lastAnswer > patienceMs) {
      this.giveUp(`Redis at ${link.url.display} has not answered for ${seconds(now - this.lastAnswer)}, with ${pending} jobs of this campaign unfinished; run the campaign again once Redis is back (finished jobs are kept)`);
    } else if (now - this.lastWorker > patienceMs) {
      this.giveUp(`no cx worker has been connected to ${link.url.display} for ${seconds(now - this.lastWorker)}, with ${pending} jobs of this campaign unfinished: start one with  cx worker --queue ${link.url.display}`);
    }
  }

  /** Rejects every outstanding task, and every task asked for from now on, with one QueueError. */
  private giveUp(message: string): void {
    const failure = new QueueError(message);
    this.failure = failure;
    this.rejectPending(() => failure);
  }

  private rejectPending(errorFor: () => Error): void {
    for (const [id, entry] of this.pending) {
      this.pending.delete(id);
      entry.reject(errorFor());
    }
  }

  private add(id: string, entry: Pending): Promise<Job<CampaignJobData, EvalOutput>> {
    const data: CampaignJobData = { cxVersion: this.options.cxVersion, key: entry.key, task: entry.task };
    return this.options.queue.add(entry.task.kind, data, { jobId: id, attempts: 2, removeOnComplete: false, removeOnFail: false });
  }

  private async submit(id: string, entry: Pending): Promise<void> {
    const existing = await Job.fromId<CampaignJobData, EvalOutput>(this.options.queue, id);
    if (existing !== undefined && this.options.fresh && existing.finishedOn !== undefined) {
      await existing.remove();
      await this.add(id, entry);
    } else if (existing !== undefined) {
      entry.existed = true;
    } else {
      await this.add(id, entry);
    }
    await this.settle(id);
  }

  private finish(entry: Pending, job: Job<CampaignJobData, EvalOutput>, firstLook: boolean): void {
    const id = job.id ?? "";
    const output = job.returnvalue as EvalOutput | null;
    this.pending.delete(id);
    if (output === null || typeof output !== "object" || output.kind !== entry.task.kind) {
      entry.reject(new Error(`job ${id} (${entry.key}) finished without a ${entry.task.kind} output: ${JSON.stringify(output)?.slice(0, 200)}`));
      return;
    }
    if (entry.existed && firstLook) this.counts.fromQueue++;
    if (job.stalledCounter > 0) this.counts.recovered++;
    if (job.attemptsStarted > 1) this.counts.restarted++;
    const by = job.processedBy ?? "unknown";
    this.byWorker[by] = (this.byWorker[by] ?? 0) + 1;
    this.finished.add(id);
    this.lastFinish = performance.now();
    entry.resolve(output);
  }

  private refuse(id: string, entry: Pending, reason: string): void {
    this.pending.delete(id);
    this.finished.add(id);
    if (reason.startsWith(REFUSED_PREFIX)) entry.reject(new QueueError(reason));
    // Workers that keep dying on a job (out of memory, killed) are the machines' trouble, not a bug in cx.
    else if (/stalled more than/i.test(reason)) entry.reject(new QueueError(`job ${id} (${entry.key}) was taken back from workers that stopped answering too many times (${reason}); look at the workers' logs and memory`));
    else entry.reject(new Error(`a worker failed on job ${id} (${entry.key}): ${reason}`));
  }
}
