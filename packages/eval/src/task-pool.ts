import { availableParallelism } from "node:os";
import type { ProtocolPlugin } from "@cx/sim";
import { Tinypool } from "tinypool";
import { runTask } from "./run-task.js";
import type { EvalTask, OutputOf } from "./tasks.js";

/** Runs experiment tasks on worker threads (or inline). */
export interface TaskPool {
  /** Worker threads (0: tasks run inline on the calling thread). */
  readonly workers: number;
  run<T extends EvalTask>(task: T): Promise<OutputOf<T>>;
  destroy(): Promise<void>;
}

/**
 * Where the worker module is, in the two ways this package is loaded:
 * from TypeScript sources (tests, the CLI under tsx) a `.mjs` entry that
 * registers tsx first; from the built package, the compiled worker beside
 * this file.
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith(".ts")) return { filename: new URL("./worker-source.mjs", here).href, execArgv: ["--conditions=@cx/source"] };
  return { filename: new URL(here.endsWith(".cjs") ? "./worker.cjs" : "./worker.js", here).href, execArgv: [] };
}

/**
 * A pool of `workers` threads running {@link runTask}; `workers: 0` runs
 * every task inline, one at a time, on `plugins`. Worker threads import
 * each task's protocol from its `module` URL instead (once per thread).
 *
 * When to use: by `runExperiment`; directly to fan out tasks of your own.
 *
 * Gotchas: call `destroy()` when done or the process stays alive. Results do
 * not depend on the number of workers; only wall times do.
 *
 * @example
 * ```ts
 * const pool = createTaskPool({ workers: 2, plugins: [protocolPlugin] });
 * const out = await pool.run({ kind: "batch", protocol: "raft", module: raftModule, firstSeed: 1, runs: 10 });
 * await pool.destroy();
 * ```
 */
export function createTaskPool(options: { readonly workers?: number; readonly plugins?: readonly ProtocolPlugin[] } = {}): TaskPool {
  const workers = Math.max(0, Math.floor(options.workers ?? defaultWorkers()));
  if (workers === 0) {
    return {
      workers,
      run: <T extends EvalTask>(task: T) => Promise.resolve().then(() => runTask(task, options.plugins ?? [])),
      destroy: () => Promise.resolve(),
    };
  }
  const entry = workerEntry();
  const pool = new Tinypool({
    filename: entry.filename,
    name: "runEvalTask",
    minThreads: workers,
    maxThreads: workers,
    execArgv: entry.execArgv,
    isolateWorkers: false,
  });
  return {
    workers,
    run: <T extends EvalTask>(task: T) => pool.run(task) as Promise<OutputOf<T>>,
    destroy: () => pool.destroy(),
  };
}

/** One worker per core. */
export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}
