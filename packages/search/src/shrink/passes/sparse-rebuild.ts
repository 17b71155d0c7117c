import { runLayout } from "@cx/sim";
import { RAISED, zeros } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { Outcome } from "../../target.js";
import type { ShrinkState } from "../shrink-state.js";

/** How many leading values are run-wide settings: the end of sim's settings spans; none when the target labels its draws but none as settings; sim's most when it labels nothing. */
export function settingsLength<O extends Outcome>(state: ShrinkState<O>): number {
  let end = 0;
  let labelled = false;
  for (const s of state.spans()) {
    labelled = true;
    if (runLayout.settingsSpans.includes(s.label)) end = Math.max(end, s.end);
  }
  // A run that labels its draws but none as settings has none; only an unlabelled list falls back to sim's layout.
  if (end === 0) return labelled ? 0 : Math.min(runLayout.settingsDrawsMax, state.best.length);
  return Math.min(end, state.best.length);
}

/**
 * A calm head of `length` settings with `raise` (an index, or -1 for none)
 * at its maximum, and the run's horizon at its longest: a rebuild gives
 * the faults room, and the other passes shorten the run again.
 */
export function calmHead<O extends Outcome>(state: ShrinkState<O>, length: number, raise: number): number[] {
  const head = zeros(length);
  for (const s of state.spans()) {
    if (s.label !== runLayout.horizonSpan) continue;
    for (let i = s.start; i < Math.min(s.end, length); i++) head[i] = RAISED;
  }
  if (raise >= 0 && raise < length) head[raise] = RAISED;
  return head;
}

/**
 * Target runs one round of the pass may spend: this many per decision of the
 * best, and never fewer than REBUILD_RUNS_FLOOR. A short best is swept
 * whole; on a long tangled one a full sweep (a run per setting per
 * position) cost more than every other pass together and never succeeded,
 * since such a failure is not one raised value on calm. Counted in runs,
 * so the result is the same on any machine.
 */
const RUNS_PER_DECISION = 2;

/** The fewest runs a round of a rebuild may spend, whatever the length of the best. */
export const REBUILD_RUNS_FLOOR = 1000;

/** Start over from calm with one trigger and at most one setting raised. */
export const sparseRebuild: ShrinkPass = {
  name: "sparse-rebuild",
  contract: `start over from calm: all zeros (the horizon at its longest) but one value at its maximum, or one run-wide setting (the run layout's head) and one later value, shortest first; flat replay; stops at the first success or after ${RUNS_PER_DECISION} runs per decision of the best (at least ${REBUILD_RUNS_FLOOR})`,
  run(state) {
    const head = settingsLength(state);
    const until = state.runs + Math.max(REBUILD_RUNS_FLOOR, RUNS_PER_DECISION * state.best.length);
    for (let q = 0; q < state.best.length && !state.stopped && state.runs < until; q++) {
      for (let p = -1; p < Math.min(q, head) && !state.stopped && state.runs < until; p++) {
        const candidate = [...calmHead(state, Math.min(q, head), p), ...zeros(q + 1)].slice(0, q + 1);
        candidate[q] = RAISED;
        if (state.consider(candidate)) return;
      }
    }
  },
};
