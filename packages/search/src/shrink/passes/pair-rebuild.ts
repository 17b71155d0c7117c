import type { ShrinkPass } from "../shrink-pass.js";
import { zeros } from "../edits.js";
import { settingsLength } from "./sparse-rebuild.js";

/** How many draws after the settings may hold one of the two values. */
const PAIR_WINDOW = 4;

/** The largest value tried for each of the two (the small draws of a protocol: a timer's jitter, a node id). */
const PAIR_VALUE_MAX = 5;

/**
 * The candidates, in shortlex order: the best's settings, then calm but for
 * two small values at `i < j` among the first draws after the settings;
 * shorter first (the later `j`), then, at one length, the later `i` and
 * the smaller values first.
 */
function* pairCandidates(settings: readonly number[], limit: number): Generator<number[]> {
  const head = settings.length;
  for (let j = head + 1; j < Math.min(head + PAIR_WINDOW, limit - 1); j++) {
    for (let i = j - 1; i >= head; i--) {
      for (let a = 1; a <= PAIR_VALUE_MAX; a++) {
        for (let b = 1; b <= PAIR_VALUE_MAX; b++) {
          const candidate = [...settings, ...zeros(j + 1 - head)];
          candidate[i] = a;
          candidate[j] = b;
          yield candidate;
        }
      }
    }
  }
}

/** Start over from calm with two small values right after the settings. */
export const pairRebuild: ShrinkPass = {
  name: "pair-rebuild",
  contract: `start over from the best's settings with everything after them calm but two values of 1..${PAIR_VALUE_MAX} among the first ${PAIR_WINDOW} draws after the settings, in shortlex order, only while shorter than the best; flat replay; stops at the first success. Two protocol draws that only matter together (two election timers that collide) are out of reach of any pass that raises one decision at a time`,
  run(state) {
    const settings = state.best.slice(0, settingsLength(state));
    for (const candidate of pairCandidates(settings, state.best.length)) {
      if (state.stopped || state.consider(candidate)) return;
    }
  },
};
