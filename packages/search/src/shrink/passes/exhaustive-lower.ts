import { with1 } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";

/** Values above this are left to bisection: trying every smaller one would cost a run each. */
const EXHAUSTIVE_MAX = 16;

/**
 * Lower each value to the smallest that fails, trying every smaller value
 * in ascending order; a normalisation: bisection assumes smaller values
 * fail less often, and where that is false it stops above the smallest.
 */
export const exhaustiveLower: ShrinkPass = {
  name: "exhaustive-lower",
  contract: `for each unusual value up to ${EXHAUSTIVE_MAX}, first to last, try every smaller value from 0 up and keep the first that fails (the smallest, where bisection may stop above it because failing is not monotone in the value); flat replay`,
  run(state) {
    for (let i = 0; i < state.best.length && !state.stopped; i++) {
      const v = state.best[i] ?? 0;
      if (v === 0 || v > EXHAUSTIVE_MAX) continue;
      for (let w = 0; w < v && !state.stopped; w++) if (state.consider(with1(state.best, i, w))) break;
    }
  },
};
