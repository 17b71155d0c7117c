import { reencodeFaults } from "@cx/sim";
import { compareShortlex } from "../../choice-order.js";
import { drawKind } from "../../internal/keyed-replay.js";
import { decisionsOf, padded, PLACED_DECISIONS_MAX, placedValues, rankedPlacements, slotsFor, type Decision, type Frame, type RankedPlacement } from "../placements.js";
import type { ShrinkPass } from "../shrink-pass.js";
import { drawnDecisions, settingOf, withSettingEdits } from "../world-settings.js";
import { REBUILD_RUNS_FLOOR, settingsLength } from "./sparse-rebuild.js";

/** Target runs one round may spend per decision of the best (at least REBUILD_RUNS_FLOOR), counted, so the result is the same on any machine. */
const RUNS_PER_DECISION = 8;

/** Every choice of one item from each list, in order (the first list varies slowest). */
function product<T>(lists: readonly (readonly T[])[]): T[][] {
  return lists.reduce<T[][]>((acc, list) => acc.flatMap((prefix) => list.map((item) => [...prefix, item])), [[]]);
}

/** A placement of one variant of the re-encoded decisions, with what orders it among all of them. */
interface Candidate extends RankedPlacement {
  readonly variant: number;
}

/**
 * Write the failure's faults through another of the world's mechanisms
 * and place them anew. Finds of one defect often hold the same cut
 * through different mechanisms (one node cut off by the nemesis after a
 * client request in one, by a partition at a fault tick in another), or
 * the same reordering (a message overtaken after a short delay in one,
 * held in another), and the fault tick's or the hold's is often the
 * shorter list; no change of a few values turns one into the other. The
 * world says how its draws map (`reencodeFaults` in @cx/sim): the
 * settings to change and each decision's new contents; one calm run of
 * the new settings shows where the new decisions can go.
 */
export const reencodeFaultsPass: ShrinkPass = {
  name: "reencode-faults",
  contract: `for a failure of at most ${PLACED_DECISIONS_MAX} decisions: ask the world (@cx/sim's reencodeFaults) for the same faults through another mechanism (a nemesis strike as a fault tick's partition or crash of each node, a message late by the delay spread as a held one, with the settings that needs), run the new settings alone on calm to learn the slots of that run, and place the decisions (the re-encoded ones and the others as they were) into slots of their kinds, in any order, every candidate in one shortlex order (shortest first); aligned replay on that run's kinds of draws; stops at the first success or after ${RUNS_PER_DECISION} runs per decision of the best (at least ${REBUILD_RUNS_FLOOR}). A failure the world has no other encoding for costs nothing.`,
  run(state) {
    const decisions = decisionsOf(state);
    if (decisions === null) return;
    const head = settingsLength(state);
    const best = padded(state.best, head);
    const headKeys = state.bestKeys.slice(0, head);
    const reencoding = reencodeFaults(drawnDecisions(decisions), settingOf(best, headKeys));
    if (reencoding === null) return;
    const settings = withSettingEdits(best.slice(0, head), headKeys, reencoding.settings);
    if (settings === null) return;
    const allowance = Math.max(REBUILD_RUNS_FLOOR, RUNS_PER_DECISION * state.best.length);
    const until = state.runs + allowance;
    const version = state.version;
    const record = state.recordOf(settings);
    // Over budget, or the settings fail on their own (then they are the best now).
    if (record === null || state.version !== version) return;
    const variants = product(
      decisions.map((d, i): Decision[] => {
        const re = reencoding.decisions[i];
        if (re === null || re === undefined) return [d];
        const kinds = re.labels.map((label) => drawKind(re.span, label));
        return re.contents.map((content) => ({ at: d.at, content, kinds }));
      }),
    );
    const frame: Frame = { values: padded(settings, record.keys.length), keys: record.keys, slots: slotsFor(record, variants.flat(), { start: head, end: state.best.length }) };
    const lengthMax = compareShortlex(settings, best.slice(0, head)) < 0 ? state.best.length : state.best.length - 1;
    const candidates = variants.flatMap((variant, v): Candidate[] => rankedPlacements(frame, variant, { lengthMax, max: allowance }).map((ranked) => ({ variant: v, ...ranked })));
    candidates.sort((a, b) => a.length - b.length || a.rank - b.rank || a.variant - b.variant);
    for (const c of candidates) {
      if (state.stopped || state.runs >= until) return;
      const values = placedValues(frame, c.placement);
      if (compareShortlex(values.slice(0, c.length), state.best) >= 0) continue;
      if (state.considerKeyed(values, frame.keys)) return;
    }
  },
};
