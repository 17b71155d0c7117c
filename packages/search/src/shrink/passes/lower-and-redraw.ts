import type { Outcome } from "../../target.js";
import { nonZeroIndexes, with1 } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";

/** Values tried for a dependent draw: the small ones (a node id, a shape, a length), as such draws are. */
const REDRAW_VALUES = 8;

/** How many later draws after the lowered value may be re-drawn (its own span's dependent draws and the next decision's). */
const REDRAW_REACH = 4;

/** The lowered values tried for `v`: one lower, then 0. */
function loweredValues(v: number): number[] {
  return v > 1 ? [v - 1, 0] : [0];
}

/** Lowers `best[i]` and re-draws one later value among the next few draws; true if accepted. */
function lowerAndRedraw<O extends Outcome>(state: ShrinkState<O>, i: number, consider: (candidate: number[]) => boolean): boolean {
  const old = state.best[i] ?? 0;
  for (const low of loweredValues(old)) {
    const lowered = with1(state.best, i, low);
    for (let j = i + 1; j < Math.min(state.best.length, i + 1 + REDRAW_REACH); j++) {
      const current = state.best[j] ?? 0;
      for (let w = 0; w < REDRAW_VALUES; w++) {
        if (state.stopped) return false;
        if (w !== current && consider(with1(lowered, j, w))) return true;
      }
    }
  }
  return false;
}

/** Lower one value and re-draw a dependent later one, with `consider` replaying. */
function lowerAndRedrawWith<O extends Outcome>(state: ShrinkState<O>, consider: (candidate: number[]) => boolean): void {
  let nonZero = nonZeroIndexes(state.best);
  for (let n = 0; n < nonZero.length && !state.stopped; n++) {
    const i = nonZero[n] as number;
    if (lowerAndRedraw(state, i, consider)) nonZero = nonZeroIndexes(state.best);
  }
}

/** Lower a value and re-draw the small values that depend on it, flat. */
export const lowerAndRedrawPass: ShrinkPass = {
  name: "lower-and-redraw",
  contract: `lower each unusual value (one lower, then 0) while setting one of the next ${REDRAW_REACH} draws to each value below ${REDRAW_VALUES}: a milder fault level or a different fault needs its dependent draws (which node, what shape, how long) chosen again, which no pass changing one value reaches; flat replay`,
  run: (state) => lowerAndRedrawWith(state, (c) => state.consider(c)),
};
