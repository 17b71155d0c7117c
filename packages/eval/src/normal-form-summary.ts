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

/**
 * The normal-form figures of a defect from its finds shrunk one by one:
 * the share that reached the most common choice list, how many distinct
 * lists there were, and the spread of decisions after shrinking; `null`
 * when nothing was shrunk. A find that did not reproduce counts as a list
 * of its own.
 *
 * @example
 * ```ts
 * normalFormSummary([{ choices: [1, 2] }, { choices: [1, 2] }, { choices: [3] }]); // rate 2/3, 2 lists, decisions 1-2
 * ```
 */
export function normalFormSummary(shrunk: readonly { readonly choices: readonly number[] | null; readonly candidateRuns: number; readonly converged?: boolean }[]): NormalFormSummary | null {
  if (shrunk.length === 0) return null;
  const counts = new Map<string, number>();
  shrunk.forEach((s, i) => {
    const key = s.choices === null ? `not reproduced ${i}` : s.choices.join(",");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const decisions = shrunk.flatMap((s) => (s.choices === null ? [] : [s.choices.length]));
  return {
    finds: shrunk.length,
    normalFormRate: Math.max(...counts.values()) / shrunk.length,
    distinctLists: counts.size,
    decisionsMin: decisions.length === 0 ? null : Math.min(...decisions),
    decisionsMedian: decisions.length === 0 ? null : median(decisions),
    decisionsMax: decisions.length === 0 ? null : Math.max(...decisions),
    candidateRunsMedian: median(shrunk.map((s) => s.candidateRuns)),
    ...(shrunk.some((s) => s.converged !== undefined) ? { converged: shrunk.filter((s) => s.converged === true).length } : {}),
  };
}
