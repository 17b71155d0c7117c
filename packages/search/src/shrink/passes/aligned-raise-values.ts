import { with1 } from "../edits.js";
import { decisionsOf } from "../placements.js";
import type { ShrinkPass } from "../shrink-pass.js";
import { settingsLength } from "./sparse-rebuild.js";

/**
 * Raise one calm draw before the failure's last decision to 1, with
 * aligned replay, so every later decision stays the k-th draw of its kind.
 * A fault struck after the n-th client request sits where that request's
 * draws end: a request of another kind (a read, which replicates nothing,
 * for a write) ends sooner, and so does every later one, so the same fault
 * after the same request makes a shorter list. Every other pass only lowers
 * values, and a list that is larger at one draw is reached from the best
 * only when the whole list gets shorter, which is the one thing that makes
 * it smaller in shortlex order; one run per calm draw.
 */
export const alignedRaiseValues: ShrinkPass = {
  name: "aligned-raise-values",
  contract:
    "raise each calm draw between the run-wide settings and the last decision (the last top-level span holding something unusual) to 1, one at a time, earliest first, with aligned replay (each kind of draw from its own queue, so every later decision stays the k-th of its kind); accepted only when the run's record gets shorter, stops at the first success",
  run(state) {
    const decisions = decisionsOf(state, Number.POSITIVE_INFINITY);
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
