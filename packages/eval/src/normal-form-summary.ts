import type { CellWithChoices } from "./trials-cells.js";
import { median } from "./median.js";
import type { FailurePick } from "./shrink-rows.js";
import type { NormalFormSummary, StrategyName } from "./results.js";

/**
 * Every failure of a defect found in the trials, in strategy then seed
 * order, at most `max` (0: none): the independent finds whose shrinks
 * measure the shrinker's normal form.
 *
 * @example
 * ```ts
 * const picks = normalFormPicks("vote_twice_in_term", cells, { strategies: ["random", "bandit"], max: 18 });
 * ```
 */
export function normalFormPicks(bug: string, cells: readonly CellWithChoices[], options: { readonly strategies: readonly StrategyName[]; readonly max: number }): FailurePick[] {
  const { strategies, max } = options;
  const out: FailurePick[] = [];
  for (const strategy of strategies) {
    const cell = cells.find((c) => c.bug === bug && c.strategy === strategy);
    for (const output of cell?.lastOutputs ?? []) {
      if (out.length >= max) return out;
      if (!output.found || output.choices === null || output.violation === null) continue;
      out.push({ bug, strategy, seed: output.seed, budget: output.budget, trials: output.trials, invariant: output.violation.invariant, choices: output.choices });
    }
  }
  return out;
}

/** A shrunk find as the normal-form figures read it. */
export interface ShrunkFind {
  /** The shrunk choice list, or `null` when the find did not reproduce. */
  readonly choices: readonly number[] | null;
  readonly candidateRuns: number;
  readonly converged?: boolean;
  /** The invariant the find broke (the shrinker keeps it, so finds of different invariants never share a list). */
  readonly invariant?: string;
  /** The faults the counterexample held before its failure (see `faultShape`), when known. */
  readonly faultShape?: string;
}

/**
 * The share of `shrunk` that ended on their most common list (0 for none),
 * how many distinct lists they ended on, and the decisions of each that
 * reproduced. A find that did not reproduce is a list of its own (named
 * by its index plus `offset`, so that the finds of one invariant stay
 * apart from another's when counted together).
 */
export function sameListFigures(shrunk: readonly Pick<ShrunkFind, "choices">[], offset = 0): { rate: number; distinct: number; decisions: number[] } {
  const counts = new Map<string, number>();
  shrunk.forEach((s, i) => {
    const key = s.choices === null ? `not reproduced ${offset + i}` : s.choices.join(",");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const decisions = shrunk.flatMap((s) => (s.choices === null ? [] : [s.choices.length]));
  return { rate: shrunk.length === 0 ? 0 : Math.max(...counts.values()) / shrunk.length, distinct: counts.size, decisions };
}

/**
 * The normal-form figures of a defect from its finds shrunk one by one:
 * the share that reached the most common choice list, how many distinct
 * lists there were, and the spread of decisions after shrinking; `null`
 * when nothing was shrunk. A find that did not reproduce counts as a list
 * of its own. When the finds say which invariant they broke, the same
 * figures for each invariant's finds (most finds first): the shrinker keeps
 * a find's invariant, so its normal form is one per violation. When they
 * also say which faults their counterexample held, the same figures for
 * each failure (invariant and fault shape; a find that did not reproduce
 * has no shape and is in none).
 *
 * @example
 * ```ts
 * normalFormSummary([{ choices: [1, 2] }, { choices: [1, 2] }, { choices: [3] }]); // rate 2/3, 2 lists, decisions 1-2
 * ```
 */
export function normalFormSummary(shrunk: readonly ShrunkFind[]): NormalFormSummary | null {
  if (shrunk.length === 0) return null;
  const all = sameListFigures(shrunk);
  const invariants = [...new Set(shrunk.flatMap((s) => (s.invariant === undefined ? [] : [s.invariant])))];
  const byInvariant = groupFigures(shrunk, invariants.map((invariant) => ({ invariant, of: (f: ShrunkFind) => f.invariant === invariant })));
  const failures = [...new Set(shrunk.flatMap((s) => (s.invariant === undefined || s.faultShape === undefined ? [] : [`${s.invariant}\n${s.faultShape}`])))];
  const byFailure = groupFigures(
    shrunk,
    failures.map((key) => {
      const [invariant = "", faultShape = ""] = key.split("\n");
      return { invariant, faultShape, of: (f: ShrunkFind) => f.invariant === invariant && f.faultShape === faultShape };
    }),
  );
  return {
    finds: shrunk.length,
    normalFormRate: all.rate,
    distinctLists: all.distinct,
    decisionsMin: all.decisions.length === 0 ? null : Math.min(...all.decisions),
    decisionsMedian: all.decisions.length === 0 ? null : median(all.decisions),
    decisionsMax: all.decisions.length === 0 ? null : Math.max(...all.decisions),
    candidateRunsMedian: median(shrunk.map((s) => s.candidateRuns)),
    ...(shrunk.some((s) => s.converged !== undefined) ? { converged: shrunk.filter((s) => s.converged === true).length } : {}),
    ...(byInvariant.length > 0 ? { byInvariant } : {}),
    ...(byFailure.length > 0 ? { byFailure } : {}),
  };
}

/**
 * The finds of every failure that two finds or more share, and how many of
 * them ended on their failure's most common list: the shrinker's own
 * agreement (a failure found once agrees with itself, so it is left out).
 *
 * @example
 * ```ts
 * sharedFailureAgreement([{ finds: 4, normalFormRate: 0.75 }, { finds: 1, normalFormRate: 1 }]); // { sharing: 4, agreeing: 3 }
 * ```
 */
export function sharedFailureAgreement(failures: readonly { readonly finds: number; readonly normalFormRate: number }[]): { sharing: number; agreeing: number } {
  const shared = failures.filter((f) => f.finds >= 2);
  return { sharing: shared.reduce((sum, f) => sum + f.finds, 0), agreeing: shared.reduce((sum, f) => sum + Math.round(f.normalFormRate * f.finds), 0) };
}

/** The same-list figures of each group of `shrunk` (`of` says which finds belong), most finds first, ties by key. */
function groupFigures<G extends { readonly invariant: string; readonly of: (f: ShrunkFind) => boolean }>(shrunk: readonly ShrunkFind[], groups: readonly G[]) {
  return groups
    .map(({ of, ...key }) => {
      const finds = shrunk.filter(of);
      const within = sameListFigures(finds, shrunk.indexOf(finds[0] as ShrunkFind));
      return {
        ...(key as Omit<G, "of">),
        finds: finds.length,
        normalFormRate: within.rate,
        distinctLists: within.distinct,
        decisionsMin: within.decisions.length === 0 ? null : Math.min(...within.decisions),
        decisionsMax: within.decisions.length === 0 ? null : Math.max(...within.decisions),
      };
    })
    .sort((a, b) => b.finds - a.finds || (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}
