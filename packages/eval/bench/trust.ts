// The trust run at scale: many random schedules of each correct protocol in
// the scenario `cx hunt` runs (drawn horizon and swarm profile, so every world
// feature is drawn), counting violations; any violation is a bug in the
// protocol or the world. Exit code 1 when one was found.
//   --protocol a,b    protocols (default: every built-in)
//   --runs N          schedules per protocol (default 100000; --quick 5000)
//   --workers N       worker threads (default one per core)
//   --strategy S      draw the schedules as hunts of strategy S against the
//                     correct protocol (default portfolio, `cx hunt`'s: its
//                     mutants and returns to kept states are what is counted),
//                     or "fresh" for independent random schedules by seed
//   --budget N        runs per hunt with --strategy (default 1000, as cx hunt)
import { builtinProtocols, loadProtocol } from "@cx/protocols";
import { huntScenarioOverrides } from "@cx/sim";
import { createTaskPool, protocolRef, type BatchTask, type HuntTask, type StrategyName } from "../src/index.js";

const valueOf = (flag: string): string | undefined => {
  const i = process.argv.indexOf(flag);
  return i < 0 ? undefined : process.argv[i + 1];
};
const refs = (valueOf("--protocol") ?? "").split(",").filter((r) => r !== "");
const protocols = refs.length === 0 ? builtinProtocols : await Promise.all(refs.map((ref) => loadProtocol(ref, process.cwd())));
const runs = Number(valueOf("--runs") ?? (process.argv.includes("--quick") ? 5000 : 100_000));
const workersFlag = valueOf("--workers");
const scenario = huntScenarioOverrides;
const PER_TASK = 500;
const strategy = valueOf("--strategy") ?? "portfolio";
const budget = Number(valueOf("--budget") ?? 1000);

const pool = createTaskPool(workersFlag === undefined ? {} : { workers: Number(workersFlag) });
let failed = false;
try {
  for (const protocol of protocols) {
    const started = Date.now();
    let schedules = 0;
    let violations = 0;
    let events = 0;
    let how: string;
    if (strategy === "fresh") {
      const tasks: BatchTask[] = [];
      // Seeds far from the experiment's trust and trial seeds, so these schedules are new ones.
      for (let first = 0; first < runs; first += PER_TASK) tasks.push({ kind: "batch", ...protocolRef(protocol), firstSeed: 1_000_000 + first, runs: Math.min(PER_TASK, runs - first), scenario });
      const outputs = await Promise.all(tasks.map((task) => pool.run(task)));
      schedules = tasks.reduce((sum, t) => sum + t.runs, 0);
      violations = outputs.reduce((sum, o) => sum + o.violations, 0);
      events = outputs.reduce((sum, o) => sum + o.events, 0);
      how = `seeds ${1_000_000}..${1_000_000 + runs - 1}, fresh random schedules`;
    } else {
      // Hunts against the correct protocol: every run a hunt makes is a schedule, and a found violation is a failure.
      const hunts = Math.ceil(runs / budget);
      const tasks: HuntTask[] = Array.from({ length: hunts }, (_, i) => ({ kind: "hunt", ...protocolRef(protocol), bugs: [], strategy: strategy as StrategyName, seed: 1_000_000 + i, budget, scenario }));
      const outputs = await Promise.all(tasks.map((task) => pool.run(task)));
      schedules = outputs.reduce((sum, o) => sum + o.trials, 0);
      violations = outputs.filter((o) => o.found).length;
      events = outputs.reduce((sum, o) => sum + o.events, 0);
      for (const o of outputs) if (o.found) console.log(`  violation in hunt seed ${o.seed} after ${o.trials} runs: ${o.violation?.invariant ?? "?"}`);
      how = `${hunts} ${strategy} hunts of ${budget} runs, seeds ${1_000_000}..${1_000_000 + hunts - 1}`;
    }
    const seconds = (Date.now() - started) / 1000;
    if (violations > 0) failed = true;
    console.log(`${protocol.plugin.name}: ${schedules} schedules (${how}, swarm profile drawn), ${violations} violations, ${events} events, ${seconds.toFixed(0)} s wall on ${pool.workers} workers`);
  }
} finally {
  await pool.destroy();
}
if (failed) process.exitCode = 1;
