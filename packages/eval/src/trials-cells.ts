import type { ProtocolRef } from "./experiment-protocol.js";
import { censoredMedian, wilsonInterval } from "./campaign-statistics.js";
import type { StrategyName, TrialsCell, TrialsRound } from "./results.js";
import type { HuntOutput, HuntTask } from "./tasks.js";
import { huntRecord } from "./trust-results.js";

/** A hunt of the trials table and the cell (`bug|strategy`) it belongs to. */
export interface CellTask {
  readonly cell: string;
  readonly task: HuntTask;
}

/** The key of one cell of one protocol's trials table. */
export const cellId = (bug: string, strategy: StrategyName): string => `${bug}|${strategy}`;

/** Every hunt of a round: each cell (defect x strategy) x seed, at `round.budget`. */
export function trialTasks(
  ref: ProtocolRef,
  cells: readonly { readonly bug: string; readonly strategy: StrategyName }[],
  round: { readonly budget: number; readonly seeds: readonly number[]; readonly scenario?: Readonly<Record<string, number>> },
): CellTask[] {
  const { budget, seeds } = round;
  const scenario = round.scenario === undefined ? {} : { scenario: round.scenario };
  return cells.flatMap(({ bug, strategy }) => seeds.map((seed) => ({ cell: cellId(bug, strategy), task: { kind: "hunt" as const, ...ref, bugs: [bug], strategy, seed, budget, ...scenario } })));
}

/** A round of one cell, with the outputs (and so the failing choices) kept for the shrink. */
export interface RoundWithChoices extends TrialsRound {
  readonly outputs: readonly HuntOutput[];
}

/** Groups a round's outputs by cell (outputs in the order of `cells`). */
export function groupRounds(cells: readonly string[], outputs: readonly HuntOutput[], budget: number): Map<string, RoundWithChoices> {
  const byCell = new Map<string, HuntOutput[]>();
  cells.forEach((cell, i) => {
    const list = byCell.get(cell) ?? [];
    list.push(outputs[i] as HuntOutput);
    byCell.set(cell, list);
  });
  const rounds = new Map<string, RoundWithChoices>();
  for (const [cell, list] of byCell) {
    rounds.set(cell, { budget, hunts: list.map(huntRecord), found: list.filter((h) => h.found).length, seeds: list.length, outputs: list });
  }
  return rounds;
}

/** A cell with the outputs of its last round (the shrink picks its failure there). */
export interface CellWithChoices extends TrialsCell {
  readonly lastOutputs: readonly HuntOutput[];
}

/** One cell of the trials table from its rounds (first round, then the escalated one if any). */
export function trialsCell(bug: string, strategy: StrategyName, rounds: readonly RoundWithChoices[]): CellWithChoices {
  const last = rounds[rounds.length - 1];
  if (last === undefined) throw new Error(`cell ${bug}/${strategy} has no round`);
  const trials = last.hunts.map((h) => (h.found ? h.trials : null));
  // A miss counts as more than the budget: the median exists while fewer than half missed.
  const med = censoredMedian(trials);
  const invariants: Record<string, number> = {};
  for (const h of last.hunts) if (h.violation !== null) invariants[h.violation.invariant] = (invariants[h.violation.invariant] ?? 0) + 1;
  return {
    bug,
    strategy,
    rounds: rounds.map((r) => ({ budget: r.budget, hunts: r.hunts, found: r.found, seeds: r.seeds })),
    budget: last.budget,
    found: last.found,
    seeds: last.seeds,
    trials,
    medianTrials: med.median,
    foundInterval: wilsonInterval(last.found, last.seeds),
    medianTrialsInterval: med.interval,
    invariants,
    lastOutputs: last.outputs,
  };
}

/** The cell as results keep it. */
export function stripChoices(cell: CellWithChoices): TrialsCell {
  const { lastOutputs, ...rest } = cell;
  void lastOutputs;
  return rest;
}
