import { hasNonZero, type Range } from "../../internal/ranges.js";
import type { Outcome } from "../../target.js";
import { descendingIndexes } from "../ddmin-windows.js";
import { moveDistances } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { rareLabels, unitsLabelled } from "../span-units.js";

/** Values tried for a moved decision's dependent draw (a node id, a shape): small ones, as such draws are. */
const DEPENDENT_VALUES = 8;

/** True when `a` and `b` hold the same kinds of draws at the same offsets. */
function sameKinds(keys: readonly string[], a: Range, b: Range): boolean {
  if (a.end - a.start !== b.end - b.start) return false;
  for (let k = 0; k < a.end - a.start; k++) if (keys[a.start + k] !== keys[b.start + k]) return false;
  return true;
}

/** A span move: `from`'s values go to `to`, optionally with one value of the copy replaced. */
interface Move {
  readonly from: Range;
  readonly to: Range;
  readonly adjust?: { readonly offset: number; readonly value: number };
}

/** The best with the move applied: `from` zeroed, its values in `to`. */
function moved(best: readonly number[], { from, to, adjust }: Move): number[] {
  const edited = best.slice();
  for (let k = 0; k < from.end - from.start; k++) {
    edited[to.start + k] = best[from.start + k] ?? 0;
    edited[from.start + k] = 0;
  }
  if (adjust !== undefined) edited[to.start + adjust.offset] = adjust.value;
  return edited;
}

/** Tries `from` at `to`, then with each non-zero draw of the copy set to another small value; true if one was accepted. */
function tryMove<O extends Outcome>(state: ShrinkState<O>, move: Move, adjust: boolean): boolean {
  const { from, to } = move;
  if (state.considerAligned(moved(state.best, move))) return true;
  if (!adjust) return false;
  for (let offset = 0; offset < from.end - from.start; offset++) {
    const v = state.best[from.start + offset] ?? 0;
    if (v === 0 || v >= DEPENDENT_VALUES) continue;
    for (let value = 0; value < DEPENDENT_VALUES && !state.stopped; value++) {
      if (value !== v && state.considerAligned(moved(state.best, { from, to, adjust: { offset, value } }))) return true;
    }
  }
  return false;
}

/** Moves `units[u]` to earlier calm units of its label; true if accepted. */
function moveUnit<O extends Outcome>(state: ShrinkState<O>, units: readonly Range[], u: number): boolean {
  const from = units[u];
  if (from === undefined || from.end > state.best.length || !hasNonZero(state.best, from)) return false;
  const calm = units.slice(0, u).filter((t) => !hasNonZero(state.best, t) && sameKinds(state.bestKeys, t, from));
  const distances = moveDistances(calm.length);
  for (const back of distances) {
    if (state.stopped) return false;
    // Only the farthest move also tries other values for the decision's dependent draws.
    if (tryMove(state, { from, to: calm[calm.length - back] as Range }, back === distances[0])) return true;
  }
  return false;
}

/** Move a whole decision (a span and its dependent draws) to an earlier calm span of the same label. */
export const alignedMoveSpans: ShrinkPass = {
  name: "aligned-move-spans",
  contract:
    "for each label seen 2..32 times (e.g. fault ticks), move each span holding something unusual (last first) into an earlier calm span of that label with the same kinds of draws, the farthest first, then half as far, ... the previous one, with aligned replay; at the farthest, also with each small unusual draw of it set to another small value (the node a fault picks depends on when it happens)",
  run(state) {
    for (const label of rareLabels(state.spans(), state.best.length)) {
      let units = unitsLabelled(state.spans(), label, state.best.length);
      for (const u of descendingIndexes(() => units.length)) {
        if (state.stopped) return;
        if (moveUnit(state, units, u)) units = unitsLabelled(state.spans(), label, state.best.length);
      }
    }
  },
};
