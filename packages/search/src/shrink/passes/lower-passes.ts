import { raiseAfter, with1 } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import type { Outcome } from "../../target.js";

/** How many later non-zero values the pair passes pair with each one. */
const PAIR_REACH = 8;

/** Binary search of `best[i]` toward 0: `fails(mid)` proposes `mid` and says whether it was accepted (smaller values are assumed, not required, to fail less often). */
function lowerByBisection<O extends Outcome>(state: ShrinkState<O>, i: number, fails: (mid: number) => boolean): void {
  let hi = state.best[i] ?? 0;
  let lo = -1;
  while (hi - lo > 1 && !state.stopped && i < state.best.length) {
    const mid = lo === -1 ? 0 : (lo + hi) >> 1;
    if (fails(mid)) hi = Math.min(mid, state.best[i] ?? 0);
    else lo = mid;
  }
}

/** Binary search of every unusual value toward 0, `fails(lowered, i, old)` trying each probe `lowered` (the best with value `i`, once `old`, lowered). */
function lowerEach<O extends Outcome>(state: ShrinkState<O>, fails: (lowered: number[], i: number, old: number) => boolean): void {
  for (let i = 0; i < state.best.length && !state.stopped; i++) {
    const old = state.best[i] ?? 0;
    if (old !== 0) lowerByBisection(state, i, (mid) => fails(with1(state.best, i, mid), i, old));
  }
}

/** Lower each value by binary search. */
export const lowerValues: ShrinkPass = {
  name: "lower-values",
  contract: "binary search each value toward 0; a probe that fails as is is retried with every later value above the old one raised to the maximum (replay clamps it), which lets a lower fault level through, then with every later unusual value raised (an earlier value lowered may be paid for by later ones: shortlex only asks that the first change goes down); flat replay",
  run(state) {
    lowerEach(state, (lowered, i, old) => state.consider(lowered) || state.consider(raiseAfter(lowered, i, old)) || state.consider(raiseAfter(lowered, i, 0)));
  },
};

/** Zero one value while zeroing or decrementing one of the next few, aligned. */
function lowerPairsAligned<O extends Outcome>(state: ShrinkState<O>): void {
  for (let i = 0; i < state.best.length && !state.stopped; i++) {
    if ((state.best[i] ?? 0) === 0) continue;
    let partners = 0;
    for (let j = i + 1; j < state.best.length && partners < PAIR_REACH && !state.stopped; j++) {
      const v = state.best[j] ?? 0;
      if (v === 0) continue;
      partners++;
      const zeroed = with1(state.best, i, 0);
      if (state.considerAligned(with1(zeroed, j, 0)) || state.considerAligned(with1(zeroed, j, v - 1))) break;
    }
  }
}

/** Lower values alone and in pairs, replaying aligned. */
export const alignedLower: ShrinkPass = {
  name: "aligned-lower",
  contract: `with aligned replay (a shorter delay that changes how many messages follow no longer shifts every later decision): binary search each value toward 0, a probe that fails as is retried with every later value above the old one raised to the maximum, as lower-values does; then zero one unusual value while zeroing or decrementing one of the next ${PAIR_REACH} unusual ones (removing a first crash renumbers what later values mean, and a partition that only chose who leads goes while a later one isolates the node that now leads)`,
  run(state) {
    lowerEach(state, (lowered, i, old) => state.considerAligned(lowered) || state.considerAligned(raiseAfter(lowered, i, old)));
    lowerPairsAligned(state);
  },
};
