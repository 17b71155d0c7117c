/**
 * @cx/raft benchmark: full default-scenario runs per second (one core) and
 * events per second, median over batches, against a baseline measured in
 * the same process (Raft with no monitors at all); then a trust run of
 * correct Raft over many seeds (must report 0 violations) and how often a
 * random schedule exposes each defect. Writes results/raft-bench.json.
 *
 *   pnpm --filter @cx/raft bench            (or: cd packages/raft && pnpm bench)
 *   BENCH_QUICK=1 for a short smoke run.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { GeneratedChoices } from "@cx/sim";
import { raftBugs, runRaft } from "../src/index.js";

const quick = process.env["BENCH_QUICK"] === "1";
const BATCHES = quick ? 3 : 7;
const RUNS_PER_BATCH = quick ? 200 : 1000;
const TRUST_SEEDS = quick ? 2000 : 20_000;
const DEFECT_SEEDS = quick ? 300 : 2000;

interface Batch {
  readonly runsPerSecond: number;
  readonly eventsPerSecond: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function batch(firstSeed: number, monitors: boolean): Batch {
  let events = 0;
  const start = process.hrtime.bigint();
  for (let seed = firstSeed; seed < firstSeed + RUNS_PER_BATCH; seed++) events += runRaft({ choices: new GeneratedChoices(seed), monitors }).counters.events;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { runsPerSecond: RUNS_PER_BATCH / seconds, eventsPerSecond: events / seconds };
}

// Warm the JIT on both paths before measuring anything.
for (let seed = 1; seed <= (quick ? 300 : 1500); seed++) {
  runRaft({ choices: new GeneratedChoices(seed) });
  runRaft({ choices: new GeneratedChoices(seed), monitors: false });
}

// Interleave the two configurations so drift on a shared machine hits both alike.
const full: Batch[] = [];
const bare: Batch[] = [];
for (let b = 0; b < BATCHES; b++) {
  const firstSeed = 10_000 + b * RUNS_PER_BATCH;
  bare.push(batch(firstSeed, false));
  full.push(batch(firstSeed, true));
}
const fullRuns = median(full.map((b) => b.runsPerSecond));
const bareRuns = median(bare.map((b) => b.runsPerSecond));
const fullEvents = median(full.map((b) => b.eventsPerSecond));
const bareEvents = median(bare.map((b) => b.eventsPerSecond));

const trustStart = process.hrtime.bigint();
const trustViolations: string[] = [];
for (let seed = 100_001; seed < 100_001 + TRUST_SEEDS; seed++) {
  const v = runRaft({ choices: new GeneratedChoices(seed) }).violation;
  if (v !== null) trustViolations.push(`seed ${seed}: ${v.invariant}: ${v.message}`);
}
const trustSeconds = Number(process.hrtime.bigint() - trustStart) / 1e9;

const defects = raftBugs.map((bug) => {
  const found = new Map<string, number>();
  for (let seed = 1; seed <= DEFECT_SEEDS; seed++) {
    const v = runRaft({ bugs: [bug.name], choices: new GeneratedChoices(seed) }).violation;
    if (v !== null) found.set(v.invariant, (found.get(v.invariant) ?? 0) + 1);
  }
  const expected = found.get(bug.caughtBy) ?? 0;
  return { bug: bug.name, caughtBy: bug.caughtBy, seeds: DEFECT_SEEDS, expectedViolationRate: expected / DEFECT_SEEDS, violations: Object.fromEntries(found) };
});

const report = {
  benchmark: "raft",
  node: process.version,
  quick,
  batches: BATCHES,
  runsPerBatch: RUNS_PER_BATCH,
  runsPerSecond: { full: Math.round(fullRuns), baselineNoMonitors: Math.round(bareRuns), ratio: Number((fullRuns / bareRuns).toFixed(3)) },
  eventsPerSecond: { full: Math.round(fullEvents), baselineNoMonitors: Math.round(bareEvents), ratio: Number((fullEvents / bareEvents).toFixed(3)) },
  trust: { seeds: TRUST_SEEDS, violations: trustViolations.length, examples: trustViolations.slice(0, 5), seconds: Number(trustSeconds.toFixed(1)) },
  defects,
};

const line = (label: string, value: string): void => void process.stdout.write(`${label.padEnd(34)}${value}\n`);
line("runs/s per core (full checks)", `${report.runsPerSecond.full}  (baseline without monitors ${report.runsPerSecond.baselineNoMonitors}, ratio ${report.runsPerSecond.ratio})`);
line("events/s (full checks)", `${report.eventsPerSecond.full}  (baseline ${report.eventsPerSecond.baselineNoMonitors}, ratio ${report.eventsPerSecond.ratio})`);
line(`trust run (${TRUST_SEEDS} seeds)`, `${trustViolations.length} violations on correct Raft, ${report.trust.seconds} s`);
for (const d of defects) line(`  ${d.bug}`, `${(d.expectedViolationRate * 100).toFixed(1)}% of ${d.seeds} random seeds break ${d.caughtBy}; all: ${JSON.stringify(d.violations)}`);
for (const example of report.trust.examples) process.stdout.write(`  ! ${example}\n`);

const out = resolve(import.meta.dirname, "../../../results/raft-bench.json");
mkdirSync(dirname(out), { recursive: true });
writeFileAtomic.sync(out, `${JSON.stringify(report, null, 2)}\n`);
process.stdout.write(`wrote ${out}\n`);
if (trustViolations.length > 0) process.exitCode = 1;
