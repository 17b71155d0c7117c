import { hasNonZero, replaceRange, spanRanges } from "../../internal/ranges.js";
import { ddminWindows, descendingIndexes } from "../ddmin-windows.js";
import { deletionSizes, zeros } from "../edits.js";
import type { Outcome } from "../../target.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { labelStarts, rareLabels, topLevel } from "../span-units.js";

/** ddmin on deletion over index windows. */
export const deleteChunks: ShrinkPass = {
  name: "delete-chunks",
  contract: "delete ddmin windows of values, skipping windows of zeros (delete-zero-runs covers those more cheaply); flat replay",
  run(state) {
    for (const w of ddminWindows(() => state.best.length)) {
      if (state.stopped) return;
      if (hasNonZero(state.best, w)) state.consider(replaceRange(state.best, w, []));
    }
  },
};

/** The run of zeros ending just before index `end` (after skipping the non-zero values there). */
function zeroRunBefore(values: readonly number[], end: number): { start: number; end: number } {
  let stop = end;
  while (stop > 0 && values[stop - 1] !== 0) stop--;
  let start = stop;
  while (start > 0 && values[start - 1] === 0) start--;
  return { start, end: stop };
}

/** Shorten runs of zeros. */
export const deleteZeroRuns: ShrinkPass = {
  name: "delete-zero-runs",
  contract: "per run of zeros, last first, delete all of it, half, a quarter, ... 3, 2, 1 (deleting any n zeros of a run gives the same sequence), which moves the unusual decisions after it earlier; flat replay",
  run(state) {
    let end = state.best.length;
    while (end > 0 && !state.stopped) {
      const run = zeroRunBefore(state.best, end);
      for (const n of deletionSizes(run.end - run.start)) {
        if (state.stopped || state.consider(replaceRange(state.best, { start: run.start, end: run.start + n }, []))) break;
      }
      end = Math.min(run.start, state.best.length);
    }
  },
};

/** ddmin over runs of consecutive top-level spans. */
export const deleteSpanRuns: ShrinkPass = {
  name: "delete-span-runs",
  contract: "ddmin over runs of consecutive top-level spans (whole decisions), deleted: every later decision moves earlier, still aligned with what it means; flat replay",
  run(state) {
    let units = topLevel(state.spans(), state.best.length);
    for (const w of ddminWindows(() => units.length)) {
      if (state.stopped) return;
      const [from, to] = [units[w.start], units[w.end - 1]];
      if (from === undefined || to === undefined || to.end > state.best.length) continue;
      if (state.consider(replaceRange(state.best, { start: from.start, end: to.end }, []))) units = topLevel(state.spans(), state.best.length);
    }
  },
};

/** Inside each top-level span (later first), delete an unusual value and the one or two draws after it, padding the span with zeros: a decision goes with its dependent draws while later spans stay put. */
export const deleteInsideSpans: ShrinkPass = {
  name: "delete-inside-spans",
  contract: "inside each top-level span (later first), delete an unusual value and the one or two draws after it, padding the span's end with zeros; flat replay",
  run(state) {
    let units = topLevel(state.spans(), state.best.length);
    for (const u of descendingIndexes(() => units.length)) {
      const unit = units[u];
      if (state.stopped) return;
      for (let i = unit?.start ?? 0; unit !== undefined && unit.end <= state.best.length && i < unit.end && !state.stopped; i++) {
        for (let k = 1; (state.best[i] ?? 0) !== 0 && k <= 2 && i + k <= unit.end; k++) {
          if (state.consider(replaceRange(state.best, { start: i, end: unit.end }, [...state.best.slice(i + k, unit.end), ...zeros(k)]))) {
            units = topLevel(state.spans(), state.best.length);
            break;
          }
        }
      }
    }
  },
};

/** Replace a span by nothing or fewer zeros. */
export const replaceSpans: ShrinkPass = {
  name: "replace-spans",
  contract: "each labelled span holding something unusual (largest first): delete it, replace it by 1.. fewer zeros, then zero it (zeroing a 'crash?' draw also skips its 'which node' draw, so the zeroed span is one draw too long); flat replay",
  run(state) {
    let ranges = spanRanges(state.spans(), state.best.length);
    for (let i = 0; i < ranges.length && !state.stopped; i++) {
      const range = ranges[i];
      if (range === undefined || range.end > state.best.length || !hasNonZero(state.best, range)) continue;
      for (let fill = 0; fill <= range.end - range.start && !state.stopped; fill++) {
        if (state.consider(replaceRange(state.best, range, zeros(fill)))) {
          ranges = spanRanges(state.spans(), state.best.length);
          break;
        }
      }
    }
  },
};

/** The first deletion between two starts `gap` apart that is accepted, or false. */
function deleteAtGap<O extends Outcome>(state: ShrinkState<O>, starts: readonly number[], gap: number): boolean {
  for (let i = 0; i + gap < starts.length && !state.stopped; i++) {
    const range = { start: starts[i] as number, end: starts[i + gap] as number };
    if (hasNonZero(state.best, range) && state.consider(replaceRange(state.best, range, []))) return true;
  }
  return false;
}

/** Time travel: delete from one span to a later one of the same label. */
export const deleteBetweenLabels: ShrinkPass = {
  name: "delete-between-labels",
  contract: "per label seen 2..32 times (e.g. periodic fault ticks), rarest first: delete everything from the start of one span to the start of a later one with that label, largest gaps first, so the later period plays out earlier; flat replay",
  run(state) {
    for (const label of rareLabels(state.spans(), state.best.length)) {
      let gap = labelStarts(state.spans(), label, state.best.length).length - 1;
      while (gap >= 1 && !state.stopped) {
        // After a success the same gap is tried again on the shorter sequence.
        if (deleteAtGap(state, labelStarts(state.spans(), label, state.best.length), gap)) gap = Math.min(gap, labelStarts(state.spans(), label, state.best.length).length - 1);
        else gap--;
      }
    }
  },
};
