import { hasNonZero, type Range } from "../../internal/ranges.js";
import type { Outcome } from "../../target.js";
import { RAISED, zeros } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { topLevel, unitsAndGaps } from "../span-units.js";
import { settingsLength } from "./sparse-rebuild.js";

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

/** Keeps `base` (a prefix of the best, perhaps with a setting raised) and tries one later decision raised on calm; true once one is accepted. */
function rebuildAfter<O extends Outcome>(state: ShrinkState<O>, base: readonly number[]): boolean {
  const cut = base.length;
  const spans = state.layoutOf(base);
  if (spans === null) return false;
  const limit = state.best.length;
  for (const unit of unitsAndGaps(spans, cut, limit)) {
    // A candidate as long as the best, with a raised value, cannot be smaller.
    if (unit.end >= limit) return false;
    for (const candidate of raisedCandidates(base, unit)) {
      if (state.stopped) return false;
      if (state.consider(candidate)) return true;
    }
  }
  return false;
}

/**
 * The prefixes kept, in the order tried: the settings alone, then the best
 * up to the end of each top-level span holding something unusual (earliest
 * first), then the best up to its first such decision with one setting at
 * its maximum (the decision that follows may need a fault level the best
 * does not have, e.g. delays where it had drops). Only that one cut gets the
 * raised settings: each costs a rebuild of every later decision.
 */
function bases<O extends Outcome>(state: ShrinkState<O>): number[][] {
  const head = settingsLength(state);
  const cuts = [head, ...topLevel(state.spans(), state.best.length).filter((u) => u.start >= head && hasNonZero(state.best, u)).map((u) => u.end)].filter((cut) => cut < state.best.length);
  const out = cuts.map((cut) => state.best.slice(0, cut));
  const first = cuts[1];
  if (first === undefined) return out;
  for (let p = 0; p < head; p++) {
    const base = state.best.slice(0, first);
    base[p] = RAISED;
    out.push(base);
  }
  return out;
}

/** Keep the first decisions as they are, start the rest over from calm with one decision raised. */
export const prefixRebuild: ShrinkPass = {
  name: "prefix-rebuild",
  contract:
    "keep a prefix of the best (its settings alone, then up to the end of each top-level span holding something unusual, earliest first, then up to the first such span with one setting at its maximum), make everything after it calm, and raise one later decision (a whole span, then each of its draws alone) at its maximum, shortest first; flat replay; stops at the first success, and the other passes then lower what was raised. A failure of two decisions whose second one took a tangled path (many messages delayed where one suffices) then starts over from its first decision",
  run(state) {
    for (const base of bases(state)) {
      if (state.stopped) return;
      if (rebuildAfter(state, base)) return;
    }
  },
};
