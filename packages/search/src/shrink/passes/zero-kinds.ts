import type { Outcome } from "../../target.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";

/**
 * The kinds of draw (span label and draw label, as aligned replay keys them)
 * that hold something unusual in the best, the most unusual values first
 * (ties by key, so the order is the same on any machine).
 */
function unusualKinds<O extends Outcome>(state: ShrinkState<O>): string[] {
  const counts = new Map<string, number>();
  state.best.forEach((v, i) => {
    if (v !== 0) counts.set(state.bestKeys[i] ?? "", (counts.get(state.bestKeys[i] ?? "") ?? 0) + 1);
  });
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([kind]) => kind);
}

/** The best with every draw of `kind` zeroed. */
function withoutKind<O extends Outcome>(state: ShrinkState<O>, kind: string): number[] {
  return state.best.map((v, i) => (state.bestKeys[i] === kind ? 0 : v));
}

/**
 * Zero every draw of one kind at once (every message delay, every client
 * pause, every "crash?" of the fault clock). A failure found in a noisy run
 * carries hundreds of unusual values of a few kinds, most of them noise:
 * one candidate per kind removes a whole kind of noise, where ddmin over
 * positions breaks the schedule the failure needs long before it gets
 * there. Cheap (two runs per kind at most), so it runs first.
 */
export const zeroKinds: ShrinkPass = {
  name: "zero-kinds",
  contract:
    "for each kind of draw (span label and draw label) holding something unusual, the most unusual values first: zero every draw of that kind at once, with aligned replay (every other kind keeps its own draws), then flat",
  run(state) {
    for (const kind of unusualKinds(state)) {
      if (state.stopped) return;
      if (!state.best.some((v, i) => v !== 0 && state.bestKeys[i] === kind)) continue;
      if (!state.considerAligned(withoutKind(state, kind))) state.consider(withoutKind(state, kind));
    }
  },
};
