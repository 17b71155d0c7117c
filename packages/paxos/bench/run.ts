/**
 * @cx/paxos benchmark: full default-scenario runs per second (one core),
 * median over batches, against Paxos with no monitors measured in the same
 * process; then a trust run of correct Paxos over many seeds (must report 0
 * violations) and how often a random schedule exposes each defect. Writes
 * results/paxos-bench.json.
 *
 *   pnpm --filter @cx/paxos bench            (or: cd packages/paxos && pnpm bench)
 *   BENCH_QUICK=1 for a short smoke run. The hunt figures (what `cx hunt`
 *   finds per defect) are bench/hunt-defects.ts.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { GeneratedChoices } from "@cx/sim";
import { paxosDefects, runPaxos } from "../src/index.js";

const quick = process.env["BENCH_QUICK"] === "1";
const BATCHES = quick ? 3 : 5;
const RUNS_PER_BATCH = quick ? 100 : 400;
const TRUST_SEEDS = quick ? 1000 : 5000;
const DEFECT_SEEDS = quick ? 200 : 1000;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function runsPerSecond(firstSeed: number, monitors: boolean): number {
  const start = process.hrtime.bigint();
  for (let seed = firstSeed; seed < firstSeed + RUNS_PER_BATCH; seed++) runPaxos({ choices: new GeneratedChoices(seed), monitors });
  return RUNS_PER_BATCH / (Number(process.hrtime.bigint() - start) / 1e9);
}

for (let seed = 1; seed <= (quick ? 100 : 500); seed++) {
  runPaxos({ choices: new GeneratedChoices(seed) });
  runPaxos({ choices: new GeneratedChoices(seed), monitors: false });
}
// Interleaved so drift on a shared machine hits both alike.
const full: number[] = [];
const bare: number[] = [];
for (let b = 0; b < BATCHES; b++) {
  const firstSeed = 10_000 + b * RUNS_PER_BATCH;
  bare.push(runsPerSecond(firstSeed, false));
  full.push(runsPerSecond(firstSeed, true));
}

const trustStart = process.hrtime.bigint();
const trustViolations: string[] = [];
let elections = 0;
let leaderChanges = 0;
for (let seed = 100_001; seed < 100_001 + TRUST_SEEDS; seed++) {
  const run = runPaxos({ choices: new GeneratedChoices(seed) });
  elections += run.paxos.elections;
  leaderChanges += run.paxos.leaderChanges;
  if (run.violation !== null) trustViolations.push(`seed ${seed}: ${run.violation.invariant}: ${run.violation.message}`);
}
const trustSeconds = Number(process.hrtime.bigint() - trustStart) / 1e9;

const defects = paxosDefects.map((defect) => {
  const found = new Map<string, number>();
  for (let seed = 1; seed <= DEFECT_SEEDS; seed++) {
    const v = runPaxos({ defects: [defect.name], choices: new GeneratedChoices(seed) }).violation;
    if (v !== null) found.set(v.invariant, (found.get(v.invariant) ?? 0) + 1);
  }
  return { defect: defect.name, caughtBy: defect.caughtBy, seeds: DEFECT_SEEDS, expectedViolationRate: (found.get(defect.caughtBy) ?? 0) / DEFECT_SEEDS, violations: Object.fromEntries(found) };
});

const report = {
  benchmark: "paxos",
  node: process.version,
  quick,
  runsPerSecond: { full: Math.round(median(full)), baselineNoMonitors: Math.round(median(bare)) },
  trust: { seeds: TRUST_SEEDS, violations: trustViolations.length, examples: trustViolations.slice(0, 5), elections, leaderChanges, seconds: Number(trustSeconds.toFixed(1)) },
  defects,
};

const line = (label: string, value: string): void => void process.stdout.write(`${label.padEnd(34)}${value}\n`);
line("runs/s per core (full checks)", `${report.runsPerSecond.full}  (without monitors ${report.runsPerSecond.baselineNoMonitors})`);
line(`trust run (${TRUST_SEEDS} seeds)`, `${trustViolations.length} violations on correct Paxos (${elections} candidacies, ${leaderChanges} leaders), ${report.trust.seconds} s`);
for (const d of defects) line(`  ${d.defect}`, `${(d.expectedViolationRate * 100).toFixed(1)}% of ${d.seeds} random seeds break ${d.caughtBy}; all: ${JSON.stringify(d.violations)}`);
for (const example of report.trust.examples) process.stdout.write(`  ! ${example}\n`);

const out = resolve(import.meta.dirname, "../../../results/paxos-bench.json");
mkdirSync(dirname(out), { recursive: true });
writeFileAtomic.sync(out, `${JSON.stringify(report, null, 2)}\n`);
process.stdout.write(`wrote ${out}\n`);
if (trustViolations.length > 0) process.exitCode = 1;
