// Benchmark of @cx/search on the toy target: shrinking against a naive
// baseline measured in the same run, and hunting per strategy against random.
// Writes results/search-bench.json at the repository root (atomically).
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import writeFileAtomic from "write-file-atomic";
import { ReplayedChoices } from "@cx/sim";
import { classicShrinkPasses, compareShortlex, countNonZero, defaultShrinkPasses, hunt, shrink, strategyNames, trimChoices, type Outcome, type StrategyName, type Target } from "../src/index.js";
import { findFailures, withoutSpans } from "../test/fixtures/failures.js";
import { createTimedTarget, timedFailure } from "../test/fixtures/timed-target.js";
import { createToyTarget } from "../test/fixtures/toy-target.js";

const FAILURES = 15;
const HUNT_SEEDS = 30;
const HUNT_BUDGET = 50_000;

interface ShrinkRow {
  readonly seed: number;
  readonly decisionsBefore: number;
  readonly decisionsAfter: number;
  readonly nonZeroAfter: number;
  readonly candidateRuns: number;
  readonly ms: number;
  readonly converged: boolean;
}

/**
 * The baseline: greedy single-value deletion (then single-value zeroing),
 * restarting after each success, no cache, no spans, no shortlex ordering.
 */
function naiveShrink(target: Target, choices: readonly number[], invariant: string): { choices: number[]; runs: number } {
  let best = trimChoices(choices);
  let runs = 0;
  const fails = (candidate: number[]): boolean => {
    runs++;
    return target.run(new ReplayedChoices(candidate)).violation?.invariant === invariant;
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < best.length && !changed; i++) {
      const deleted = [...best.slice(0, i), ...best.slice(i + 1)];
      if (fails(deleted)) {
        best = deleted;
        changed = true;
      }
    }
    for (let i = 0; i < best.length && !changed; i++) {
      if (best[i] === 0) continue;
      const zeroed = best.map((v, j) => (j === i ? 0 : v));
      if (fails(zeroed)) {
        best = trimChoices(zeroed);
        changed = true;
      }
    }
  }
  return { choices: best, runs };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function summarise(rows: readonly ShrinkRow[]) {
  return {
    medianMs: median(rows.map((r) => r.ms)),
    medianCandidateRuns: median(rows.map((r) => r.candidateRuns)),
    medianDecisionsBefore: median(rows.map((r) => r.decisionsBefore)),
    medianDecisionsAfter: median(rows.map((r) => r.decisionsAfter)),
    medianNonZeroAfter: median(rows.map((r) => r.nonZeroAfter)),
    converged: rows.filter((r) => r.converged).length,
  };
}

const clock = (): number => performance.now();
// A longer run (60 ticks) gives inputs of a few hundred decisions, closer to a real scenario.
const target = createToyTarget({ ticks: 60 });
const failures = findFailures(target, { count: FAILURES, invariant: "lease-safety" });

const ours: ShrinkRow[] = [];
const mainOnly: ShrinkRow[] = [];
const classic: ShrinkRow[] = [];
const noSpans: ShrinkRow[] = [];
const naive: ShrinkRow[] = [];
let distinctResults = new Set<string>();
let oursAtOrBelowNaive = 0;
for (const failure of failures) {
  const violation = { invariant: failure.invariant };
  const a = shrink({ target, choices: failure.choices, violation, clock });
  ours.push({ seed: failure.seed, ...pick(a.stats), ms: a.stats.ms ?? 0 });
  distinctResults = distinctResults.add(a.choices.join(","));
  const m = shrink({ target, choices: failure.choices, violation, clock, passes: defaultShrinkPasses });
  mainOnly.push({ seed: failure.seed, ...pick(m.stats), ms: m.stats.ms ?? 0 });
  const k = shrink({ target, choices: failure.choices, violation, clock, passes: classicShrinkPasses });
  classic.push({ seed: failure.seed, ...pick(k.stats), ms: k.stats.ms ?? 0 });
  const b = shrink({ target: withoutSpans(target), choices: failure.choices, violation, clock });
  noSpans.push({ seed: failure.seed, ...pick(b.stats), ms: b.stats.ms ?? 0 });
  const started = clock();
  const c = naiveShrink(target as Target<Outcome>, failure.choices, failure.invariant);
  naive.push({
    seed: failure.seed,
    decisionsBefore: failure.choices.length,
    decisionsAfter: c.choices.length,
    nonZeroAfter: countNonZero(c.choices),
    candidateRuns: c.runs,
    ms: clock() - started,
    converged: true,
  });
  if (compareShortlex(a.choices, c.choices) <= 0) oursAtOrBelowNaive++;
}

