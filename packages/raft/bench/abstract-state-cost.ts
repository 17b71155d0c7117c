/**
 * What the abstract state costs on the hot path: runs per CPU second of Raft in
 * `cx hunt`'s scenario with the coverage probe only, and with the coverage
 * probe plus the abstract state (what the plug-in runs now), interleaved
 * batch by batch in one process over the same seeds, median over batches.
 *
 *   pnpm --filter @cx/raft exec tsx --conditions=@cx/source bench/abstract-state-cost.ts [batches] [runs per batch]
 */
import { GeneratedChoices, huntScenarioOverrides, registerWorkload, runScenario } from "@cx/sim";
import { createRaftMonitor, createRaftProtocol, raftAbstractState, raftCoverage } from "../src/index.js";

const batches = Number(process.argv[2] ?? 7);
const runs = Number(process.argv[3] ?? 300);
const protocol = createRaftProtocol();
const options = huntScenarioOverrides;
const arms = {
  "coverage only": (seed: number) => runScenario({ protocol, workload: registerWorkload, choices: new GeneratedChoices(seed), options, monitors: [createRaftMonitor()], coverage: raftCoverage }),
  "coverage + abstract state": (seed: number) =>
    runScenario({ protocol, workload: registerWorkload, choices: new GeneratedChoices(seed), options, monitors: [createRaftMonitor()], coverage: raftCoverage, abstractState: raftAbstractState }),
};
const rates: Record<string, number[]> = {};
for (let b = 0; b < batches; b++) {
  for (const [name, run] of Object.entries(arms)) {
    // CPU time of this process, not wall time: on a shared machine the wall clock mostly measures the neighbours.
    const started = process.cpuUsage();
    for (let i = 0; i < runs; i++) run(10_000 + b * runs + i);
    const used = process.cpuUsage(started);
    (rates[name] ??= []).push((runs * 1e6) / (used.user + used.system));
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
for (const [name, xs] of Object.entries(rates)) console.log(`${name}: ${median(xs).toFixed(0)} runs per CPU second (median of ${batches} batches of ${runs}; min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`);
