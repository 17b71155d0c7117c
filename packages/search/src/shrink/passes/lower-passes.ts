import { raiseAfter, with1 } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import type { Outcome } from "../../target.js";

/** How many later non-zero values the pair passes pair with each one. */
const PAIR_REACH = 8;

/**
 * Binary search of `best[i]` toward 0: `fails(mid)` proposes the value
 * `mid` and says whether it was accepted; the search assumes (does not
 * require) that smaller values fail less often.
 */
function lowerByBisection<O extends Outcome>(state: ShrinkState<O>, i: number, fails: (mid: number) => boolean): void {
  let hi = state.best[i] ?? 0;
  let lo = -1;
  while (hi - lo > 1 && !state.stopped && i < state.best.length) {
    const mid = lo === -1 ? 0 : (lo + hi) >> 1;
    if (fails(mid)) hi = Math.min(mid, state.best[i] ?? 0);
    else lo = mid;
  }
}

/** Lower each value by binary search. */
export const lowerValues: ShrinkPass = {
  name: "lower-values",
  contract:
    "binary search each value toward 0; a probe that fails as is is retried with every later value above the old one raised to the maximum (replay clamps it), which lets a lower fault level through, then with every later unusual value raised (an earlier value lowered may be paid for by later ones: shortlex only asks that the first change goes down); flat replay",
  run(state) {
    for (let i = 0; i < state.best.length && !state.stopped; i++) {
      const old = state.best[i] ?? 0;
      if (old === 0) continue;
      lowerByBisection(state, i, (mid) => {
        const lowered = with1(state.best, i, mid);
        return state.consider(lowered) || state.consider(raiseAfter(lowered, i, old)) || state.consider(raiseAfter(lowered, i, 0));
      });
    }
  },
};

/** Lower each value by binary search, replaying aligned. */
export const alignedLowerValues: ShrinkPass = {
  name: "aligned-lower-values",
  contract:
    "binary search each value toward 0 with aligned replay: a shorter delay that changes how many messages follow no longer shifts every later decision; a probe that fails as is is retried with every later value above the old one raised to the maximum, as lower-values does (a milder fault level, and the fault that needed it drawn at its most likely)",
  run(state) {
    for (let i = 0; i < state.best.length && !state.stopped; i++) {
      const old = state.best[i] ?? 0;
      if (old === 0) continue;
      lowerByBisection(state, i, (mid) => {
        const lowered = with1(state.best, i, mid);
        return state.considerAligned(lowered) || state.considerAligned(raiseAfter(lowered, i, old));
      });
    }
  },
};

/** Zero one value while zeroing or decrementing one of the next few, tried by `consider`. */
function lowerPairsWith<O extends Outcome>(state: ShrinkState<O>, consider: (candidate: number[]) => boolean): void {
  for (let i = 0; i < state.best.length && !state.stopped; i++) {
    if ((state.best[i] ?? 0) === 0) continue;
    let partners = 0;
    for (let j = i + 1; j < state.best.length && partners < PAIR_REACH && !state.stopped; j++) {
      const v = state.best[j] ?? 0;
      if (v === 0) continue;
      partners++;
      const zeroed = with1(state.best, i, 0);
      if (consider(with1(zeroed, j, 0)) || consider(with1(zeroed, j, v - 1))) break;
    }
  }
}

/** Zero one value and lower a later one. */
export const lowerPairs: ShrinkPass = {
  name: "lower-pairs",
  contract:
    "zero one unusual value while zeroing or decrementing one of the next 8 unusual ones (removing a first crash renumbers what later values mean: 'crash node 1' becomes 'crash node 0'); flat replay",
  run: (state) => lowerPairsWith(state, (c) => state.consider(c)),
};

/** `lower-pairs` with aligned replay. */
export const alignedLowerPairs: ShrinkPass = {
  name: "aligned-lower-pairs",
  contract: "lower-pairs with aligned replay: a partition that only chose who leads goes, and the later one isolates the node that now leads",
  run: (state) => lowerPairsWith(state, (c) => state.considerAligned(c)),
};