function pick(stats: { decisionsBefore: number; decisionsAfter: number; nonZeroAfter: number; candidateRuns: number; converged: boolean }) {
  const { decisionsBefore, decisionsAfter, nonZeroAfter, candidateRuns, converged } = stats;
  return { decisionsBefore, decisionsAfter, nonZeroAfter, candidateRuns, converged };
}

// The timed target: three faults whose spacing matters, starting at ticks 9..23 (the final passes' case).
const timed = createTimedTarget();
const timedOurs: ShrinkRow[] = [];
const timedMainOnly: ShrinkRow[] = [];
for (let first = 9; first < 24; first++) {
  const choices = timedFailure([first, first + 4, first + 6]);
  const violation = { invariant: "spaced-faults" };
  const a = shrink({ target: timed, choices, violation, clock });
  timedOurs.push({ seed: first, ...pick(a.stats), ms: a.stats.ms ?? 0 });
  const m = shrink({ target: timed, choices, violation, clock, passes: defaultShrinkPasses });
  timedMainOnly.push({ seed: first, ...pick(m.stats), ms: m.stats.ms ?? 0 });
}

const huntTarget = createToyTarget();
const huntRows: Record<StrategyName, number[]> = { random: [], coverage: [], bandit: [], explore: [], sparse: [], portfolio: [] };
const huntFound: Record<StrategyName, number> = { random: 0, coverage: 0, bandit: 0, explore: 0, sparse: 0, portfolio: 0 };
for (const strategy of strategyNames) {
  for (let seed = 1; seed <= HUNT_SEEDS; seed++) {
    const result = hunt({ target: huntTarget, strategy, budget: HUNT_BUDGET, seed });
    if (result.found) huntFound[strategy]++;
    huntRows[strategy].push(result.found ? result.trials : HUNT_BUDGET);
  }
}

const timedSummary = { ours: summarise(timedOurs), mainPassesOnly: summarise(timedMainOnly) };
const s = { ours: summarise(ours), mainPassesOnly: summarise(mainOnly), classicPasses: summarise(classic), withoutSpans: summarise(noSpans), naive: summarise(naive) };
const ratio = (a: number, b: number): number => (b === 0 ? 0 : Math.round((a / b) * 1000) / 1000);
const huntMedians = Object.fromEntries(strategyNames.map((n) => [n, median(huntRows[n])])) as Record<StrategyName, number>;
const results = {
  benchmark: "search",
  target: "toy lease protocol (packages/search/test/fixtures/toy-target.ts), 60 ticks for shrinking, 20 for hunting",
  shrink: {
    failures: failures.length,
    summary: s,
    ratios: {
      candidateRunsOursOverNaive: ratio(s.ours.medianCandidateRuns, s.naive.medianCandidateRuns),
      msOursOverNaive: ratio(s.ours.medianMs, s.naive.medianMs),
      decisionsAfterOursOverNaive: ratio(s.ours.medianDecisionsAfter, s.naive.medianDecisionsAfter),
      nonZeroAfterOursOverNaive: ratio(s.ours.medianNonZeroAfter, s.naive.medianNonZeroAfter),
      nonZeroAfterOursOverClassicPasses: ratio(s.ours.medianNonZeroAfter, s.classicPasses.medianNonZeroAfter),
      decisionsAfterOursOverClassicPasses: ratio(s.ours.medianDecisionsAfter, s.classicPasses.medianDecisionsAfter),
      candidateRunsOursOverClassicPasses: ratio(s.ours.medianCandidateRuns, s.classicPasses.medianCandidateRuns),
      candidateRunsOursOverMainPassesOnly: ratio(s.ours.medianCandidateRuns, s.mainPassesOnly.medianCandidateRuns),
      decisionsAfterOursOverWithoutSpans: ratio(s.ours.medianDecisionsAfter, s.withoutSpans.medianDecisionsAfter),
    },
    oursAtOrBelowNaiveInShortlex: oursAtOrBelowNaive,
    distinctShrunkSequences: distinctResults.size,
    totalNonZeroAfter: { ours: ours.reduce((a, r) => a + r.nonZeroAfter, 0), classicPasses: classic.reduce((a, r) => a + r.nonZeroAfter, 0) },
    rows: { ours, mainPassesOnly: mainOnly, classicPasses: classic, withoutSpans: noSpans, naive },
  },
  shrinkTimed: {
    target: "timed target (packages/search/test/fixtures/timed-target.ts): faults at ticks t, t+4, t+6 for t = 9..23",
    summary: timedSummary,
    ratios: {
      decisionsAfterOursOverMainPassesOnly: ratio(timedSummary.ours.medianDecisionsAfter, timedSummary.mainPassesOnly.medianDecisionsAfter),
      candidateRunsOursOverMainPassesOnly: ratio(timedSummary.ours.medianCandidateRuns, timedSummary.mainPassesOnly.medianCandidateRuns),
    },
    rows: { ours: timedOurs, mainPassesOnly: timedMainOnly },
  },
  hunt: {
    seeds: HUNT_SEEDS,
    budget: HUNT_BUDGET,
    found: huntFound,
    medianTrialsToFirstViolation: huntMedians,
    ratioOverRandom: Object.fromEntries(strategyNames.map((n) => [n, ratio(huntMedians[n], huntMedians.random)])),
    trials: huntRows,
  },
};

