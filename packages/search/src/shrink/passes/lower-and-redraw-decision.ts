import { hasNonZero, type Range } from "../../internal/ranges.js";
import type { Outcome } from "../../target.js";
import { LOW_ALL_MAX, nonZeroIndexes, smallerSettingValues, with1 } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { topLevel } from "../span-units.js";

/** Draws below this are a decision's small ones (a node id, a shape, a length) and get re-drawn; larger ones (a fault's trigger) are kept. */
const SMALL = 8;

/** Each small draw is re-drawn among 0..REDRAW_MAX - 1. */
const REDRAW_MAX = 4;

/** At most this many small draws of one decision are re-drawn together (REDRAW_MAX ** 3 assignments). */
const SMALL_DRAWS_MAX = 3;

/** How many later decisions holding something unusual are re-drawn, earliest first. */
const DECISIONS_TRIED = 2;

/** Runs one round of the pass may spend, per decision of the best (counted in runs, so the result is the same on any machine). */
const RUNS_PER_DECISION = 16;

/** Every assignment of `count` values in 0..REDRAW_MAX - 1, lexicographically ascending. */
function* assignments(count: number): Generator<number[]> {
  const total = REDRAW_MAX ** count;
  for (let n = 0; n < total; n++) {
    const out: number[] = [];
    for (let k = count - 1, rest = n; k >= 0; k--, rest = Math.floor(rest / REDRAW_MAX)) out[k] = rest % REDRAW_MAX;
    yield out;
  }
}

/**
 * The small draws of `unit` in the best from its first unusual value on
 * (those below SMALL, calm ones included), at most SMALL_DRAWS_MAX: the
 * draws a fault makes once it happens (its shape, its length) follow it.
 */
function smallDraws(best: readonly number[], unit: Range): number[] {
  const out: number[] = [];
  let first = unit.start;
  while (first < unit.end && (best[first] ?? 0) === 0) first++;
  for (let k = first; k < unit.end; k++) if ((best[k] ?? 0) < SMALL) out.push(k);
  return out.slice(0, SMALL_DRAWS_MAX);
}

/** The best with one value lowered, the decision whose small draws are re-drawn, and the run allowance of the round. */
interface Redraw {
  readonly lowered: readonly number[];
  readonly unit: Range;
  readonly until: number;
}

/** Re-draws every small draw of the unit together on top of the lowered best; true once one is accepted. */
function redrawDecision<O extends Outcome>(state: ShrinkState<O>, { lowered, unit, until }: Redraw): boolean {
  const draws = smallDraws(state.best, unit);
  if (draws.length === 0) return false;
  for (const values of assignments(draws.length)) {
    if (state.stopped || state.runs >= until) return false;
    let candidate = lowered.slice();
    draws.forEach((k, n) => (candidate = with1(candidate, k, values[n] ?? 0)));
    if (state.consider(candidate)) return true;
  }
  return false;
}

/** Lowers `best[i]` (every smaller value for a small one, else to 0, then by one) and re-draws each of the next decisions holding something unusual; true once one is accepted. */
function lowerAndRedrawAt<O extends Outcome>(state: ShrinkState<O>, i: number, allowance: { readonly until: number }): boolean {
  const v = state.best[i] ?? 0;
  const decisions = topLevel(state.spans(), state.best.length)
    .filter((u) => u.start > i && hasNonZero(state.best, u))
    .slice(0, DECISIONS_TRIED);
  for (const low of smallerSettingValues(v)) {
    for (const unit of decisions) if (redrawDecision(state, { lowered: with1(state.best, i, low), unit, until: allowance.until })) return true;
  }
  return false;
}

/** Lower a value and re-draw a whole later decision's small draws together. */
export const lowerAndRedrawDecision: ShrinkPass = {
  name: "lower-and-redraw-decision",
  contract: `lower each unusual value (first to last; a value up to ${LOW_ALL_MAX} to each smaller one, ascending, a larger one to 0, then by one) while re-drawing together the small draws (below ${SMALL}, at most ${SMALL_DRAWS_MAX}, from the span's first unusual value on) of one of the next ${DECISIONS_TRIED} top-level spans holding something unusual, each among 0..${REDRAW_MAX - 1}, lexicographically ascending; its large draws (what triggers the fault) are kept; flat replay; stops at the first success or after ${RUNS_PER_DECISION} runs per decision of the best. A milder setting (a shorter fault phase) moves the clients' operations, and the partition that still breaks the run then isolates another node for another length: several draws of a decision far from the setting change together`,
  run(state) {
    const allowance = { until: state.runs + RUNS_PER_DECISION * state.best.length };
    for (const i of nonZeroIndexes(state.best)) {
      if (state.stopped || state.runs >= allowance.until) return;
      if (lowerAndRedrawAt(state, i, allowance)) return;
    }
  },
};
