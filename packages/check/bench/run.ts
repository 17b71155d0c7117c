/**
 * The @cx/check benchmark: the shared corpus (etcd and kv separately) and a
 * set of generated hard histories, median of several runs, against
 * Porcupine's times from the manifest and against a baseline measured in the
 * same run (this checker with cx's pruning off: Porcupine's algorithm).
 * Writes results/check-bench.json at the repository root (atomically).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import writeFileAtomic from "write-file-atomic";
import { checkLinearizability, kvModel, registerModel } from "../src/index.js";
import type { CheckOptions } from "../src/index.js";
import { loadCorpus, repoRoot } from "./corpus.js";
import type { CorpusHistory } from "./corpus.js";
import { generateHardHistory, hardHistorySet, jepsenHistorySet, repeatedValueHistorySet, wideHistorySet } from "./hard-histories.js";
import type { HardHistory } from "./hard-histories.js";

const RUNS = Number(process.env["CX_BENCH_RUNS"] ?? 5);
const HARD_BUDGET = 50_000_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function check(history: CorpusHistory, options: CheckOptions) {
  const h = history.history;
  return h.model === "register" ? checkLinearizability(registerModel, h.operations, options) : checkLinearizability(kvModel, h.operations, options);
}

interface Timed {
  readonly name: string;
  readonly verdict: string;
  readonly expected: string;
  readonly steps: number;
  readonly ms: number;
}

function timeCorpus(corpus: CorpusHistory[], options: CheckOptions): Timed[] {
  const samples = corpus.map(() => [] as number[]);
  const verdicts: { verdict: string; steps: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    corpus.forEach((history, i) => {
      const start = performance.now();
      const result = check(history, options);
      (samples[i] as number[]).push(performance.now() - start);
      verdicts[i] = { verdict: result.verdict, steps: result.steps };
    });
  }
  return corpus.map((h, i) => ({ name: h.file, expected: h.expected, ...(verdicts[i] as { verdict: string; steps: number }), ms: median(samples[i] as number[]) }));
}

function timeHard(set: HardHistory[], options: CheckOptions, runs: number): Timed[] {
  return set.map((h) => {
    const samples: number[] = [];
    let last = { verdict: "", steps: 0 };
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      const result = checkLinearizability(registerModel, h.operations, { budgetSteps: HARD_BUDGET, ...options });
      samples.push(performance.now() - start);
      last = { verdict: result.verdict, steps: result.steps };
    }
    return { name: h.name, expected: h.expected, ...last, ms: median(samples) };
  });
}

const sum = (rows: Timed[]): number => rows.reduce((total, row) => total + row.ms, 0);
const round = (ms: number): number => Math.round(ms * 100) / 100;

const root = repoRoot(import.meta.dirname);
const corpus = loadCorpus(import.meta.dirname);
// Warm up the JIT once so the first timed history does not pay for compilation.
for (const history of corpus) check(history, {});

const groups = [
  { name: "etcd", histories: corpus.filter((h) => h.model === "register") },
  { name: "kv", histories: corpus.filter((h) => h.model === "kv") },
];
const corpusResults = groups.map(({ name, histories }) => {
  const cx = timeCorpus(histories, {});
  const baseline = timeCorpus(histories, { pruning: false });
  const porcupineMs = histories.reduce((total, h) => total + h.porcupineMs, 0);
  const mismatches = cx.filter((row) => row.verdict !== row.expected).map((row) => row.name);
  return {
    corpus: name,
    histories: histories.length,
    cxMs: round(sum(cx)),
    baselineMs: round(sum(baseline)),
    porcupineMs: round(porcupineMs),
    ratioVsPorcupine: round(sum(cx) / porcupineMs),
    ratioVsBaseline: round(sum(cx) / sum(baseline)),
    mismatches,
    baselineMismatches: baseline.filter((row) => row.verdict !== row.expected).map((row) => row.name),
    slowest: [...cx].sort((a, b) => b.ms - a.ms).slice(0, 5).map((row) => ({ ...row, ms: round(row.ms), porcupineMs: histories.find((h) => h.file === row.name)?.porcupineMs })),
  };
});

const hardSet = [...hardHistorySet(), generateHardHistory({ seed: 7, clients: 30, operations: 300, indeterminatePercent: 30, violation: true }), generateHardHistory({ seed: 7, clients: 30, operations: 300, indeterminatePercent: 30, violation: false })];
// Wide read/write histories (cx's own workload shape), wide ones with cas and fresh values (the cas-chain fast path), and with cas and repeated values (the search).
const wideSet = [
  ...wideHistorySet(),
  ...[3, 4].flatMap((seed) => [false, true].map((violation) => generateHardHistory({ seed, clients: 50, operations: 400, indeterminatePercent: 30, violation }))),
  ...[false, true].map((violation) => generateHardHistory({ seed: 5, clients: 50, operations: 400, indeterminatePercent: 20, violation })),
  ...repeatedValueHistorySet(),
  ...jepsenHistorySet(),
];
const WIDE_BUDGET = 20_000_000;
const hardRuns = Math.max(1, Math.min(RUNS, 3));
const hardCx = [...timeHard(hardSet, {}, hardRuns), ...timeHard(wideSet, { budgetSteps: WIDE_BUDGET }, hardRuns)];
const hardBaseline = [...timeHard(hardSet, { pruning: false, budgetSteps: HARD_BUDGET / 5 }, 1), ...timeHard(wideSet, { pruning: false, budgetSteps: 2_000_000 }, 1)];

console.log(`@cx/check linearizability benchmark: median of ${RUNS} runs; baseline = same checker with pruning off (Porcupine's algorithm)`);
console.log("");
console.log("corpus  histories  cx ms     baseline ms  porcupine ms  cx/porcupine  cx/baseline  mismatches");
for (const row of corpusResults) {
  console.log(
    `${row.corpus.padEnd(8)}${String(row.histories).padEnd(11)}${row.cxMs.toFixed(1).padEnd(10)}${row.baselineMs.toFixed(1).padEnd(13)}${row.porcupineMs.toFixed(1).padEnd(14)}${row.ratioVsPorcupine.toFixed(2).padEnd(14)}${row.ratioVsBaseline.toFixed(2).padEnd(13)}${row.mismatches.length}`,
  );
}
console.log("");
console.log("slowest histories (cx ms / porcupine ms):");
for (const row of corpusResults.flatMap((r) => r.slowest).sort((a, b) => b.ms - a.ms).slice(0, 6)) {
  console.log(`  ${row.name.padEnd(22)} ${row.ms.toFixed(2).padStart(9)} / ${String(row.porcupineMs).padStart(8)}  ${row.verdict} in ${row.steps} steps`);
}
console.log("");
console.log(`hard generated histories (cx budget ${HARD_BUDGET} steps, wide ones ${WIDE_BUDGET}, median of ${hardRuns}; baseline budget ${HARD_BUDGET / 5}, wide 2000000, 1 run):`);
hardCx.forEach((row, i) => {
  const base = hardBaseline[i] as Timed;
  const ratio = base.verdict === row.expected ? `cx/baseline ${(row.ms / base.ms).toFixed(3)}` : "baseline undecided";
  console.log(`  ${row.name.padEnd(34)} expected ${row.expected.padEnd(8)} cx ${row.verdict.padEnd(8)} ${row.ms.toFixed(1).padStart(8)} ms ${String(row.steps).padStart(9)} steps | baseline ${base.verdict.padEnd(8)} ${base.ms.toFixed(1).padStart(8)} ms  ${ratio}`);
});

const report = {
  benchmark: "@cx/check linearizability",
  runs: RUNS,
  node: process.version,
  corpus: corpusResults,
  hard: hardCx.map((row, i) => ({ ...row, ms: round(row.ms), baseline: { ...(hardBaseline[i] as Timed), ms: round((hardBaseline[i] as Timed).ms) } })),
};
const dir = join(root, "results");
mkdirSync(dir, { recursive: true });
const target = join(dir, "check-bench.json");
writeFileAtomic.sync(target, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwrote ${target}`);
