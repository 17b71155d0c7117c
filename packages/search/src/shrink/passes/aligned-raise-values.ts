import { with1 } from "../edits.js";
import { decisionsOf } from "../placements.js";
import type { ShrinkPass } from "../shrink-pass.js";
import { settingsLength } from "../world-settings.js";

/** Raise one calm draw to 1, aligned: a fault struck after the n-th client request comes sooner when a request is a read instead of a write, a shorter list every lowering pass misses. */
export const alignedRaiseValues: ShrinkPass = {
  name: "aligned-raise-values",
  contract: "raise each calm draw between the run-wide settings and the last decision (the last top-level span holding something unusual) to 1, one at a time, earliest first, with aligned replay (each kind of draw from its own queue, so every later decision stays the k-th of its kind); accepted only when the run's record gets shorter, stops at the first success",
  run(state) {
    const decisions = decisionsOf(state);
    const last = decisions?.at(-1);
    if (decisions === null || last === undefined) return;
    for (let p = settingsLength(state); p < last.at.start; p++) {
      if (state.stopped) return;
      if ((state.best[p] ?? 0) !== 0 || decisions.some((d) => d.at.start <= p && p < d.at.end)) continue;
      // The first raise that shortens the list ends the pass: the other passes tidy up after it before another is tried.
      if (state.considerAligned(with1(state.best, p, 1))) return;
    }
  },
};
