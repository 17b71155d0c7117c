import { compareShortlex } from "../../choice-order.js";
import type { Outcome } from "../../target.js";
import { RAISED, zeros } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { unitsAndGaps } from "../span-units.js";
import { calmHead, REBUILD_RUNS_FLOOR, settingsLength } from "./sparse-rebuild.js";

/** Target runs one round may spend per decision of the best (at least REBUILD_RUNS_FLOOR): a base per setting times a span per decision is quadratic on a long best. */
const RUNS_PER_DECISION = 4;

/**
 * The calm starting points: the best's own settings with calm events, the
 * same with one setting one lower (a shorter horizon, a milder fault level:
 * the decision then has to be re-chosen, which no edit of one value does),
 * then calm settings (the horizon at its longest) with one at its maximum.
 */
function bases<O extends Outcome>(state: ShrinkState<O>): number[][] {
  const head = settingsLength(state);
  const own = state.best.slice(0, head);
  const out: number[][] = [own];
  for (let p = 0; p < head; p++) {
    const v = own[p] ?? 0;
    if (v > 0) out.push(own.map((x, i) => (i === p ? v - 1 : x)));
  }
  for (let p = 0; p < head; p++) out.push(calmHead(state, head, p));
  return out;
}

/** Each top-level span of `base`'s run past its settings (and each run of draws no span holds), fully raised on top of `base`; null once over budget. */
function raisedSpans<O extends Outcome>(state: ShrinkState<O>, base: readonly number[], head: number): number[][] | null {
  const spans = state.layoutOf(base);
  if (spans === null) return null;
  return unitsAndGaps(spans, head, state.best.length).map((unit) => {
    const candidate = [...base, ...zeros(Math.max(0, unit.end - base.length))].slice(0, unit.end);
    for (let i = unit.start; i < unit.end; i++) candidate[i] = RAISED;
    return candidate;
  });
}

/** Start over from calm with one whole decision at its most unusual. */
export const spanRebuild: ShrinkPass = {
  name: "span-rebuild",
  contract: `start over from calm: the best's run-wide settings (the run layout's head), the same with one setting one lower, or calm ones with one setting at its maximum, and one whole top-level span of that run (a fault tick, a message, or a run of draws no span holds) with every draw at its maximum; the candidates of every starting point in one shortlex order (shortest first, whichever settings it keeps); flat replay; later passes lower the raised values; at most ${RUNS_PER_DECISION} runs per decision of the best per round (at least ${REBUILD_RUNS_FLOOR})`,
  run(state) {
    const head = settingsLength(state);
    const until = state.runs + Math.max(REBUILD_RUNS_FLOOR, RUNS_PER_DECISION * state.best.length);
    const candidates: number[][] = [];
    for (const base of bases(state)) {
      const raised = raisedSpans(state, base, head);
      if (raised === null) return;
      candidates.push(...raised);
    }
    // Shortest first across every starting point: with the run allowance a
    // sweep base by base never reached the later bases of a long best.
    for (const candidate of candidates.sort(compareShortlex)) {
      if (state.stopped || state.runs >= until) return;
      state.consider(candidate);
    }
  },
};
