import { atLowestLevels } from "@cx/sim";
import { decisionsOf, drawnDecisions, padded } from "../placements.js";
import type { ShrinkPass } from "../shrink-pass.js";
import { settingOf, settingsLength, withSettingEdits } from "../world-settings.js";

/** Every fault level down to the lowest that still allows the failure's faults, each trigger moved to mean what it meant, in one candidate: the world knows each band, no change of one or two values follows them. */
export const lowestLevels: ShrinkPass = {
  name: "lowest-levels",
  contract: "ask the world (@cx/sim's atLowestLevels) for the failure's faults at the lowest levels that allow them (a level the failure uses to its first, the others to 0, each trigger to the lowest value of its band there) and run that one candidate in place, aligned replay; a failure already at its lowest levels costs nothing",
  run(state) {
    const decisions = decisionsOf(state);
    if (decisions === null) return;
    const head = settingsLength(state);
    const best = padded(state.best, state.bestKeys.length);
    const headKeys = state.bestKeys.slice(0, head);
    const low = atLowestLevels(drawnDecisions(decisions), settingOf(best, headKeys));
    if (low === null) return;
    const edited = withSettingEdits(best, headKeys, low.settings);
    if (edited === null) return;
    low.contents.forEach((content, i) => {
      const at = decisions[i]?.at;
      if (content === null || at === undefined) return;
      content.forEach((v, k) => (edited[at.start + k] = v));
    });
    state.considerAligned(edited);
  },
};
