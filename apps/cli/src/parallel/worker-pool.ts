import { Worker } from "node:worker_threads";
import type { ChoicesSpec } from "@cx/search";
import type { HuntWorkerRequest, HuntWorkerSetup } from "./hunt-worker.js";
import { unpackOutcomes, type PackedOutcomes, type WorkerOutcome } from "./packed-outcomes.js";

/** Runs a thread is handed at a time: few, so a batch's runs spread evenly whatever their lengths; more than one, so messages stay few. */
const RUNS_PER_REQUEST = 2;

/** Worker threads that run batches of a hunt's proposed runs. */
export interface HuntWorkerPool {
  readonly workers: number;
  /** Runs the specs spread over the workers (`coverage[i]` false: that run leaves the probes out); outcomes in the order of `specs`. */
  runBatch(specs: readonly ChoicesSpec[], coverage: readonly boolean[]): Promise<WorkerOutcome[]>;
  close(): Promise<void>;
}

/** The worker module: the built file beside this one, or, from sources, an entry that registers tsx first. */
export function workerEntry(): { url: URL; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith(".ts")) return { url: new URL("./hunt-worker-source.mjs", here), execArgv: ["--conditions=@cx/source"] };
  return { url: new URL("./hunt-worker.js", here), execArgv: [] };
}

/**
 * Starts `workers` threads, each loading the protocol module once. A batch
 * is dealt a few runs at a time to whichever thread is free; the outcomes
 * are put back in batch order, so how the batch was dealt never shows in
 * the answer.
 *
 * @example
 * ```ts
 * const pool = startHuntWorkers(2, setup);
 * const outcomes = await pool.runBatch(specs);
 * await pool.close();
 * ```
 */
export function startHuntWorkers(workers: number, setup: HuntWorkerSetup): HuntWorkerPool {
  const entry = workerEntry();
  const threads = Array.from({ length: workers }, () => new Worker(entry.url, { workerData: setup, execArgv: entry.execArgv }));
  let nextId = 0;
  const failed: { error: unknown } = { error: undefined };
  for (const thread of threads) thread.on("error", (error) => (failed.error ??= error));
  const ask = (thread: Worker, runs: HuntWorkerRequest["runs"][number][]): Promise<WorkerOutcome[]> =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (reply: { id: number; packed: PackedOutcomes }): void => {
        if (reply.id !== id) return;
        thread.off("message", onMessage);
        thread.off("error", onError);
        resolve(unpackOutcomes(reply.packed));
      };
      const onError = (error: unknown): void => {
        thread.off("message", onMessage);
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      thread.on("message", onMessage);
      thread.once("error", onError);
      thread.postMessage({ id, runs });
    });
  return {
    workers,
    async runBatch(specs, coverage) {
      if (failed.error !== undefined) throw failed.error instanceof Error ? failed.error : new Error(String(failed.error));
      const outcomes: WorkerOutcome[] = new Array<WorkerOutcome>(specs.length);
      let next = 0;
      // Each thread takes the next few runs whenever it is free: runs differ in length, and a batch waits for its slowest thread.
      const drain = async (thread: Worker): Promise<void> => {
        while (next < specs.length) {
          const runs: HuntWorkerRequest["runs"][number][] = [];
          for (; runs.length < RUNS_PER_REQUEST && next < specs.length; next++) runs.push({ index: next, spec: specs[next] as ChoicesSpec, coverage: coverage[next] ?? true });
          for (const outcome of await ask(thread, runs)) outcomes[outcome.index] = outcome;
        }
      };
      // Two requests in hand per thread: while the main thread is busy (observing a batch, proposing the next), a thread still has runs queued.
      await Promise.all(threads.flatMap((thread) => [drain(thread), drain(thread)]));
      return outcomes;
    },
    async close() {
      await Promise.all(threads.map((thread) => thread.terminate()));
    },
  };
}
