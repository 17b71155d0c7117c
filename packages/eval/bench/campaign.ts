// What the queue costs: a fixed quick campaign (every built-in protocol;
// trust, trials and shrinks; no corpus and no speed-up, which stay on the
// coordinator anyway) run three ways on this machine, in one run, each
// with two worker threads in all and everything warmed up first:
//   local     the in-process pool of runExperiment, 2 threads
//   redis 1x2 one queue worker process with 2 threads
//   redis 2x1 two queue worker processes with 1 thread each
// and Redis's overhead per job (short hunts through the queue against
// the in-process pool, one thread each). Starts its own redis-server on a
// free port (Debian's redis-server must be installed) and stops it.
//   --rounds N   interleaved repetitions, the best of each is reported (default 1)
//   --jobs N     short hunts for the per-job overhead (default 200)
//   --out FILE   the figures as JSON
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { isDeepStrictEqual } from "node:util";
import { builtinProtocols } from "@cx/protocols";
import { createTaskPool, deterministicView, evalVersion, protocolRef, quickExperiment, runExperiment, type ExperimentConfig, type HuntTask, type TaskPool } from "../src/index.js";
import { connectRedis, createCampaignPool, parseQueueUrl, startLocalRedis, type CampaignPool, type RedisLink } from "../src/queue/index.js";

const valueOf = (flag: string, fallback: number): number => {
  const i = process.argv.indexOf(flag);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const rounds = valueOf("--rounds", 1);
const overheadJobs = valueOf("--jobs", 200);
const outIndex = process.argv.indexOf("--out");
const outFile = outIndex < 0 ? undefined : process.argv[outIndex + 1];

const config: ExperimentConfig = { ...quickExperiment, corpusBudgetSteps: null, speedupTasks: 0, throughputRuns: 5, throughputBatches: 1 };
const protocols = builtinProtocols;
const plugins = protocols.map((p) => p.plugin);
const first = protocolRef(protocols[0] as (typeof protocols)[number]);
const load = (): string => loadavg().map((n) => n.toFixed(2)).join(" ");

/** Hunts that are not part of the campaign (other seeds), to warm threads and measure per-job cost. */
const hunts = (count: number, firstSeed: number, budget: number): HuntTask[] =>
  Array.from({ length: count }, (_, i) => ({ kind: "hunt", ...first, bugs: [], strategy: "random", seed: firstSeed + i, budget }));

function startWorkerProcess(url: string, threads: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--conditions=@cx/source", "--import", "tsx", new URL("./queue-worker-process.ts", import.meta.url).pathname, url, String(threads)], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString("utf8").includes("ready")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`worker process exited with ${code} before it was ready`)));
  });
}

async function stopWorkers(children: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
}

async function timeCampaign(pool: TaskPool): Promise<{ ms: number; view: unknown }> {
  // Warm every thread (start-up, module loading, JIT) before the clock starts.
  await Promise.all(hunts(8, 700_000, 30).map((t) => pool.run(t)));
  const started = performance.now();
  const results = await runExperiment({ config, protocols, outDir: null, corpusDir: null, pool, mode: "quick" });
  return { ms: performance.now() - started, view: deterministicView(results) };
}

async function onQueue<T>(link: RedisLink, { processes, threads }: { processes: number; threads: number }, measure: (pool: CampaignPool) => Promise<T>): Promise<T> {
  const workers = await Promise.all(Array.from({ length: processes }, () => startWorkerProcess(link.url.href, threads)));
  const local = createTaskPool({ workers: 0 });
  const pool = await createCampaignPool({ link, cxVersion: evalVersion, local, pollMs: 500 });
  try {
    return await measure(pool);
  } finally {
    await pool.forget();
    await pool.destroy();
    await stopWorkers(workers);
  }
}

async function onLocal<T>(threads: number, measure: (pool: TaskPool) => Promise<T>): Promise<T> {
  const pool = createTaskPool({ workers: threads, plugins });
  try {
    return await measure(pool);
  } finally {
    await pool.destroy();
  }
}

/** Short hunts all at once (throughput) and one at a time (latency), in ms per job: best of 3 interleaved repetitions after a warm-up. */
async function perJob(pool: TaskPool, firstSeed: number): Promise<{ pipelinedMs: number; sequentialMs: number }> {
  await Promise.all(hunts(60, firstSeed - 1000, 1).map((t) => pool.run(t)));
  const pipelined: number[] = [];
  const sequential: number[] = [];
  let seed = firstSeed;
  for (let rep = 0; rep < 3; rep++) {
    const batch = hunts(overheadJobs, seed, 1);
    seed += overheadJobs;
    let started = performance.now();
    await Promise.all(batch.map((t) => pool.run(t)));
    pipelined.push((performance.now() - started) / batch.length);
    const oneByOne = hunts(Math.ceil(overheadJobs / 4), seed, 1);
    seed += oneByOne.length;
    started = performance.now();
    for (const task of oneByOne) await pool.run(task);
    sequential.push((performance.now() - started) / oneByOne.length);
  }
  return { pipelinedMs: Math.min(...pipelined), sequentialMs: Math.min(...sequential) };
}