// This file lives at packages/search/bench: the repository is three folders up.
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const out = join(root, "results", "search-bench.json");
mkdirSync(dirname(out), { recursive: true });
writeFileAtomic.sync(out, `${JSON.stringify(results, null, 2)}\n`);

const fmt = (label: string, x: ReturnType<typeof summarise>): string =>
  `${label.padEnd(22)} median ${x.medianMs.toFixed(2).padStart(7)} ms  ${String(x.medianCandidateRuns).padStart(6)} runs  decisions ${x.medianDecisionsBefore} -> ${x.medianDecisionsAfter}  non-zero ${x.medianNonZeroAfter}  converged ${x.converged}/${failures.length}`;
console.log(`shrink, ${failures.length} toy failures (lease-safety):`);
console.log(fmt("ours", s.ours));
console.log(fmt("main passes only", s.mainPassesOnly));
console.log(fmt("classic passes", s.classicPasses));
console.log(fmt("ours without spans", s.withoutSpans));
console.log(fmt("naive (baseline)", s.naive));
console.log(`ratios ours/naive: runs ${results.shrink.ratios.candidateRunsOursOverNaive}, time ${results.shrink.ratios.msOursOverNaive}, decisions after ${results.shrink.ratios.decisionsAfterOursOverNaive}, non-zero after ${results.shrink.ratios.nonZeroAfterOursOverNaive}`);
console.log(`ratios ours/classic passes: runs ${results.shrink.ratios.candidateRunsOursOverClassicPasses}, decisions after ${results.shrink.ratios.decisionsAfterOursOverClassicPasses}, non-zero after ${results.shrink.ratios.nonZeroAfterOursOverClassicPasses}; total non-zero after ${results.shrink.totalNonZeroAfter.ours} vs ${results.shrink.totalNonZeroAfter.classicPasses}`);
console.log(`ours at or below naive in shortlex: ${oursAtOrBelowNaive}/${failures.length}; distinct shrunk sequences: ${distinctResults.size}`);
console.log(`shrink, 15 timed-target failures (spaced-faults):`);
console.log(fmt("ours", timedSummary.ours));
console.log(fmt("main passes only", timedSummary.mainPassesOnly));
console.log(`ratios ours/main passes only on the timed target: decisions after ${results.shrinkTimed.ratios.decisionsAfterOursOverMainPassesOnly}, runs ${results.shrinkTimed.ratios.candidateRunsOursOverMainPassesOnly}`);
console.log(`hunt, ${HUNT_SEEDS} seeds, budget ${HUNT_BUDGET}: median trials to the first violation`);
for (const n of strategyNames) console.log(`  ${n.padEnd(9)} ${String(huntMedians[n]).padStart(6)}  found ${huntFound[n]}/${HUNT_SEEDS}  ratio over random ${results.hunt.ratioOverRandom[n]}`);
console.log(`wrote ${out}`);
