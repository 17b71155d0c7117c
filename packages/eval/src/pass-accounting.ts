import { compareShortlex, type PassStats } from "@cx/search";
import { formatCount, type ResultTable } from "./result-format.js";
import type { PassAccount, ProtocolResults } from "./results.js";

/**
 * Every pass's work summed over many shrinks: candidates tried, new bests
 * accepted, runs spent, and the shrinks where it accepted anything, the
 * dearest pass first. Passes that never ran are absent.
 *
 * When to use: over the shrinks of one protocol (the experiment does), or
 * over finds of protocols the passes were not designed on
 * (`bench:pass-accounting`), to see which passes earn their runs.
 *
 * @example
 * ```ts
 * accountPasses(outputs)[0]; // { name: "place-decisions", tried: 347518, accepted: 51, runs: 204583, findsHelped: 20 }
 * ```
 */
export function accountPasses(shrinks: readonly { readonly passes?: readonly PassStats[] | undefined }[]): PassAccount[] {
  const byPass = new Map<string, { name: string; tried: number; accepted: number; runs: number; findsHelped: number }>();
  for (const shrink of shrinks) {
    for (const pass of shrink.passes ?? []) {
      const row = byPass.get(pass.name) ?? { name: pass.name, tried: 0, accepted: 0, runs: 0, findsHelped: 0 };
      row.tried += pass.tried;
      row.accepted += pass.accepted;
      row.runs += pass.runs;
      if (pass.accepted > 0) row.findsHelped++;
      byPass.set(pass.name, row);
    }
  }
  return [...byPass.values()].sort((a, b) => b.runs - a.runs || a.name.localeCompare(b.name));
}

/** A protocol's pass accounting as a table (none when the results predate it or nothing was shrunk). */
export function passAccountingTables(p: ProtocolResults, id: string): ResultTable[] {
  const passes = p.passes;
  if (passes === undefined || passes.rows.length === 0) return [];
  const total = passes.rows.reduce((sum, r) => sum + r.runs, 0);
  return [
    {
      id: `${id}-passes`,
      title: `${p.name}: what each shrink pass did`,
      caption: `Over the ${passes.shrinks} shrinks of this protocol (each defect's picked failure and its normal-form finds): per pass, the shrinks where it made at least one new best, the new bests, the candidates it tried (cached ones included) and the target runs it spent, with its share of all the runs.`,
      columns: ["Pass", "Shrinks it helped", "New bests", "Tried", "Runs", "Share of runs"],
      rows: passes.rows.map((r) => [r.name, `${r.findsHelped}/${passes.shrinks}`, formatCount(r.accepted), formatCount(r.tried), formatCount(r.runs), total === 0 ? "—" : `${((100 * r.runs) / total).toFixed(1)}%`]),
      numeric: [1, 2, 3, 4, 5],
    },
  ];
}

/** One find shrunk with one pass left out: the list it ended on (`null` if it did not reproduce) and the runs it took. */
export interface Ablation {
  readonly pass: string;
  /** Index of the find in the baseline list. */
  readonly find: number;
  readonly choices: readonly number[] | null;
  readonly candidateRuns: number;
}

/**
 * What each pass decided, by leaving it out (an ablation): over the finds it
 * was left out of, those that ended on another list without it, split into
 * those that ended longer (in shortlex: the pass reached a list no other
 * pass would have) and those that ended shorter (the pass led the shrink
 * away from a smaller one), with the runs of those shrinks with and
 * without it.
 *
 * When to use: to see which passes earn their place, on finds of protocols
 * the passes were not designed on (`bench:pass-accounting --decided`). A
 * pass that made no new best in a shrink is not left out of it: it changed
 * no best there, so the list cannot owe anything to it (only the run
 * budget could move). Passes never left out are absent.
 *
 * @example
 * ```ts
 * decidedByPass([{ choices: [0, 3], candidateRuns: 90 }], [{ pass: "zero-kinds", find: 0, choices: [0, 0, 3], candidateRuns: 70 }]);
 * // [{ name: "zero-kinds", ablated: 1, longerWithout: 1, shorterWithout: 0, runsWith: 90, runsWithout: 70 }]
 * ```
 */
export function decidedByPass(baseline: readonly { readonly choices: readonly number[] | null; readonly candidateRuns: number }[], ablations: readonly Ablation[]): PassDecision[] {
  const byPass = new Map<string, { name: string; ablated: number; longerWithout: number; shorterWithout: number; runsWith: number; runsWithout: number }>();
  for (const a of ablations) {
    const base = baseline[a.find];
    if (base === undefined) throw new RangeError(`ablation of ${a.pass} names find ${a.find}, but there are ${baseline.length}`);
    const row = byPass.get(a.pass) ?? { name: a.pass, ablated: 0, longerWithout: 0, shorterWithout: 0, runsWith: 0, runsWithout: 0 };
    row.ablated++;
    row.runsWith += base.candidateRuns;
    row.runsWithout += a.candidateRuns;
    // A shrink that lost its failure without the pass ended further from a counterexample than any list.
    const order = a.choices === null ? 1 : base.choices === null ? -1 : compareShortlex(a.choices, base.choices);
    if (order > 0) row.longerWithout++;
    if (order < 0) row.shorterWithout++;
    byPass.set(a.pass, row);
  }
  return [...byPass.values()].sort((a, b) => b.longerWithout + b.shorterWithout - (a.longerWithout + a.shorterWithout) || a.name.localeCompare(b.name));
}

/** What leaving one pass out did over many finds (see {@link decidedByPass}). */
export interface PassDecision {
  readonly name: string;
  /** Finds shrunk without it (those where it made a new best). */
  readonly ablated: number;
  /** Of those, the finds that ended on a longer list without it. */
  readonly longerWithout: number;
  /** Of those, the finds that ended on a shorter list without it. */
  readonly shorterWithout: number;
  /** Candidate runs of those finds' shrinks with every pass, and without this one. */
  readonly runsWith: number;
  readonly runsWithout: number;
}
