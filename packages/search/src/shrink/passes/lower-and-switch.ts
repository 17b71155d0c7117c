import { LOW_ALL_MAX, nonZeroIndexes, SETTING_FRACTIONS, smallerSettingValues, with1 } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import { settingsLength } from "./sparse-rebuild.js";

/** The levels a later setting is switched to: calm and the first few (replay clamps a level past the setting's range). */
const SWITCH_LEVELS = [0, 1, 2, 3] as const;

/**
 * Lower a run-wide setting while switching one later setting to another
 * level. Two finds of one defect often end on lists of the same length
 * that differ in two settings: one with a longer horizon, the other with a
 * shorter one and bursts of client operations, say. Lowering the horizon
 * alone loses the failure, and switching bursts on alone makes the list
 * larger, so no pass that only accepts smaller lists takes either step;
 * both at once is smaller (the earlier setting went down) and fails. The
 * passes that lower one value at a time then finish the move.
 */
export const lowerAndSwitch: ShrinkPass = {
  name: "lower-and-switch",
  contract: `lower each unusual run-wide setting (the run layout's head; a value up to ${LOW_ALL_MAX} to each smaller one, a larger one to 0, a quarter, a half, three quarters and one less) while switching one later setting to each of the levels ${SWITCH_LEVELS.join(", ")} other than its own, one at a time; flat replay; stops at the first success`,
  run(state) {
    const head = settingsLength(state);
    for (const i of nonZeroIndexes(state.best).filter((k) => k < head)) {
      for (const low of smallerSettingValues(state.best[i] ?? 0, SETTING_FRACTIONS)) {
        const lowered = with1(state.best, i, low);
        for (let j = i + 1; j < head; j++) {
          for (const level of SWITCH_LEVELS) {
            if (level === (state.best[j] ?? 0)) continue;
            if (state.stopped) return;
            if (state.consider(with1(lowered, j, level))) return;
          }
        }
      }
    }
  },
};
