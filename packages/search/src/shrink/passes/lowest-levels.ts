import { atLowestLevels } from "@cx/sim";
import { decisionsOf, padded } from "../placements.js";
import type { ShrinkPass } from "../shrink-pass.js";
import { drawnDecisions, settingOf, withSettingEdits } from "../world-settings.js";
import { settingsLength } from "./sparse-rebuild.js";

/** A failure of any number of decisions: the rewrite is one run, whatever their number. */
const ANY_NUMBER = Number.POSITIVE_INFINITY;

/**
 * Bring every fault level down to the lowest that still allows the
 * failure's faults, each trigger rewritten to mean what it meant (@cx/sim's
 * `atLowestLevels`), in one candidate. Finds of one failure often hold the
 * same dropped message, held message or crash under different levels, and
 * lowering one level moves the threshold under every trigger of its kind
 * at once (and a message's fate bands under the next kinds'): no change of
 * one or two values follows, while the world knows each band.
 */
export const lowestLevels: ShrinkPass = {
  name: "lowest-levels",
  contract:
    "ask the world (@cx/sim's atLowestLevels) for the failure's faults at the lowest levels that allow them (a level the failure uses to its first, the others to 0, each trigger to the lowest value of its band there) and run that one candidate in place, aligned replay; a failure already at its lowest levels costs nothing",
  run(state) {
    const decisions = decisionsOf(state, ANY_NUMBER);
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
