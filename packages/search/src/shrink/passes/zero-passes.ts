import { hasNonZero, replaceRange } from "../../internal/ranges.js";
import { ddminWindows, descendingIndexes } from "../ddmin-windows.js";
import { nonZeroIndexes, zeros } from "../edits.js";
import type { Outcome } from "../../target.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { topLevel } from "../span-units.js";

/** ddmin on zeroing over index windows. */
export const zeroChunks: ShrinkPass = {
  name: "zero-chunks",
  contract: "zero ddmin windows of values (halves, quarters, ... single values; later windows first so tails vanish early); flat replay",
  run(state) {
    for (const w of ddminWindows(() => state.best.length)) {
      if (state.stopped) return;
      if (hasNonZero(state.best, w)) state.consider(replaceRange(state.best, w, zeros(w.end - w.start)));
    }
  },
};

/**
 * Zero whole decisions, then ddmin over the unusual values, with aligned
 * replay: each kind of draw comes from its own queue, so zeroing a message's
 * delay does not shift the fault ticks after it.
 */
export const alignedZero: ShrinkPass = {
  name: "aligned-zero",
  contract: "zero each top-level span holding something unusual, later ones first; then ddmin over the unusual values (halves, ... single ones, later first), zeroed together; aligned replay (each kind of draw from its own queue)",
  run(state) {
    let units = topLevel(state.spans(), state.best.length);
    for (const u of descendingIndexes(() => units.length)) {
      const unit = units[u];
      if (state.stopped) return;
      if (unit === undefined || unit.end > state.best.length || !hasNonZero(state.best, unit)) continue;
      if (state.considerAligned(replaceRange(state.best, unit, zeros(unit.end - unit.start)))) units = topLevel(state.spans(), state.best.length);
    }
    for (const w of ddminWindows(() => nonZeroIndexes(state.best).length)) {
      if (state.stopped) return;
      const edited = state.best.slice();
      for (const i of nonZeroIndexes(state.best).slice(w.start, w.end)) edited[i] = 0;
      state.considerAligned(edited);
    }
  },
};

/** The kinds of draw (span label and draw label) holding something unusual in the best, the most unusual first (ties by key). */
function unusualKinds<O extends Outcome>(state: ShrinkState<O>): string[] {
  const counts = new Map<string, number>();
  state.best.forEach((v, i) => v !== 0 && counts.set(state.bestKeys[i] ?? "", (counts.get(state.bestKeys[i] ?? "") ?? 0) + 1));
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([kind]) => kind);
}

/**
 * Zero every draw of one kind at once (every message delay, every "crash?"):
 * a noisy find carries hundreds of unusual values of a few kinds, and one
 * candidate per kind removes a whole kind of noise where ddmin over
 * positions breaks the schedule first. Two runs per kind at most.
 */
export const zeroKinds: ShrinkPass = {
  name: "zero-kinds",
  contract: "for each kind of draw (span label and draw label) holding something unusual, the most unusual values first: zero every draw of that kind at once, with aligned replay (every other kind keeps its own draws), then flat",
  run(state) {
    for (const kind of unusualKinds(state)) {
      if (state.stopped) return;
      if (!state.best.some((v, i) => v !== 0 && state.bestKeys[i] === kind)) continue;
      const without = state.best.map((v, i) => (state.bestKeys[i] === kind ? 0 : v));
      if (!state.considerAligned(without)) state.consider(without);
    }
  },
};
