import { createTaskPool } from "@cx/eval";
import { connectRedis, createCampaignPool, isQueueError, parseQueueUrl, type CampaignStats, type QueueUrl, type RedisLink } from "@cx/eval/queue";
import type { ExitCode } from "../exit-codes.js";
import { UserError } from "../user-error.js";
import { cxVersion } from "../version.js";
import { runBench, type BenchCommandOptions, type BenchReport } from "./bench.js";

/** How `cx campaign` reaches its queue, beside the flags it shares with `cx bench`. */
export interface CampaignQueueOptions {
  /** The Redis URL (`--queue`). */
  readonly queue: string;
  /** Give up when no worker or no Redis for this long (default 600 s). */
  readonly patienceSeconds?: number;
  /** How often outstanding jobs are looked up (default 2 s; tests use less). */
  readonly pollMs?: number;
  /** Where status lines go (default: stderr). */
  readonly onStatus?: (line: string) => void;
}

/** What `cx campaign --json` prints: `cx bench`'s report and where the jobs came from. */
export interface CampaignReport extends BenchReport {
  readonly campaign: CampaignStats & { readonly queue: string; readonly removedJobs: number };
}

/** The queue URL, checked (a bad one is a user error naming --queue). */
export function checkQueueUrl(text: string): QueueUrl {
  try {
    return parseQueueUrl(text);
  } catch (error) {
    if (isQueueError(error)) throw new UserError(`--queue: ${error.message}`);
    throw error;
  }
}

/** Connects to the queue's Redis; an unreachable one is a user error (exit 2) with the reason. */
export async function connectQueue(text: string, onStatus: (line: string) => void): Promise<RedisLink> {
  const url = checkQueueUrl(text);
  try {
    return await connectRedis(url, { onEvent: (event) => onStatus(event.kind === "lost" ? `lost Redis at ${url.display} (${event.error}); reconnecting` : `Redis at ${url.display} is back`) });
  } catch (error) {
    if (isQueueError(error)) throw new UserError(`--queue: ${error.message}`);
    throw error;
  }
}

function describeStats(stats: CampaignStats, queue: string, removed: number): string {
  const workers = Object.entries(stats.byWorker)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, n]) => `${name} ${n}`)
    .join(", ");
  const resumed = stats.fromQueue > 0 ? `, ${stats.fromQueue} already finished in the queue` : "";
  const recovered = stats.recovered > 0 || stats.restarted > 0 ? `; ${stats.recovered} taken over from a worker that went silent, ${stats.restarted} started more than once (each counted once)` : "";
  return `campaign on ${queue}: ${stats.jobs} jobs${resumed}${recovered}; by worker: ${workers || "none"}; ${removed} finished jobs removed from Redis`;
}

/**
 * `cx campaign`: `cx bench` with its hunts and shrinks run as jobs on the
 * Redis queue `queue`, by `cx worker`s anywhere; the corpus, throughput and
 * speed-up are measured here. Writes the same results.json, summary.md and
 * schema as `cx bench`. Exit codes as `cx bench`; 2 as well for a bad or
 * unreachable queue, a worker that refused a job (another cx version, a
 * protocol it lacks), or patience run out.
 */
export async function runCampaign(bench: Omit<BenchCommandOptions, "pool">, options: CampaignQueueOptions): Promise<{ exitCode: ExitCode; report: CampaignReport; text: string }> {
  const onStatus = options.onStatus ?? ((line: string) => process.stderr.write(`cx campaign: ${line}\n`));
  const link = await connectQueue(options.queue, onStatus);
  const local = createTaskPool({ workers: bench.workers ?? 1 });
  try {
    const pool = await createCampaignPool({
      link,
      cxVersion,
      local,
      onStatus,
      ...(bench.fresh === true ? { fresh: true } : {}),
      ...(options.patienceSeconds === undefined ? {} : { patienceMs: options.patienceSeconds * 1000 }),
      ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    });
    try {
      const { exitCode, report, results, text } = await runBench({ ...bench, pool });
      const removed = results.complete ? await pool.forget() : 0;
      const stats = pool.stats();
      return {
        exitCode,
        report: { ...report, campaign: { ...stats, queue: link.url.display, removedJobs: removed } },
        text: `${text}\n${describeStats(stats, link.url.display, removed)}`,
      };
    } catch (error) {
      if (isQueueError(error)) throw new UserError(error.message);
      throw error;
    } finally {
      await pool.destroy();
    }
  } finally {
    await local.destroy();
    await link.close();
  }
}
