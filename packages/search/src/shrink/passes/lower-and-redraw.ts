import type { Outcome } from "../../target.js";
import { hasNonZero, type Range } from "../../internal/ranges.js";
import { LOW_ALL_MAX, nonZeroIndexes, smallerSettingValues, with1 } from "../edits.js";
import { topLevel } from "../span-units.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { runAllowance } from "../world-settings.js";

/** Draws below this are small (a node id, a shape, a length) and get re-drawn; larger ones (a fault's trigger) are kept. */
const SMALL = 8;

/** How many draws after the lowered value may be re-drawn alone (its own span's dependent draws and the next decision's). */
const REDRAW_REACH = 4;

/** Up to SMALL_DRAWS_MAX small draws of one of the next DECISIONS_TRIED decisions are re-drawn together, each among 0..REDRAW_MAX - 1, at most RUNS_PER_DECISION runs per decision of the best. */
const REDRAW_MAX = 4;
const SMALL_DRAWS_MAX = 3;
const DECISIONS_TRIED = 2;
const RUNS_PER_DECISION = 16;

/** Lowers `best[i]` (one lower, then 0) and sets one of the next REDRAW_REACH draws to each small value; true if accepted. */
function redrawOne<O extends Outcome>(state: ShrinkState<O>, i: number): boolean {
  const old = state.best[i] ?? 0;
  for (const low of old > 1 ? [old - 1, 0] : [0]) {
    for (let j = i + 1; j < Math.min(state.best.length, i + 1 + REDRAW_REACH); j++) {
      for (let w = 0; w < SMALL; w++) {
        if (state.stopped) return false;
        if (w !== (state.best[j] ?? 0) && state.consider(with1(with1(state.best, i, low), j, w))) return true;
      }
    }
  }
  return false;
}

/** The small draws of `unit` from its first unusual value on (calm ones included), at most SMALL_DRAWS_MAX: what a fault draws once it happens. */
function smallDraws(best: readonly number[], unit: Range): number[] {
  let first = unit.start;
  while (first < unit.end && (best[first] ?? 0) === 0) first++;
  const out: number[] = [];
  for (let k = first; k < unit.end; k++) if ((best[k] ?? 0) < SMALL) out.push(k);
  return out.slice(0, SMALL_DRAWS_MAX);
}

/** Lowers `best[i]` and re-draws every small draw of one of the next decisions together, lexicographically ascending; true once one is accepted. */
function redrawDecisions<O extends Outcome>(state: ShrinkState<O>, i: number, until: number): boolean {
  const decisions = topLevel(state.spans(), state.best.length).filter((u) => u.start > i && hasNonZero(state.best, u)).slice(0, DECISIONS_TRIED);
  for (const low of smallerSettingValues(state.best[i] ?? 0)) {
    for (const unit of decisions) {
      const draws = smallDraws(state.best, unit);
      for (let n = 0; draws.length > 0 && n < REDRAW_MAX ** draws.length; n++) {
        if (state.stopped || state.runs >= until) return false;
        const candidate = with1(state.best, i, low);
        // The n-th assignment, the last draw varying fastest.
        draws.forEach((k, d) => (candidate[k] = Math.floor(n / REDRAW_MAX ** (draws.length - 1 - d)) % REDRAW_MAX));
        if (state.consider(candidate)) return true;
      }
    }
  }
  return false;
}

/** Lower a value and re-draw the draws that depend on it: a milder fault level or a shorter fault phase needs the fault's dependent draws (which node, what shape, how long) chosen again. */
export const lowerAndRedrawPass: ShrinkPass = {
  name: "lower-and-redraw",
  contract: `lower each unusual value (one lower, then 0) while setting one of the next ${REDRAW_REACH} draws to each value below ${SMALL}; then lower each unusual value (a value up to ${LOW_ALL_MAX} to each smaller one, a larger one to 0, then by one) while re-drawing together the small draws (below ${SMALL}, at most ${SMALL_DRAWS_MAX}, from the span's first unusual value on) of one of the next ${DECISIONS_TRIED} top-level spans holding something unusual, each among 0..${REDRAW_MAX - 1}, at most ${RUNS_PER_DECISION} runs per decision of the best (fewer after two fruitless rounds in a row, and never past a quarter of the runs left), stopping at the first success; flat replay`,
  run(state) {
    let nonZero = nonZeroIndexes(state.best);
    for (let n = 0; n < nonZero.length && !state.stopped; n++) if (redrawOne(state, nonZero[n] as number)) nonZero = nonZeroIndexes(state.best);
    const until = runAllowance(state, RUNS_PER_DECISION, 0);
    for (const i of nonZeroIndexes(state.best)) if (state.stopped || state.runs >= until || redrawDecisions(state, i, until)) return;
  },
};