const redis = await startLocalRedis();
const link = await connectRedis(parseQueueUrl(redis.url));
const loadBefore = load();
const times: Record<"local" | "redis1x2" | "redis2x1", number[]> = { local: [], redis1x2: [], redis2x1: [] };
const views: unknown[] = [];
let overhead: { local: { pipelinedMs: number; sequentialMs: number }; redis: { pipelinedMs: number; sequentialMs: number } } | undefined;
let jobs = 0;
try {
  for (let round = 0; round < rounds; round++) {
    const local = await onLocal(2, timeCampaign);
    times.local.push(local.ms);
    views.push(local.view);
    console.log(`round ${round + 1}: local pool 2 threads ${(local.ms / 1000).toFixed(1)} s (load ${load()})`);
    const one = await onQueue(link, { processes: 1, threads: 2 }, async (pool) => {
      const timed = await timeCampaign(pool);
      jobs = pool.stats().jobs - 8;
      return timed;
    });
    times.redis1x2.push(one.ms);
    views.push(one.view);
    console.log(`round ${round + 1}: redis, 1 worker process x 2 threads ${(one.ms / 1000).toFixed(1)} s (load ${load()})`);
    const two = await onQueue(link, { processes: 2, threads: 1 }, timeCampaign);
    times.redis2x1.push(two.ms);
    views.push(two.view);
    console.log(`round ${round + 1}: redis, 2 worker processes x 1 thread ${(two.ms / 1000).toFixed(1)} s (load ${load()})`);
  }
  const seed = 800_000;
  const localJob = await onLocal(1, (pool) => perJob(pool, seed));
  const redisJob = await onQueue(link, { processes: 1, threads: 1 }, (pool) => perJob(pool, seed));
  overhead = { local: localJob, redis: redisJob };
} finally {
  await link.close();
  await redis.stop();
}

const best = (list: readonly number[]): number => Math.min(...list);
const identical = views.every((v) => isDeepStrictEqual(v, views[0]));
const figures = {
  config: "quick, every built-in protocol, no corpus, no speed-up",
  jobs,
  rounds,
  localMs: best(times.local),
  redis1x2Ms: best(times.redis1x2),
  redis2x1Ms: best(times.redis2x1),
  ratio1x2: best(times.redis1x2) / best(times.local),
  ratio2x1: best(times.redis2x1) / best(times.local),
  identical,
  perJob: overhead,
  perJobOverheadMs: overhead === undefined ? null : overhead.redis.pipelinedMs - overhead.local.pipelinedMs,
  perJobLatencyOverheadMs: overhead === undefined ? null : overhead.redis.sequentialMs - overhead.local.sequentialMs,
  loadBefore,
  loadAfter: load(),
};
console.log(`campaign of ${jobs} jobs (${figures.config}), best of ${rounds}:`);
console.log(`  in-process pool, 2 threads:          ${(figures.localMs / 1000).toFixed(1)} s`);
console.log(`  redis, 1 worker process x 2 threads: ${(figures.redis1x2Ms / 1000).toFixed(1)} s (${figures.ratio1x2.toFixed(2)}x the in-process time)`);
console.log(`  redis, 2 worker processes x 1 thread: ${(figures.redis2x1Ms / 1000).toFixed(1)} s (${figures.ratio2x1.toFixed(2)}x)`);
console.log(`  results ${identical ? "identical" : "DIFFERENT"} (deterministic view) in every mode and round`);
if (overhead !== undefined) {
  console.log(`per job (${overheadJobs} hunts of 1 run at once, ${Math.ceil(overheadJobs / 4)} one at a time, 1 thread, best of 3): in-process ${overhead.local.pipelinedMs.toFixed(2)} ms, redis ${overhead.redis.pipelinedMs.toFixed(2)} ms all at once; one at a time ${overhead.local.sequentialMs.toFixed(2)} vs ${overhead.redis.sequentialMs.toFixed(2)} ms`);
}
console.log(`load average (1, 5, 15 min) before ${loadBefore}, after ${figures.loadAfter}`);
if (outFile !== undefined) writeFileSync(outFile, `${JSON.stringify(figures, null, 2)}\n`);
if (!identical) process.exitCode = 1;
