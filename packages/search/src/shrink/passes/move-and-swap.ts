import { compareShortlex } from "../../choice-order.js";
import { hasNonZero, type Range } from "../../internal/ranges.js";
import type { Outcome } from "../../target.js";
import { descendingIndexes } from "../ddmin-windows.js";
import { moveDistances } from "../edits.js";
import { fits } from "../placements.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { rareLabels, unitsLabelled } from "../span-units.js";

/** Values tried for a moved decision's dependent draw (a node id, a shape): small ones, as such draws are. */
const DEPENDENT_VALUES = 8;

/** A move of `from`'s values to `to` (and `from` zeroed), the copy's draw at `offset` set to `value` if given. */
interface Move {
  readonly from: Range;
  readonly to: Range;
  readonly adjust?: { readonly offset: number; readonly value: number };
}

/** The best with the move applied. */
function moved(best: readonly number[], { from, to, adjust }: Move): number[] {
  const edited = best.slice();
  for (let k = 0; k < from.end - from.start; k++) {
    edited[to.start + k] = best[from.start + k] ?? 0;
    edited[from.start + k] = 0;
  }
  if (adjust !== undefined) edited[to.start + adjust.offset] = adjust.value;
  return edited;
}

/** Tries `from` at `to`, then (when `adjust`) with each small unusual draw of the copy set to another small value; true if one was accepted. */
function tryMove<O extends Outcome>(state: ShrinkState<O>, { from, to }: Move, adjust: boolean): boolean {
  if (state.considerAligned(moved(state.best, { from, to }))) return true;
  for (let offset = 0; adjust && offset < from.end - from.start; offset++) {
    const v = state.best[from.start + offset] ?? 0;
    if (v === 0 || v >= DEPENDENT_VALUES) continue;
    for (let value = 0; value < DEPENDENT_VALUES && !state.stopped; value++) {
      if (value !== v && state.considerAligned(moved(state.best, { from, to, adjust: { offset, value } }))) return true;
    }
  }
  return false;
}

/** Moves `units[u]` into an earlier calm unit of the same kinds, the farthest first, then half as far, ... the previous one; true if accepted. */
function moveUnit<O extends Outcome>(state: ShrinkState<O>, units: readonly Range[], { u, adjust }: { readonly u: number; readonly adjust: boolean }): boolean {
  const from = units[u];
  if (from === undefined || from.end > state.best.length || !hasNonZero(state.best, from)) return false;
  const calm = units.slice(0, u).filter((t) => !hasNonZero(state.best, t) && fits({ keys: state.bestKeys }, t, { kinds: state.bestKeys.slice(from.start, from.end) }));
  const distances = moveDistances(calm.length);
  for (const back of distances) {
    if (state.stopped) return false;
    // Only the farthest move also tries other values for the decision's dependent draws.
    if (tryMove(state, { from, to: calm[calm.length - back] as Range }, adjust && back === distances[0])) return true;
  }
  return false;
}

/** Moves every unit of each group (last first), the group's units read again after each success. */
function moveEach<O extends Outcome>(state: ShrinkState<O>, groups: readonly string[], { unitsOf, adjust }: { readonly unitsOf: (group: string) => Range[]; readonly adjust: boolean }): void {
  for (const group of groups) {
    let units = unitsOf(group);
    for (const u of descendingIndexes(() => units.length)) {
      if (state.stopped) return;
      if (moveUnit(state, units, { u, adjust })) units = unitsOf(group);
    }
  }
}

/** Each unusual value swapped with the previous draw of its kind when that one is larger and unusual too. */
function swapNeighbours<O extends Outcome>(state: ShrinkState<O>): void {
  for (let i = state.best.length - 1; i >= 0 && !state.stopped; i--) {
    const v = state.best[i] ?? 0;
    let j = i - 1;
    while (j >= 0 && state.bestKeys[j] !== state.bestKeys[i]) j--;
    if (v === 0 || j < 0 || (state.best[j] ?? 0) <= v) continue;
    const edited = state.best.slice();
    [edited[j], edited[i]] = [v, state.best[j] ?? 0];
    state.considerAligned(edited);
  }
}

/** Per label seen 2..32 times, two neighbouring spans of it swapped (last pair first) when the later is shortlex-smaller, flat. */
function swapSpans<O extends Outcome>(state: ShrinkState<O>): void {
  for (const label of rareLabels(state.spans(), state.best.length)) {
    let units = unitsLabelled(state.spans(), label, state.best.length);
    for (let u = units.length - 1; u >= 1 && !state.stopped; u--) {
      const a = units[u - 1];
      const b = units[u];
      if (a === undefined || b === undefined || b.end > state.best.length) continue;
      if (compareShortlex(state.best.slice(b.start, b.end), state.best.slice(a.start, a.end)) >= 0) continue;
      const best = state.best;
      if (state.consider([...best.slice(0, a.start), ...best.slice(b.start, b.end), ...best.slice(a.end, b.start), ...best.slice(a.start, a.end), ...best.slice(b.end)])) units = unitsLabelled(state.spans(), label, state.best.length);
    }
  }
}

/** Move decisions earlier (a failure that needs time between its faults fails sooner) and swap them (two decisions in the other order often fail the same way, and the list is then smaller). */
export const moveAndSwap: ShrinkPass = {
  name: "move-and-swap",
  contract: `move each decision of a label seen 2..32 times (last first) into an earlier calm span of that label with the same kinds of draws, the farthest first, then half as far, ... the previous one (at the farthest also with each small draw of it set to another value below ${DEPENDENT_VALUES}: the node a fault picks depends on when it happens); move each unusual value into an earlier calm draw of its kind the same way; swap an unusual value with the previous draw of its kind when that one is larger; all with aligned replay; then swap two neighbouring spans of one label when the later is shortlex-smaller, flat`,
  run(state) {
    moveEach(state, rareLabels(state.spans(), state.best.length), { unitsOf: (label) => unitsLabelled(state.spans(), label, state.best.length), adjust: true });
    // Each draw of an unusual kind is a unit of one.
    const kinds = [...new Set(state.best.flatMap((v, i) => (v === 0 ? [] : [state.bestKeys[i] ?? ""])))];
    moveEach(state, kinds, { unitsOf: (kind) => state.best.flatMap((_, i) => (state.bestKeys[i] === kind ? [{ start: i, end: i + 1 }] : [])), adjust: false });
    swapNeighbours(state);
    swapSpans(state);
  },
};
