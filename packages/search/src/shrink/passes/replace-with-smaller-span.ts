import { compareShortlex } from "../../choice-order.js";
import { replaceRange } from "../../internal/ranges.js";
import type { Span } from "@cx/sim";
import type { ShrinkPass } from "../shrink-pass.js";
import { topLevel } from "../span-units.js";

/** How many smaller contents are tried per span, smallest first. */
const CONTENTS_TRIED = 4;

/** Per label, the distinct contents of the best's spans of that label, shortlex ascending. */
function contentsByLabel(best: readonly number[], spans: readonly Span[]): Map<string, number[][]> {
  const byLabel = new Map<string, Map<string, number[]>>();
  for (const s of spans) {
    if (s.end > best.length || s.end <= s.start) continue;
    const content = best.slice(s.start, s.end);
    let group = byLabel.get(s.label);
    if (group === undefined) byLabel.set(s.label, (group = new Map()));
    group.set(content.join(","), content);
  }
  return new Map([...byLabel].map(([label, group]) => [label, [...group.values()].sort(compareShortlex)]));
}

/** Replace a span by a shortlex-smaller span of the same label seen elsewhere in the run. */
export const replaceWithSmallerSpan: ShrinkPass = {
  name: "replace-with-smaller-span",
  contract: `replace each top-level span (last first) by the content of another span of the same label in the same run that is shortlex-smaller (shorter, or as long and lexicographically smaller), the ${CONTENTS_TRIED} smallest first: a message handled in one way elsewhere in the run, or a fault tick of another shape; flat replay`,
  run(state) {
    const label = new Map(state.spans().map((s) => [`${s.start}:${s.end}`, s.label]));
    const units = topLevel(state.spans(), state.best.length);
    for (let u = units.length - 1; u >= 0 && !state.stopped; u--) {
      const unit = units[u];
      if (unit === undefined || unit.end > state.best.length) continue;
      const name = label.get(`${unit.start}:${unit.end}`);
      if (name === undefined) continue;
      const own = state.best.slice(unit.start, unit.end);
      const smaller = (contentsByLabel(state.best, state.spans()).get(name) ?? []).filter((c) => compareShortlex(c, own) < 0).slice(0, CONTENTS_TRIED);
      for (const content of smaller) if (state.stopped || state.consider(replaceRange(state.best, unit, content))) break;
    }
  },
};
