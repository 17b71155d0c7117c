import { compareShortlex } from "../../choice-order.js";
import { hasNonZero, type Range } from "../../internal/ranges.js";
import { RAISED } from "../edits.js";
import { decisionsOf, PLACED_DECISIONS_MAX } from "../placements.js";
import type { ShrinkPass } from "../shrink-pass.js";
import { unitsAndGaps } from "../span-units.js";
import { EVERY_VALUE_MAX, loweredValues, placeInFrames } from "./lower-and-place.js";
import { settingsLength } from "./sparse-rebuild.js";

/** The widest lead: one draw per node of a seven-node cluster. */
const LEAD_WIDTH_MAX = 7;

/**
 * The lead of `best`: the first unit after the run-wide settings (a span,
 * or draws no span holds), when it starts right at them, is at most
 * LEAD_WIDTH_MAX draws wide and holds something unusual; else null.
 */
function leadOf(best: readonly number[], spans: readonly Range[], head: number): Range | null {
  const first = unitsAndGaps(spans, head, best.length)[0];
  if (first === undefined || first.start !== head || first.end >= best.length) return null;
  if (first.end - first.start > LEAD_WIDTH_MAX || !hasNonZero(best, first)) return null;
  return first;
}

/**
 * The prefixes to run: the best's settings and its lead with one unusual
 * draw lowered (to each smaller value, as `lower-and-place` lowers a
 * setting) and every other draw of the lead at its maximum, in shortlex
 * order.
 */
function leadVariants(best: readonly number[], lead: Range): number[][] {
  const out: number[][] = [];
  for (let i = lead.start; i < lead.end; i++) {
    for (const low of loweredValues(best[i] ?? 0, false)) {
      const prefix = best.slice(0, lead.end);
      for (let j = lead.start; j < lead.end; j++) prefix[j] = j === i ? low : RAISED;
      out.push(prefix);
    }
  }
  return out.sort(compareShortlex);
}

/**
 * Lower one draw of the lead, push the lead's other draws to their maximum,
 * and place the failure's decisions anew in the run that gives. The lead is
 * what a protocol draws for each node as a run starts (the first election
 * timers of Raft and Paxos, which no span labels): the node whose draw is
 * lowest acts first. Finds of one defect often hold the same fault under
 * different leads (the timers 13, 7, 8 and a partition at one tick; 5, 8, 5
 * and the same partition at an earlier one): lowering the first timer alone
 * hands the lead to another node and the failure is gone, while lowering it
 * with the others out of the way keeps the same node first, earlier, and
 * the fault must move with it. The other passes then lower the raised
 * draws as far as the failure allows.
 */
export const lowerLeadAndPlace: ShrinkPass = {
  name: "lower-lead-and-place",
  contract: `for a failure of at most ${PLACED_DECISIONS_MAX} decisions after a lead (the first unit after the run-wide settings, starting right at them, at most ${LEAD_WIDTH_MAX} draws wide, holding something unusual: a protocol's per-node draws at the start, such as first election timers): lower one draw of the lead to each smaller value (every one up to ${EVERY_VALUE_MAX}, else a quarter, a half, three quarters and one less) with every other draw of the lead at its maximum (replay clamps it), run that prefix alone on calm to learn the slots after the lead, and write the decisions' contents into slots of the same kinds (in any order), every frame's candidates in one shortlex order (shortest first); aligned replay on that run's kinds of draws; budget and stop as lower-and-place`,
  run(state) {
    const head = settingsLength(state);
    const lead = leadOf(state.best, state.spans(), head);
    if (lead === null) return;
    // The lead may itself be a labelled span, and so one of the decisions: it is kept as the frame, never placed.
    const decisions = (decisionsOf(state, PLACED_DECISIONS_MAX + 1) ?? []).filter((d) => d.at.start >= lead.end);
    if (decisions.length === 0 || decisions.length > PLACED_DECISIONS_MAX) return;
    placeInFrames(state, { prefixes: leadVariants(state.best, lead), decisions, slotsFrom: lead.end });
  },
};
