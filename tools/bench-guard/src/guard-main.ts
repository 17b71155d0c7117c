/**
 * The speed guard (`pnpm bench` runs it; alone: `pnpm --filter
 * @cx/bench-guard bench`). Times Raft and Paxos runs of this checkout beside
 * a baseline commit's, in the plug-in's default scenario and in `cx hunt`'s
 * world, with every check on, and exits 1 when this build's median runs/s
 * falls below 90% of the baseline's or the two builds ran different runs.
 *
 *   CX_BENCH_BASELINE=<rev>   compare with that commit instead of the one in baseline.json
 *   BENCH_QUICK=1             fewer rounds and runs
 *   CX_BENCH_ALLOW_DIFFERENT=1 or --allow-different
 *                             report, but do not fail on, runs that differ from the baseline's
 *
 * Each measurement is a probe in a process of its own (src/probe.ts), which
 * imports from one checkout only; rounds alternate which build goes first.
 * Writes results/bench-guard.json.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { currentBuild, isBaselineError, materialiseBaseline, resolveBaseline, type Baseline } from "./baseline-build.js";
import { budgetOf, CELLS, cellName, parseProbeReport, type Budget, type Cell, type ProbeReport } from "./cells.js";
import { renderTable } from "./render.js";
import { judgeCell, judgeGuard, RATIO_FLOOR } from "./verdict.js";

type Build = "baseline" | "current";

const packageDir = resolve(import.meta.dirname, "..");
const root = resolve(packageDir, "..", "..");
const quick = process.env["BENCH_QUICK"] === "1";
const allowDifferent = process.argv.includes("--allow-different") || process.env["CX_BENCH_ALLOW_DIFFERENT"] === "1";
const log = (line: string): void => void process.stderr.write(`bench-guard: ${line}\n`);

function probe(checkout: string, cell: Cell, budget: Budget): ProbeReport {
  const args = ["--conditions=@cx/source", "--import", "tsx", join(packageDir, "src", "probe.ts"), "--root", checkout];
  args.push("--protocol", cell.protocol, "--scenario", cell.scenario, "--runs", String(budget.runs[cell.scenario]), "--passes", String(budget.passes), "--warmup", String(budget.warmupRuns));
  // The probe runs from this package's folder, so both builds load with the same tsx and tsconfig: only the sources differ.
  const child = spawnSync(process.execPath, args, { cwd: packageDir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 256 * 1024 * 1024 });
  const report = child.status === 0 ? parseProbeReport(child.stdout) : { ok: false as const, error: `exit ${child.status ?? child.signal}: ${child.stderr.trim().split("\n").slice(-8).join("\n")}` };
  if (!report.ok) throw new Error(`the probe of ${cellName(cell)} in ${checkout} failed: ${report.error}`);
  return report.value;
}

function prepare(): { baseline: Baseline; baselineDir: string } {
  try {
    const baseline = resolveBaseline(root, packageDir, process.env);
    return { baseline, baselineDir: materialiseBaseline(root, baseline.commit, log) };
  } catch (error) {
    if (isBaselineError(error)) {
      log(error.message);
      process.exit(2);
    }
    throw error;
  }
}

const { baseline, baselineDir } = prepare();
const current = currentBuild(root);
const budget = budgetOf(quick);
log(`baseline ${baseline.commit.slice(0, 12)} (from ${baseline.from}); this build ${current.commit.slice(0, 12)}${current.modified ? " with modified files" : ""}`);
log(`${budget.rounds} rounds; per probe ${budget.warmupRuns} warm-up runs, then ${budget.passes} passes over seeds 1..${budget.runs.default} (default) or 1..${budget.runs.hunt} (hunt)${quick ? " (BENCH_QUICK)" : ""}`);

const samples = new Map<string, Record<Build, ProbeReport[]>>(CELLS.map((cell) => [cellName(cell), { baseline: [], current: [] }]));
const samplesOf = (cell: Cell): Record<Build, ProbeReport[]> => samples.get(cellName(cell)) as Record<Build, ProbeReport[]>;

function runRounds(cells: readonly Cell[], first: number, last: number): void {
  for (let round = first; round < last; round++) {
    // Alternate which build goes first, so that neither always runs on a warmer (or busier) machine.
    const order: readonly Build[] = round % 2 === 0 ? ["baseline", "current"] : ["current", "baseline"];
    for (const cell of cells) {
      const cellSamples = samplesOf(cell);
      for (const build of order) cellSamples[build].push(probe(build === "baseline" ? baselineDir : root, cell, budget));
      const latest = (build: Build): string => Math.round((cellSamples[build].at(-1) as ProbeReport).runsPerSecond).toString();
      log(`round ${round + 1}/${last} ${cellName(cell)}: baseline ${latest("baseline")}, this build ${latest("current")} runs/s`);
    }
  }
}

runRounds(CELLS, 0, budget.rounds);
let verdicts = CELLS.map((cell) => judgeCell(cell, samplesOf(cell)));
// A slower cell gets as many rounds again before it fails: on a shared machine one busy spell can cost a build 10%.
const suspects = verdicts.filter((v) => v.slower).map((v) => v.cell);
if (suspects.length > 0) {
  log(`slower than ${RATIO_FLOOR} after ${budget.rounds} rounds: ${suspects.map(cellName).join(", ")}; confirming with ${budget.rounds} more`);
  runRounds(suspects, budget.rounds, 2 * budget.rounds);
  verdicts = CELLS.map((cell) => judgeCell(cell, samplesOf(cell)));
}
const guard = judgeGuard(verdicts, { allowDifferent });
process.stdout.write(`\nbaseline ${baseline.commit.slice(0, 12)} against this build ${current.commit.slice(0, 12)}${current.modified ? "+modified" : ""}: medians of ${budget.rounds} rounds${suspects.length > 0 ? ` (${2 * budget.rounds} for ${suspects.map(cellName).join(", ")})` : ""}, runs and events per CPU second\n\n${renderTable(verdicts)}\n\n`);
for (const note of guard.notes) process.stdout.write(`note: ${note}\n`);
for (const failure of guard.failures) process.stdout.write(`FAIL: ${failure}\n`);
process.stdout.write(guard.ok ? `ok: no protocol and scenario below ${RATIO_FLOOR} of the baseline's runs/s\n` : "");

const strip = (of: readonly ProbeReport[]): object[] => of.map((s) => ({ runsPerSecond: Math.round(s.runsPerSecond), eventsPerSecond: Math.round(s.eventsPerSecond), wallRunsPerSecond: Math.round(s.wallRunsPerSecond), passRunsPerSecond: s.passRunsPerSecond.map(Math.round), digest: s.digest }));
const report = {
  benchmark: "bench-guard",
  node: process.version,
  quick,
  baseline: { commit: baseline.commit, rev: baseline.rev, from: baseline.from },
  current,
  budget,
  ratioFloor: RATIO_FLOOR,
  allowDifferent,
  cells: verdicts.map((v) => {
    const s = samplesOf(v.cell);
    return { ...v.cell, rounds: v.rounds, baseline: { ...v.baseline, rounds: strip(s.baseline) }, current: { ...v.current, rounds: strip(s.current) }, ratio: v.ratio, eventsRatio: v.eventsRatio, bestRatio: v.bestRatio, slower: v.slower, runs: v.runs };
  }),
  ok: guard.ok,
  failures: guard.failures,
  notes: guard.notes,
};
const out = join(root, "results", "bench-guard.json");
mkdirSync(dirname(out), { recursive: true });
writeFileAtomic.sync(out, `${JSON.stringify(report, null, 2)}\n`);
process.stdout.write(`wrote ${out}\n`);
if (!guard.ok) process.exitCode = 1;
