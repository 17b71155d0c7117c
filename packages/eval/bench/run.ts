// The full experiment (`turbo run bench`) on every built-in protocol: writes
// results/results.json, results/summary.md and results/results.schema.json at
// the repository root. Run on every built-in protocol (no --protocol), it also
// hunts the mutant benchmark (packages/raft/bench/mutants.ts,
// packages/paxos/bench/mutants.ts) for the search-power table. Exit code 1
// when a trust run found a violation on a correct protocol.
//   --quick             the reduced experiment
//   --keep-going        go on after a failed trust run
//   --protocol REF      only these protocols (repeatable or comma-separated; built-in names, module files, package names)
//   --out DIR           another folder than results/
import { join, resolve } from "node:path";
import { existsSync, writeFileSync } from "node:fs";
import { builtinProtocols, loadProtocol } from "@cx/protocols";
import { findRepoRoot, formatMs, formatRatio, formatStorySteps, fullExperiment, quickExperiment, resultsJsonSchema, runExperiment, type ExperimentProgress } from "../src/index.js";

const quick = process.argv.includes("--quick");
// Go on after a failed trust run (the figures are then marked meaningless); the exit code stays 1.
const keepGoing = process.argv.includes("--keep-going");
const valuesOf = (flag: string): string[] => process.argv.flatMap((arg, i) => (arg === flag ? (process.argv[i + 1] ?? "").split(",") : []));
const refs = valuesOf("--protocol").filter((r) => r !== "");
const protocols = refs.length === 0 ? builtinProtocols : await Promise.all(refs.map((ref) => loadProtocol(ref, process.cwd())));
const root = findRepoRoot(process.cwd()) ?? process.cwd();
// The mutant benchmark's protocols (evaluation fixtures in this repository), for the search-power phase of the run on every built-in protocol.
const mutantModules = ["packages/raft/bench/mutants.ts", "packages/paxos/bench/mutants.ts"].map((path) => join(root, path));
const mutants = refs.length === 0 && mutantModules.every((path) => existsSync(path)) ? await Promise.all(mutantModules.map((path) => loadProtocol(path, process.cwd()))) : [];
const outDir = resolve(valuesOf("--out")[0] ?? join(root, "results"));
const tty = process.stderr.isTTY === true;
const onProgress = (p: ExperimentProgress): void => {
  if (!tty) return;
  process.stderr.write(`\r\x1b[K${p.phase}: ${p.done}/${p.total} tasks, ${p.found} hunts found a defect, ${formatMs(p.elapsedMs)}`);
};
const results = await runExperiment({
  config: { ...(quick ? quickExperiment : fullExperiment), continueAfterTrustFailure: keepGoing },
  protocols,
  mutants,
  mode: quick ? "quick" : "full",
  outDir,
  onProgress,
});
if (tty) process.stderr.write("\r\x1b[K");
writeFileSync(join(outDir, "results.schema.json"), `${JSON.stringify(resultsJsonSchema, null, 2)}\n`);
console.log(`cx experiment (${results.mode}) in ${formatMs(results.elapsedMs)} on ${results.workers} workers, protocols ${results.headline.protocols.join(", ")}`);
for (const p of results.protocols) {
  const h = p.headline;
  console.log(`${p.name} ${p.version}`);
  console.log(`  trust: ${h.trustSchedules} schedules on ${p.name} with no defect, ${h.trustViolations} violations${p.trust.passed ? "" : "  <-- TRUST RUN FAILED: its figures are meaningless"}`);
  console.log(`  defects found: ${h.bugsFound}/${h.bugsTotal}`);
  for (const s of h.byStrategy) console.log(`    ${s.strategy.padEnd(8)} ${s.bugsFound}/${h.bugsTotal} defects, ${s.seedsFound}/${s.seeds} hunts, median ${s.medianTrials ?? "-"} trials`);
  console.log(`  shrink: median ${h.medianDecisionsBefore ?? "-"} -> ${h.medianDecisionsAfter ?? "-"} decisions, ${formatStorySteps(h.medianStorySteps, h.medianStoryStepsShown)} story steps`);
  const t = p.throughput;
  if (t !== null) console.log(`  throughput: ${t.runsPerSecond.toFixed(0)} runs/s, ${t.eventsPerSecond.toFixed(0)} events/s; baseline (monitors off) ${t.baselineRunsPerSecond.toFixed(0)} runs/s, ratio ${formatRatio(t.ratioToBaseline)}`);
}
if (results.mutants !== undefined && results.mutants !== null) {
  const m = results.mutants;
  const wins = m.rows.filter((r) => r.beatsRandom);
  console.log(`search power: ${m.rows.length / m.strategies.length} mutants x ${m.strategies.join(", ")}, ${m.campaigns} campaigns of ${m.budget} runs; twice random's rate with intervals apart: ${wins.length === 0 ? "none" : wins.map((w) => `${w.strategy} on ${w.defect} (${w.found}/${w.campaigns})`).join(", ")}`);
}
if (results.corpus !== null) {
  const c = results.corpus;
  console.log(`lin corpus: ${c.matched}/${c.histories} as expected, ${c.mismatched} wrong, ${c.unknown} unknown; ${formatMs(c.decidedMs)} vs Porcupine ${formatMs(c.decidedPorcupineMs)} (${formatRatio(c.ratioToPorcupine)})`);
}
if (results.speedup !== null) {
  const s = results.speedup;
  console.log(`speed-up 2 workers over 1 (${s.protocol}): ${formatRatio(s.speedup)} (${formatMs(s.oneWorkerMs)} vs ${formatMs(s.twoWorkersMs)}; the 2 workers got ${s.twoWorkersCores.toFixed(2)} cores of CPU; results ${s.identical ? "identical" : "DIFFERENT"})`);
}
console.log(`wrote ${join(outDir, "results.json")} and summary.md`);
if (!results.trustPassed) process.exitCode = 1;
