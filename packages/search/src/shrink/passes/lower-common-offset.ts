import type { Outcome } from "../../target.js";
import { nonZeroIndexes } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";

/** Groups of this many neighbouring unusual values (in the order of the sequence) are lowered together. */
const GROUP_SIZES = [3, 2] as const;

/** The best with `d` taken from every value at `indexes` (floored at 0). */
function lowered(best: readonly number[], indexes: readonly number[], d: number): number[] {
  const copy = best.slice();
  for (const i of indexes) copy[i] = Math.max(0, (copy[i] ?? 0) - d);
  return copy;
}

/** Takes the largest common offset that still fails, trying the whole smallest value, then half, ... 1; true if any was accepted. */
function lowerGroup<O extends Outcome>(state: ShrinkState<O>, indexes: readonly number[]): boolean {
  const smallest = (): number => Math.min(...indexes.map((i) => state.best[i] ?? 0));
  let any = false;
  let d = smallest();
  while (d >= 1 && !state.stopped) {
    if (state.consider(lowered(state.best, indexes, d))) {
      any = true;
      d = smallest();
    } else {
      d >>= 1;
    }
  }
  return any;
}

/** Lower neighbouring values together. */
export const lowerCommonOffset: ShrinkPass = {
  name: "lower-common-offset",
  contract:
    "take the same amount from 3, then 2, neighbouring unusual values at once (the whole smallest value, then half, ... 1): values that only matter relative to each other (two timers that must collide) cannot be lowered one at a time; flat replay",
  run(state) {
    for (const size of GROUP_SIZES) {
      for (let g = 0; !state.stopped; g++) {
        const nonZero = nonZeroIndexes(state.best);
        if (g + size > nonZero.length) break;
        lowerGroup(state, nonZero.slice(g, g + size));
      }
    }
  },
};
