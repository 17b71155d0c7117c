import type { ShrinkPass } from "../shrink-pass.js";
import { zeros } from "../edits.js";
import { settingsLength } from "./sparse-rebuild.js";

/** How many draws after the settings may hold one of the values. */
const TUPLE_WINDOW = 4;

/** The largest value tried: the small draws of a protocol (a timer's jitter, a node id), below 8 as in `lower-and-redraw`. */
const TUPLE_VALUE_MAX = 7;

/** The most values set at once: one per node of a three-node cluster's first draws. */
const TUPLE_SIZE_MAX = 3;

/** Three values go only into the first this many draws after the settings; a wider window costs a run per extra triple. */
const TRIPLE_WIDTH_MAX = 3;

/**
 * Every tail of `width` draws whose last is set and which holds 2 to
 * `most` values of 1..TUPLE_VALUE_MAX, lexicographically smallest first.
 */
function* tails(width: number, most: number): Generator<number[]> {
  function* from(prefix: readonly number[], set: number): Generator<number[]> {
    if (prefix.length === width - 1) {
      if (set + 1 < 2) return;
      for (let v = 1; v <= TUPLE_VALUE_MAX; v++) yield [...prefix, v];
      return;
    }
    for (let v = 0; v <= TUPLE_VALUE_MAX; v++) {
      // Room must stay for the last value.
      if (v > 0 && set + 1 > most - 1) break;
      yield* from([...prefix, v], v > 0 ? set + 1 : set);
    }
  }
  yield* from([], 0);
}

/**
 * The candidates in shortlex order: shorter first; at one length, calm
 * settings before the best's own, then the smaller tail first. Three
 * values only on calm settings: those candidates are the same for every
 * best, so the run cache pays for them once a shrink; on the best's own
 * settings, pairs only.
 */
function* tupleCandidates(settings: readonly number[], limit: number): Generator<number[]> {
  const head = settings.length;
  const ownSettings = settings.some((v) => v !== 0);
  for (let width = 2; width <= TUPLE_WINDOW && head + width < limit; width++) {
    for (const tail of tails(width, width <= TRIPLE_WIDTH_MAX ? TUPLE_SIZE_MAX : 2)) yield [...zeros(head), ...tail];
    if (ownSettings) for (const tail of tails(width, 2)) yield [...settings, ...tail];
  }
}

/** Start over from calm with two or three small values right after the settings. */
export const tupleRebuild: ShrinkPass = {
  name: "tuple-rebuild",
  contract: `start over from calm settings, then from the best's, with everything after them calm but two values of 1..${TUPLE_VALUE_MAX} among the first ${TUPLE_WINDOW} draws after the settings, or ${TUPLE_SIZE_MAX} among the first ${TRIPLE_WIDTH_MAX} on calm settings, in shortlex order, only while shorter than the best; flat replay; stops at the first success (at most 637 candidates on calm settings, the same for every best, and 294 on the best's own). Protocol draws that only matter together (the first election timers of a three-node cluster, two colliding and the third late) are out of reach of any pass that raises one decision at a time`,
  run(state) {
    const settings = state.best.slice(0, settingsLength(state));
    for (const candidate of tupleCandidates(settings, state.best.length)) {
      if (state.stopped || state.consider(candidate)) return;
    }
  },
};
