import { compareShortlex } from "../../choice-order.js";
import { hasNonZero, type Range } from "../../internal/ranges.js";
import type { Outcome } from "../../target.js";
import { RAISED, with1, zeros } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { topLevel, unitsAndGaps } from "../span-units.js";
import { settingsLength } from "./sparse-rebuild.js";

/**
 * Target runs one round of the pass may spend, per decision of the best: a
 * rebuild tries every later decision of every prefix, which on a long
 * tangled failure would cost more than the rest of the shrink; counted in
 * runs, so the result stays the same on any machine.
 */
const RUNS_PER_DECISION = 8;

/** Values tried for the first decision's small draws (a node id, a length), as aligned-move-spans does. */
const DEPENDENT_VALUES = 8;

/**
 * The candidates raising one decision of `unit` on top of `base`: the whole
 * unit at its maximum, then each of its draws alone (a message raised whole
 * is dropped; raising only its delay keeps it and delays it).
 */
function raisedCandidates(base: readonly number[], unit: Range): number[][] {
  const padded = [...base, ...zeros(Math.max(0, unit.end - base.length))].slice(0, unit.end);
  const out: number[][] = [];
  const whole = padded.slice();
  for (let i = unit.start; i < unit.end; i++) whole[i] = RAISED;
  out.push(whole);
  if (unit.end - unit.start > 1) {
    for (let i = unit.start; i < unit.end; i++) {
      const one = padded.slice();
      one[i] = RAISED;
      out.push(one);
    }
  }
  return out;
}

/** The candidates keeping `base` (a prefix of the best, perhaps with a setting raised) with one later decision raised on calm, shorter than the best; null once over budget. */
function rebuildsAfter<O extends Outcome>(state: ShrinkState<O>, base: readonly number[]): number[][] | null {
  const spans = state.layoutOf(base);
  if (spans === null) return null;
  // A candidate as long as the best, with a raised value, cannot be smaller.
  return unitsAndGaps(spans, base.length, state.best.length)
    .filter((unit) => unit.end < state.best.length)
    .flatMap((unit) => raisedCandidates(base, unit));
}

/**
 * The prefixes kept, in the order tried: the settings alone, then the best
 * up to the end of each top-level span holding something unusual (earliest
 * first), then the best up to its first such decision with one setting at
 * its maximum (the decision that follows may need a fault level the best
 * does not have, e.g. delays where it had drops), and with each of that
 * decision's small draws set to another small value (the partition that
 * isolates another node lets an earlier message do the rest). Only that
 * one cut gets these variants: each costs a rebuild of every later decision.
 */
function bases<O extends Outcome>(state: ShrinkState<O>): number[][] {
  const head = settingsLength(state);
  const cuts = [head, ...topLevel(state.spans(), state.best.length).filter((u) => u.start >= head && hasNonZero(state.best, u)).map((u) => u.end)].filter((cut) => cut < state.best.length);
  const out = cuts.map((cut) => state.best.slice(0, cut));
  const first = cuts[1];
  if (first === undefined) return out;
  for (let p = 0; p < head; p++) out.push(with1(state.best.slice(0, first), p, RAISED));
  // The first decision's small draws (which node, how long) re-chosen: what follows depends on them.
  const decision = topLevel(state.spans(), first).at(-1);
  for (let i = decision?.start ?? first; i < first; i++) {
    const v = state.best[i] ?? 0;
    if (v === 0 || v >= DEPENDENT_VALUES) continue;
    for (let w = 0; w < DEPENDENT_VALUES; w++) if (w !== v) out.push(with1(state.best.slice(0, first), i, w));
  }
  return out;
}

/** Keep the first decisions as they are, start the rest over from calm with one decision raised. */
export const prefixRebuild: ShrinkPass = {
  name: "prefix-rebuild",
  contract:
    "keep a prefix of the best (its settings alone, then up to the end of each top-level span holding something unusual, earliest first, then up to the first such span with one setting at its maximum or one of its small draws set to another value below 8), make everything after it calm, and raise one later decision (a whole span, then each of its draws alone) at its maximum, the candidates of every prefix in one shortlex order (shortest first); flat replay; stops at the first success or after 8 runs per decision of the best, and the other passes then lower what was raised. A failure of two decisions whose second one took a tangled path (many messages delayed where one suffices) then starts over from its first decision",
  run(state) {
    const until = state.runs + RUNS_PER_DECISION * state.best.length;
    const candidates: number[][] = [];
    for (const base of bases(state)) {
      if (state.stopped || state.runs >= until) return;
      const rebuilt = rebuildsAfter(state, base);
      if (rebuilt === null) return;
      candidates.push(...rebuilt);
    }
    // Shortest first across every prefix: with the run allowance a sweep
    // prefix by prefix spent it all on the first prefixes of a long best.
    for (const candidate of candidates.sort(compareShortlex)) {
      if (state.stopped || state.runs >= until) return;
      if (state.consider(candidate)) return;
    }
  },
};
