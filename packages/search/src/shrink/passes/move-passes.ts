import { moveDistances, nonZeroIndexes } from "../edits.js";
import { descendingIndexes } from "../ddmin-windows.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import type { Outcome } from "../../target.js";

/** Tries moving `best[i]` into earlier calm draws of its kind; true if one was accepted. */
function moveEarlier<O extends Outcome>(state: ShrinkState<O>, i: number): boolean {
  const key = state.bestKeys[i];
  const calm: number[] = [];
  for (let j = 0; j < i; j++) if (state.bestKeys[j] === key && state.best[j] === 0) calm.push(j);
  for (const back of moveDistances(calm.length)) {
    if (state.stopped) return false;
    const j = calm[calm.length - back] as number;
    const edited = state.best.slice();
    edited[j] = edited[i] as number;
    edited[i] = 0;
    if (state.considerAligned(edited)) return true;
  }
  return false;
}

/** Move an unusual value to an earlier calm draw of the same kind. */
export const alignedMoveEarlier: ShrinkPass = {
  name: "aligned-move-earlier",
  contract:
    "move each unusual value (last first) to an earlier calm draw of the same kind, the farthest first, then half as far, ... the previous one, with aligned replay: a failure that needs time between its faults then fails sooner, so its record is shorter",
  run(state) {
    let nonZero = nonZeroIndexes(state.best);
    for (const n of descendingIndexes(() => nonZero.length)) {
      if (state.stopped) return;
      if (moveEarlier(state, nonZero[n] as number)) nonZero = nonZeroIndexes(state.best);
    }
  },
};

/** Swap two neighbouring decisions of the same kind. */
export const alignedSwapNeighbours: ShrinkPass = {
  name: "aligned-swap-neighbours",
  contract:
    "for each unusual value (last first), swap it with the previous draw of the same kind when that one is larger and unusual too, with aligned replay: two decisions in the other order often fail the same way, and the list is then lexicographically smaller",
  run(state) {
    for (let i = state.best.length - 1; i >= 0 && !state.stopped; i--) {
      const v = state.best[i] ?? 0;
      if (v === 0 || i >= state.best.length) continue;
      const key = state.bestKeys[i];
      let j = i - 1;
      while (j >= 0 && state.bestKeys[j] !== key) j--;
      if (j < 0 || (state.best[j] ?? 0) <= v) continue;
      const edited = state.best.slice();
      edited[j] = v;
      edited[i] = state.best[j] ?? 0;
      state.considerAligned(edited);
    }
  },
};
