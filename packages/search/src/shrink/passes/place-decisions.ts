import { candidatesEndingAt, decisionsOf, padded, PLACED_DECISIONS_MAX, slotsFor, type Decision, type Frame } from "../placements.js";
import type { ShrinkPass } from "../shrink-pass.js";
import { REBUILD_RUNS_FLOOR, settingsLength } from "./sparse-rebuild.js";

/** Target runs one round may spend per decision of the best (at least REBUILD_RUNS_FLOOR); counted, so the result is the same on any machine. */
const RUNS_PER_DECISION = 8;

/**
 * Re-place every decision of a failure of a few decisions at once: each
 * to any slot of its kind, in any order, shortest first (the slot of the
 * last one as early as it goes), then the smallest in lexicographic order
 * (the first decision as late as it goes). Two finds of one defect often
 * hold the same decisions at different places (two crashes at ticks 7
 * and 9 in one, at ticks 3 and 8 with the nodes swapped in the other);
 * moving one decision at a time cannot get from one to the other, since
 * each single move breaks the timing the failure needs.
 */
export const placeDecisions: ShrinkPass = {
  name: "place-decisions",
  contract: `for a failure of at most ${PLACED_DECISIONS_MAX} decisions (top-level spans after the run-wide settings holding something unusual), clear them all and write their contents into other slots of the same kinds (in any order, each slot a top-level span with the same kinds of draws), the last slot earliest first, then lexicographically smallest first; aligned replay; stops at the first success or after ${RUNS_PER_DECISION} runs per decision of the best (at least ${REBUILD_RUNS_FLOOR})`,
  run(state) {
    const decisions = decisionsOf(state);
    if (decisions === null) return;
    const lastAt = (decisions.at(-1) as Decision).at.start;
    // The best itself with its decisions cleared: they move within their own run.
    const values = padded(state.best, state.bestKeys.length);
    for (const d of decisions) for (let i = d.at.start; i < d.at.end; i++) values[i] = 0;
    const frame: Frame = { values, keys: state.bestKeys, slots: slotsFor({ spans: state.spans(), keys: state.bestKeys }, decisions, { start: settingsLength(state), end: lastAt + 1 }) };
    const until = state.runs + Math.max(REBUILD_RUNS_FLOOR, RUNS_PER_DECISION * state.best.length);
    for (let last = decisions.length - 1; last < frame.slots.length; last++) {
      for (const candidate of candidatesEndingAt(frame, decisions, { last, best: state.best })) {
        if (state.stopped || state.runs >= until) return;
        if (state.considerAligned(candidate)) return;
      }
    }
  },
};
