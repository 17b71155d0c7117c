// Workers: how much faster two worker threads are than one, in steady state,
// on the experiment's two kinds of task: fixed batches of runs (the
// experiment's own speed-up measurement) and whole hunt campaigns (cx hunt's
// world and default strategy). Each measurement starts fresh pools, warms
// every worker first, and interleaves 1, 2, 1, 2 workers (best of each);
// the results must be identical on both.
//   --protocols a,b   default raft,paxos
//   --campaigns N     hunt campaigns per measurement (default 4)
//   --budget N        runs per campaign (default 4000)
//   --out FILE        also write the figures as JSON
import { performance } from "node:perf_hooks";
import { resolve } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { loadProtocol } from "@cx/protocols";
import { huntScenarioOverrides } from "@cx/sim";
import { createTaskPool, describeMachine, fullExperiment, measureSpeedup, protocolRef, type HuntTask } from "../src/index.js";

const valueOf = (flag: string): string | undefined => {
  const i = process.argv.indexOf(flag);
  return i < 0 ? undefined : process.argv[i + 1];
};
const protocols = (valueOf("--protocols") ?? "raft,paxos").split(",");
const campaigns = Number(valueOf("--campaigns") ?? 4);
const budget = Number(valueOf("--budget") ?? 4000);

/** Whole hunt campaigns of the correct protocol on `workers` threads: the wall time, and every campaign's answer. */
async function huntCampaigns(ref: ReturnType<typeof protocolRef>, workers: number): Promise<{ ms: number; answers: string }> {
  const pool = createTaskPool({ workers });
  const task = (seed: number, runs: number): HuntTask => ({ kind: "hunt", ...ref, bugs: [], strategy: "portfolio", seed, budget: runs, scenario: huntScenarioOverrides });
  try {
    // Warm every worker with a campaign of its own before the clock starts.
    await Promise.all(Array.from({ length: workers }, (_, i) => pool.run(task(100_000 + i, Math.ceil(budget / 2)))));
    const started = performance.now();
    const outputs = await Promise.all(Array.from({ length: campaigns }, (_, i) => pool.run(task(i + 1, budget))));
    return { ms: performance.now() - started, answers: JSON.stringify(outputs.map((o) => [o.trials, o.found, o.events])) };
  } finally {
    await pool.destroy();
  }
}

const rows = [];
for (const name of protocols) {
  const protocol = await loadProtocol(name, process.cwd());
  const batches = await measureSpeedup({ config: fullExperiment, protocol: { plugin: protocol.plugin, module: protocol.module }, onProgress: () => undefined });
  const ref = protocolRef(protocol);
  const timings = { 1: [] as number[], 2: [] as number[] };
  const answers = new Set<string>();
  for (const workers of [1, 2, 1, 2] as const) {
    const t = await huntCampaigns(ref, workers);
    timings[workers].push(t.ms);
    answers.add(t.answers);
  }
  const one = Math.min(...timings[1]);
  const two = Math.min(...timings[2]);
  const row = {
    protocol: name,
    batches: { tasks: batches.tasks, runsPerTask: batches.runsPerTask, oneWorkerMs: Math.round(batches.oneWorkerMs), twoWorkersMs: Math.round(batches.twoWorkersMs), speedup: Number(batches.speedup.toFixed(2)), identical: batches.identical },
    hunts: { campaigns, budget, oneWorkerMs: Math.round(one), twoWorkersMs: Math.round(two), speedup: Number((one / two).toFixed(2)), identical: answers.size === 1 },
  };
  rows.push(row);
  console.log(`${name}: batches of runs ${row.batches.speedup}x (${row.batches.oneWorkerMs} ms on one worker, ${row.batches.twoWorkersMs} ms on two), hunt campaigns ${row.hunts.speedup}x (${row.hunts.oneWorkerMs} ms, ${row.hunts.twoWorkersMs} ms); results identical: ${row.batches.identical && row.hunts.identical}`);
}
const out = valueOf("--out");
if (out !== undefined) writeFileAtomic.sync(resolve(out), `${JSON.stringify({ benchmark: "workers", machine: describeMachine(), rows }, null, 2)}\n`);
