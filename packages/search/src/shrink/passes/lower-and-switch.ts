import { LOW_ALL_MAX, nonZeroIndexes, SETTING_FRACTIONS, smallerSettingValues, with1 } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import { settingsLength } from "../world-settings.js";

/** The levels a later setting is switched to: calm and the first few (replay clamps a level past the setting's range). */
const SWITCH_LEVELS = [0, 1, 2, 3] as const;

/** Lower a run-wide setting while switching a later one to another level: a shorter horizon may need bursts of client operations, either step alone loses the failure or grows the list, both at once is smaller. */
export const lowerAndSwitch: ShrinkPass = {
  name: "lower-and-switch",
  contract: `lower each unusual run-wide setting (the run layout's head; a value up to ${LOW_ALL_MAX} to each smaller one, a larger one to 0, a quarter, a half, three quarters and one less) while switching one later setting to each of the levels ${SWITCH_LEVELS.join(", ")} other than its own, one at a time; flat replay; stops at the first success`,
  run(state) {
    const head = settingsLength(state);
    for (const i of nonZeroIndexes(state.best).filter((k) => k < head)) {
      for (const low of smallerSettingValues(state.best[i] ?? 0, SETTING_FRACTIONS)) {
        for (let j = i + 1; j < head; j++) {
          for (const level of SWITCH_LEVELS.filter((l) => l !== (state.best[j] ?? 0))) if (state.stopped || state.consider(with1(with1(state.best, i, low), j, level))) return;
        }
      }
    }
  },
};
