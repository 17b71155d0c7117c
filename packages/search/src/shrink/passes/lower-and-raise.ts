import { LOW_ALL_MAX, RAISED, nonZeroIndexes, smallerSettingValues, with1 } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import { settingsLength } from "./sparse-rebuild.js";

/** How many later unusual values are raised, one at a time, for each lowered setting. */
const RAISE_REACH = 8;

/**
 * Lower a run-wide setting while raising one later value to its maximum.
 * A milder fault level moves the threshold its trigger must pass (a
 * partition at 15% needs "partition?" at 85 or more, at 5% at 95 or more):
 * lowering the level alone loses the fault, and `lower-values` raising
 * every later value at once also raises the lengths and nodes that must
 * stay as they are. Raising just the trigger keeps the rest; the other
 * passes then lower it to the threshold.
 */
export const lowerAndRaise: ShrinkPass = {
  name: "lower-and-raise",
  contract: `lower each unusual run-wide setting (the run layout's head; a value up to ${LOW_ALL_MAX} to each smaller one, a larger one to 0 and by one) while raising one of the next ${RAISE_REACH} unusual values after the head to its maximum (replay clamps it), one at a time; flat replay; stops at the first success`,
  run(state) {
    const head = settingsLength(state);
    for (const i of nonZeroIndexes(state.best).filter((k) => k < head)) {
      const later = nonZeroIndexes(state.best)
        .filter((j) => j >= head)
        .slice(0, RAISE_REACH);
      for (const low of smallerSettingValues(state.best[i] ?? 0)) {
        for (const j of later) {
          if (state.stopped) return;
          if (state.consider(with1(with1(state.best, i, low), j, RAISED))) return;
        }
      }
    }
  },
};
