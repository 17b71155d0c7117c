import { compareShortlex } from "../../choice-order.js";
import { hasNonZero, type Range } from "../../internal/ranges.js";
import type { Outcome } from "../../target.js";
import { RAISED, roundRobin, with1, zeros } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { topLevel, unitsAndGaps } from "../span-units.js";
import { runAllowance, settingsLength } from "../world-settings.js";
import { runLayout } from "@cx/sim";

/** Runs a round may spend per decision of the best (every base times every later decision is quadratic), at least REBUILD_FLOOR: it runs at every fixed point. */
const RUNS_PER_DECISION = 4;
const REBUILD_FLOOR = 300;

/** Calm settings (the run's horizon at its longest: the faults get room, later passes shorten it) with the setting `raise` at its maximum (-1: none). */
function calmSettings<O extends Outcome>(state: ShrinkState<O>, head: number, raise: number): number[] {
  const settings = zeros(head);
  for (const s of state.spans()) for (let i = s.start; s.label === runLayout.horizonSpan && i < Math.min(s.end, head); i++) settings[i] = RAISED;
  if (raise >= 0 && raise < head) settings[raise] = RAISED;
  return settings;
}

/** What a rebuild keeps, in three families: calm settings (one at its maximum or none); the best's own (one at its maximum, one lower, or none); the best up to the end of each decision. */
function baseFamilies<O extends Outcome>(state: ShrinkState<O>): number[][][] {
  const head = settingsLength(state);
  const own = state.best.slice(0, head);
  const calm = [calmSettings(state, head, -1)];
  for (let p = 0; p < head; p++) calm.push(calmSettings(state, head, p));
  const owned = [own];
  own.forEach((v, p) => owned.push(...(v > 0 ? [with1(own, p, v - 1)] : []), with1(own, p, RAISED)));
  const prefixes = topLevel(state.spans(), state.best.length).filter((u) => u.start >= head && u.end < state.best.length && hasNonZero(state.best, u)).map((u) => state.best.slice(0, u.end));
  return [calm, owned, prefixes];
}

/** On top of `base`, the later `unit` with every draw at its maximum, then (for a unit of several draws) each draw alone: a message raised whole is dropped, its delay alone delays it. */
function raised(base: readonly number[], unit: Range): number[][] {
  const padded = [...base, ...zeros(Math.max(0, unit.end - base.length))].slice(0, unit.end);
  const whole = padded.slice();
  for (let i = unit.start; i < unit.end; i++) whole[i] = RAISED;
  const out = [whole];
  for (let i = unit.start; unit.end - unit.start > 1 && i < unit.end; i++) {
    const one = padded.slice();
    one[i] = RAISED;
    out.push(one);
  }
  return out;
}

/** Start over from calm with one decision at its most unusual. */
export const rebuild: ShrinkPass = {
  name: "rebuild",
  contract: `start over from calm: keep calm settings (one of them at its maximum, or none), the best's own settings (one of them at its maximum or one lower, or none), or the best up to the end of one of its decisions; run that once to learn its layout (at most half the allowance) and raise one later decision (a top-level span, or a run of draws no span holds) at its maximum, whole, then each of its draws alone; the three families taking turns, each shortest first; flat replay; stops at the first success or after ${RUNS_PER_DECISION} runs per decision of the best (at least ${REBUILD_FLOOR}); the other passes then lower what was raised. A failure whose decisions took a tangled path (many messages delayed where one fault suffices) then starts over from the one that matters`,
  run(state) {
    const until = runAllowance(state, RUNS_PER_DECISION, REBUILD_FLOOR);
    // Learning layouts may take half the allowance: the rest is for the candidates on them.
    const learnUntil = state.runs + Math.floor((until - state.runs) / 2);
    const families: number[][][] = [];
    for (const bases of baseFamilies(state)) {
      const candidates: number[][] = [];
      for (const base of bases) {
        if (state.stopped) return;
        if (state.runs >= learnUntil) break;
        const spans = state.recordOf(base)?.spans;
        if (spans === undefined) return;
        // A candidate as long as the best, with a raised value, cannot be smaller.
        for (const unit of unitsAndGaps(spans, base.length, state.best.length)) if (unit.end < state.best.length) candidates.push(...raised(base, unit));
      }
      families.push(candidates.sort(compareShortlex));
    }
    // The families take turns, each shortest first: one family's short candidates would otherwise spend the allowance before another's first.
    for (const candidate of roundRobin(families)) {
      if (state.stopped || state.runs >= until) return;
      if (state.consider(candidate)) return;
    }
  },
};
