import { performance } from "node:perf_hooks";
import type { ExperimentConfig } from "./experiment-config.js";
import { protocolRef, type ExperimentProtocol } from "./experiment-protocol.js";
import type { SpeedupResults } from "./results.js";
import { createTaskPool, type TaskPool } from "./task-pool.js";
import type { BatchTask } from "./tasks.js";

/** Times `tasks` on a pool whose workers the caller has warmed. */
async function timeOn(pool: TaskPool, tasks: readonly BatchTask[]): Promise<{ ms: number; cpuMs: number; digests: number[] }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const outputs = await Promise.all(tasks.map((task) => pool.run(task)));
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, digests: outputs.map((o) => o.digest) };
}

const SPEEDUP_REPETITIONS = 2;
/**
 * Warm-up before each speed-up measurement: rounds of one batch per worker,
 * each as long as a timed task and at least SPEEDUP_WARMUP_RUNS_MIN runs.
 * Three rounds of 150 runs were not enough: timed on 16 tasks of 60 runs
 * (a third of a second), two workers were 1.14 to 1.3 times one, because a
 * worker was still compiling on the core the other one needed; warmed with
 * three tasks' worth and timed on 16 tasks of 600 runs, 1.74 to 1.90 times.
 */
const SPEEDUP_WARMUP_ROUNDS = 3;
const SPEEDUP_WARMUP_RUNS_MIN = 150;

/**
 * The speed-up of 2 workers over 1 on the same fixed batches of runs of
 * one protocol (no defect), with fresh pools warmed to steady state, best of
 * interleaved repetitions; the results of every repetition must agree.
 *
 * When to use: by `runExperiment`, once, on its first protocol.
 *
 * @example
 * ```ts
 * const s = await measureSpeedup({ config, protocol, onProgress: () => {} });
 * s.speedup; // about 1.9 on two idle cores
 * ```
 */
export async function measureSpeedup(options: {
  readonly config: ExperimentConfig;
  readonly protocol: ExperimentProtocol;
  readonly onProgress: (done: number, total: number) => void;
}): Promise<SpeedupResults> {
  const { config, onProgress } = options;
  const ref = protocolRef(options.protocol);
  const tasks: BatchTask[] = Array.from({ length: config.speedupTasks }, (_, i) => ({ kind: "batch", ...ref, firstSeed: 20_000 + i * config.speedupRunsPerTask, runs: config.speedupRunsPerTask }));
  const measure = async (workers: number) => {
    const pool = createTaskPool({ workers, plugins: [options.protocol.plugin] });
    try {
      // Each measurement starts fresh workers, and a cold worker runs a protocol about ten times slower
      // until the JIT has compiled it: with a few warm-up runs the timed work (quick: 200 runs in all)
      // was mostly compilation, whose background threads take the second core from the second worker.
      // Warm every worker to steady state first, in rounds, so a worker that came online late has loaded too.
      const runs = Math.max(SPEEDUP_WARMUP_RUNS_MIN, config.speedupRunsPerTask);
      const threads = Math.max(1, workers);
      for (let round = 0; round < SPEEDUP_WARMUP_ROUNDS; round++) {
        await Promise.all(Array.from({ length: threads }, (_, i) => pool.run({ kind: "batch", ...ref, firstSeed: 800_000 + (round * threads + i) * runs, runs })));
      }
      return await timeOn(pool, tasks);
    } finally {
      await pool.destroy();
    }
  };
  // Interleaved repetitions, best of each: other work on the machine only ever adds time.
  type Timing = Awaited<ReturnType<typeof timeOn>>;
  const ones: Timing[] = [];
  const twos: Timing[] = [];
  const total = SPEEDUP_REPETITIONS * 2;
  onProgress(0, total);
  for (let r = 0; r < SPEEDUP_REPETITIONS; r++) {
    ones.push(await measure(1));
    onProgress(2 * r + 1, total);
    twos.push(await measure(2));
    onProgress(2 * r + 2, total);
  }
  const best = (list: readonly Timing[]): Timing => list.reduce((a, b) => (b.ms < a.ms ? b : a));
  const one = best(ones);
  const two = best(twos);
  const oneWorkerMs = one.ms;
  const twoWorkersMs = two.ms;
  const reference = ones[0]?.digests.join(",");
  return {
    protocol: ref.protocol,
    tasks: tasks.length,
    runsPerTask: config.speedupRunsPerTask,
    oneWorkerMs,
    twoWorkersMs,
    speedup: oneWorkerMs / twoWorkersMs,
    twoWorkersCores: two.cpuMs / two.ms,
    identical: [...ones, ...twos].every((o) => o.digests.join(",") === reference),
  };
}
