import { compareShortlex } from "../../choice-order.js";
import type { Range } from "../../internal/ranges.js";
import type { ShrinkPass } from "../shrink-pass.js";
import { rareLabels, unitsLabelled } from "../span-units.js";

/** The best with the contents of two neighbouring spans `a` before `b` exchanged (any lengths). */
function swapped(best: readonly number[], a: Range, b: Range): number[] {
  return [...best.slice(0, a.start), ...best.slice(b.start, b.end), ...best.slice(a.end, b.start), ...best.slice(a.start, a.end), ...best.slice(b.end)];
}

/** Swap adjacent spans of the same label when the later one is the smaller. */
export const swapSameLabelSpans: ShrinkPass = {
  name: "swap-same-label-spans",
  contract:
    "for each label seen 2..32 times, swap the contents of two neighbouring top-level spans of that label (last pair first) when the later one is shortlex-smaller, so the smaller decision comes first: two faults in the other order often fail the same way, and the list is then lexicographically smaller; flat replay",
  run(state) {
    for (const label of rareLabels(state.spans(), state.best.length)) {
      let units = unitsLabelled(state.spans(), label, state.best.length);
      for (let u = units.length - 1; u >= 1 && !state.stopped; u--) {
        const a = units[u - 1];
        const b = units[u];
        if (a === undefined || b === undefined || b.end > state.best.length) continue;
        if (compareShortlex(state.best.slice(b.start, b.end), state.best.slice(a.start, a.end)) >= 0) continue;
        if (state.consider(swapped(state.best, a, b))) units = unitsLabelled(state.spans(), label, state.best.length);
      }
    }
  },
};
