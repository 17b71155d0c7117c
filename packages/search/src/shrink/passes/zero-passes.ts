import { hasNonZero, replaceRange } from "../../internal/ranges.js";
import { ddminWindows, descendingIndexes } from "../ddmin-windows.js";
import { nonZeroIndexes, zeros } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
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

/** Zero whole top-level spans with aligned replay. */
export const alignedZeroSpans: ShrinkPass = {
  name: "aligned-zero-spans",
  contract: "zero each top-level span holding something unusual, later ones first; aligned replay (each kind of draw from its own queue)",
  run(state) {
    let units = topLevel(state.spans(), state.best.length);
    for (const u of descendingIndexes(() => units.length)) {
      const unit = units[u];
      if (state.stopped) return;
      if (unit === undefined || unit.end > state.best.length || !hasNonZero(state.best, unit)) continue;
      if (state.considerAligned(replaceRange(state.best, unit, zeros(unit.end - unit.start)))) units = topLevel(state.spans(), state.best.length);
    }
  },
};

/** ddmin over the unusual values, zeroed with aligned replay. */
export const alignedZeroValues: ShrinkPass = {
  name: "aligned-zero-values",
  contract: "ddmin over the unusual values (halves, ... single ones, later first), zeroed together; aligned replay",
  run(state) {
    for (const w of ddminWindows(() => nonZeroIndexes(state.best).length)) {
      if (state.stopped) return;
      const edited = state.best.slice();
      for (const i of nonZeroIndexes(state.best).slice(w.start, w.end)) edited[i] = 0;
      state.considerAligned(edited);
    }
  },
};

/** Cut the sequence at a top-level span, found by bisection. */
export const zeroSuffixes: ShrinkPass = {
  name: "zero-suffixes",
  contract:
    "zero everything from the start of a top-level span to the end, the earliest such cut that still fails found by bisection over the spans (a cut that fails makes the later ones moot; one that does not is taken to rule out the earlier ones); flat replay",
  run(state) {
    // A linear sweep from the earliest cut cost a run per span per round and almost never succeeded: the tail of a trimmed failure is mostly what makes it fail.
    let units = topLevel(state.spans(), state.best.length);
    let lo = -1;
    let hi = units.length;
    while (hi - lo > 1 && !state.stopped) {
      const mid = (lo + hi) >> 1;
      const unit = units[mid];
      if (unit === undefined || unit.start >= state.best.length) {
        hi = mid;
        continue;
      }
      if (state.consider(state.best.slice(0, unit.start))) {
        units = topLevel(state.spans(), state.best.length);
        hi = Math.min(mid, units.length);
      } else {
        lo = mid;
      }
    }
  },
};
