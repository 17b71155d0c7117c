import type { TrialsCell } from "@cx/eval";
import { wilsonInterval } from "./wilson-interval.js";

/** The share of a cell's campaigns that had found the defect by trial `trial`, with its 95% Wilson interval. */
export interface FoundByTrialPoint {
  readonly strategy: string;
  readonly trial: number;
  readonly found: number;
  readonly campaigns: number;
  /** Percent, 0..100. */
  readonly share: number;
  readonly low: number;
  readonly high: number;
}

/**
 * The found-by-trial curve of one cell (a defect, a strategy): a point at
 * trial 1, at every trial where some campaign found the defect, and at the
 * budget, from the hunts of its last round (a later round extends the same
 * seeds with a larger budget, so it holds the earlier finds too).
 *
 * @example
 * ```ts
 * foundByTrial(cell).at(-1)?.share; // percent of seeds that found it within the budget
 * ```
 */
export function foundByTrial(cell: TrialsCell): FoundByTrialPoint[] {
  const round = cell.rounds[cell.rounds.length - 1];
  if (round === undefined || round.hunts.length === 0) return [];
  const campaigns = round.hunts.length;
  const finds = round.hunts.filter((h) => h.found).map((h) => h.trials);
  const trials = [...new Set([1, ...finds, round.budget])].filter((t) => t >= 1 && t <= round.budget).sort((a, b) => a - b);
  return trials.map((trial) => {
    const found = finds.filter((t) => t <= trial).length;
    const interval = wilsonInterval(found, campaigns);
    return { strategy: cell.strategy, trial, found, campaigns, share: (100 * found) / campaigns, low: 100 * interval.low, high: 100 * interval.high };
  });
}
