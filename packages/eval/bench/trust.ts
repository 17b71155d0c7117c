// The trust run at scale: many random schedules of each correct protocol in
// the scenario `cx hunt` runs (drawn horizon and swarm profile, so every world
// feature is drawn), counting violations; any violation is a bug in the
// protocol or the world. Exit code 1 when one was found.
//   --protocol a,b    protocols (default: every built-in)
//   --runs N          schedules per protocol (default 100000; --quick 5000)
//   --workers N       worker threads (default one per core)
import { builtinProtocols, loadProtocol } from "@cx/protocols";
import { huntScenarioOptions } from "@cx/sim";
import { createTaskPool, protocolRef, type BatchTask } from "../src/index.js";

const valueOf = (flag: string): string | undefined => {
  const i = process.argv.indexOf(flag);
  return i < 0 ? undefined : process.argv[i + 1];
};
const refs = (valueOf("--protocol") ?? "").split(",").filter((r) => r !== "");
const protocols = refs.length === 0 ? builtinProtocols : await Promise.all(refs.map((ref) => loadProtocol(ref, process.cwd())));
const runs = Number(valueOf("--runs") ?? (process.argv.includes("--quick") ? 5000 : 100_000));
const workersFlag = valueOf("--workers");
const scenario = { drawnHorizon: huntScenarioOptions.drawnHorizon, swarm: huntScenarioOptions.swarm };
const PER_TASK = 500;

const pool = createTaskPool(workersFlag === undefined ? {} : { workers: Number(workersFlag) });
let failed = false;
try {
  for (const protocol of protocols) {
    const started = Date.now();
    const tasks: BatchTask[] = [];
    // Seeds far from the experiment's trust and trial seeds, so these schedules are new ones.
    for (let first = 0; first < runs; first += PER_TASK) tasks.push({ kind: "batch", ...protocolRef(protocol), firstSeed: 1_000_000 + first, runs: Math.min(PER_TASK, runs - first), scenario });
    const outputs = await Promise.all(tasks.map((task) => pool.run(task)));
    const violations = outputs.reduce((sum, o) => sum + o.violations, 0);
    const events = outputs.reduce((sum, o) => sum + o.events, 0);
    const seconds = (Date.now() - started) / 1000;
    if (violations > 0) failed = true;
    console.log(`${protocol.plugin.name}: ${runs} schedules (seeds ${1_000_000}..${1_000_000 + runs - 1}, swarm profile drawn), ${violations} violations, ${events} events, ${seconds.toFixed(0)} s wall on ${pool.workers} workers`);
  }
} finally {
  await pool.destroy();
}
if (failed) process.exitCode = 1;
