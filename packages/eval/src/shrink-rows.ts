import type { CellWithChoices } from "./trials-cells.js";
import type { ShrinkRow, StrategyName } from "./results.js";
import type { ShrinkOutput } from "./tasks.js";

/** The failure of a defect chosen for shrinking, and where it was found. */
export interface FailurePick {
  readonly bug: string;
  readonly strategy: StrategyName;
  readonly seed: number;
  readonly budget: number;
  readonly trials: number;
  readonly invariant: string;
  readonly choices: readonly number[];
}

/** The failure to shrink: the shortest found sequence of the defect (ties: strategy order, then seed order). */
export function pickFailure(bug: string, strategies: readonly StrategyName[], cells: readonly CellWithChoices[]): FailurePick | null {
  let best: FailurePick | null = null;
  for (const strategy of strategies) {
    const cell = cells.find((c) => c.bug === bug && c.strategy === strategy);
    for (const output of cell?.lastOutputs ?? []) {
      if (!output.found || output.choices === null || output.violation === null) continue;
      if (best === null || output.choices.length < best.choices.length) {
        best = { bug, strategy, seed: output.seed, budget: output.budget, trials: output.trials, invariant: output.violation.invariant, choices: output.choices };
      }
    }
  }
  return best;
}

/** One row of the shrink table: a defect never found, or its failure shrunk. */
export function shrinkRow(bug: string, pick: FailurePick | null, output: ShrinkOutput | undefined): ShrinkRow {
  const empty = {
    decisionsBefore: null,
    decisionsAfter: null,
    nonZeroBefore: null,
    nonZeroAfter: null,
    storyStepsTotal: null,
    storyStepsShown: null,
    candidateRuns: null,
    converged: null,
    stoppedBy: null,
    ms: null,
    replaysExactly: null,
    counterexample: null,
  };
  if (pick === null || output === undefined) return { bug, source: null, status: "not-found", ...empty };
  const cx = output.counterexample;
  const told = cx !== null && cx.renderError === null;
  return {
    bug,
    source: { strategy: pick.strategy, seed: pick.seed, budget: pick.budget, trials: pick.trials },
    status: output.reproduced ? "shrunk" : "not-reproduced",
    decisionsBefore: output.decisionsBefore,
    decisionsAfter: output.decisionsAfter,
    nonZeroBefore: output.nonZeroBefore,
    nonZeroAfter: output.nonZeroAfter,
    storyStepsTotal: told ? cx.storyStepsTotal : null,
    storyStepsShown: told ? cx.storySteps.length : null,
    candidateRuns: output.candidateRuns,
    converged: output.converged,
    stoppedBy: output.stoppedBy,
    ms: output.ms,
    replaysExactly: output.replaysExactly,
    counterexample: cx,
    ...(output.progress === undefined ? {} : { progress: output.progress }),
  };
}
