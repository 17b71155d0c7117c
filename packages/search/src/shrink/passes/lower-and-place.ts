import { compareShortlex } from "../../choice-order.js";
import { LOW_ALL_MAX, nonZeroIndexes, SETTING_FRACTIONS, smallerSettingValues, with1 } from "../edits.js";
import type { Outcome } from "../../target.js";
import { decisionsOf, padded, PLACED_DECISIONS_MAX, placedValues, rankedPlacements, slotsFor, type Decision, type Frame, type RankedPlacement } from "../placements.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { REBUILD_RUNS_FLOOR, settingsLength } from "./sparse-rebuild.js";

/** Target runs one round may spend per decision of the best (at least REBUILD_RUNS_FLOOR), the runs that learn each lowered run's layout included; counted, so the result is the same on any machine. */
const RUNS_PER_DECISION = 8;

/** A placement into one of the lowered runs, with what orders it among all of them. */
interface Candidate extends RankedPlacement {
  readonly frame: Frame;
  /** The frames in shortlex order of their settings: the earlier, the smaller. */
  readonly frameRank: number;
}

/** Up to this value `lower-and-place` (and `lower-lead-and-place`) tries every smaller value of a setting (a drawn horizon has up to 78): the failure may fit one length only. */
export const EVERY_VALUE_MAX = 80;

/** How `lower-switch-and-place` moves the other setting: one level down or up (replay clamps a level past the setting's range). */
const SWITCH_STEPS = [-1, 1] as const;

/**
 * The values one setting is lowered to: with a second setting switched (a
 * frame per pair, so dearer) the usual few; alone, every smaller value up
 * to EVERY_VALUE_MAX, since a failure may fit one horizon only and the
 * usual fractions of a long one step over it.
 */
export function loweredValues(v: number, switching: boolean): number[] {
  if (switching || v > EVERY_VALUE_MAX) return smallerSettingValues(v, SETTING_FRACTIONS);
  return Array.from({ length: v }, (_, k) => k);
}

/** The settings each frame runs: the best's with one lowered, and with another switched too when `switching`; in shortlex order. */
export function settingsVariants(best: readonly number[], head: number, switching: boolean): number[][] {
  const settings = best.slice(0, head);
  const out: number[][] = [];
  for (const i of nonZeroIndexes(settings)) {
    for (const low of loweredValues(settings[i] ?? 0, switching)) {
      const lowered = with1(settings, i, low);
      if (!switching) {
        out.push(lowered);
        continue;
      }
      for (let j = 0; j < head; j++) {
        if (j === i) continue;
        const own = settings[j] ?? 0;
        for (const level of SWITCH_STEPS.map((step) => own + step)) if (level >= 0) out.push(with1(lowered, j, level));
      }
    }
  }
  return out.sort(compareShortlex);
}

/**
 * Runs each of `prefixes` (in shortlex order) alone on calm to learn the
 * slots of its run after `slotsFrom`, then writes `decisions` into those
 * slots, every frame's candidates in one shortlex order (shortest first,
 * then the earlier frame); the first that keeps the violation is the new
 * best. A round spends at most RUNS_PER_DECISION runs per decision of the
 * best (at least REBUILD_RUNS_FLOOR), at most half of them learning slots.
 */
export function placeInFrames<O extends Outcome>(state: ShrinkState<O>, { prefixes, decisions, slotsFrom }: { readonly prefixes: readonly (readonly number[])[]; readonly decisions: readonly Decision[]; readonly slotsFrom: number }): void {
  const allowance = Math.max(REBUILD_RUNS_FLOOR, RUNS_PER_DECISION * state.best.length);
  const until = state.runs + allowance;
  // Learning slots may take half the allowance: the rest is for placements in the frames learnt.
  const learnUntil = state.runs + Math.floor(allowance / 2);
  const version = state.version;
  const candidates: Candidate[] = [];
  let frameRank = 0;
  for (const prefix of prefixes) {
    if (state.stopped) return;
    if (state.runs >= learnUntil) break;
    const record = state.recordOf(prefix);
    // Over budget, or the prefix fails on its own (then it is the best now).
    if (record === null || state.version !== version) return;
    const frame: Frame = { values: padded(prefix, record.keys.length), keys: record.keys, slots: slotsFor(record, decisions, { start: slotsFrom, end: state.best.length }) };
    // A smaller prefix makes a list as long as the best smaller; a larger one needs a shorter list.
    const lengthMax = compareShortlex(prefix, state.best.slice(0, prefix.length)) < 0 ? state.best.length : state.best.length - 1;
    // Each frame's first candidates, in its own order; more than the allowance could never run.
    for (const ranked of rankedPlacements(frame, decisions, { lengthMax, max: until - state.runs })) candidates.push({ frame, frameRank, ...ranked });
    frameRank++;
  }
  candidates.sort((a, b) => a.length - b.length || a.frameRank - b.frameRank || a.rank - b.rank);
  for (const c of candidates) {
    if (state.stopped || state.runs >= until) return;
    const values = placedValues(c.frame, c.placement);
    if (compareShortlex(values.slice(0, c.length), state.best) >= 0) continue;
    if (state.considerKeyed(values, c.frame.keys)) return;
  }
}

/** The pass with or without a second setting switched (see the two exports). */
function lowerAndPlacePass(name: "lower-and-place" | "lower-switch-and-place", switching: boolean, why: string): ShrinkPass {
  return {
    name,
    contract: `for a failure of at most ${PLACED_DECISIONS_MAX} decisions (top-level spans after the run-wide settings holding something unusual): lower one unusual run-wide setting (${switching ? `a value up to ${LOW_ALL_MAX}` : `a value up to ${EVERY_VALUE_MAX}`} to each smaller one, a larger one to 0, a quarter, a half, three quarters and one less)${switching ? `, move one other setting one level down or up` : ""}, run the settings alone on calm to learn the slots of that run, and write the decisions' contents into slots of the same kinds (in any order), every frame's candidates in one shortlex order (shortest first); aligned replay on that run's kinds of draws; stops at the first success or after ${RUNS_PER_DECISION} runs per decision of the best (at least ${REBUILD_RUNS_FLOOR}), at most half of them learning slots (frames in shortlex order of their settings). ${why}`,
    run(state) {
      const decisions = decisionsOf(state);
      if (decisions === null) return;
      const head = settingsLength(state);
      placeInFrames(state, { prefixes: settingsVariants(state.best, head, switching), decisions, slotsFrom: head });
    },
  };
}

/**
 * Lower one run-wide setting and place the failure's few decisions anew in
 * the run that setting gives. Finds of one defect often hold the same
 * decisions under different settings: two crashes at fault ticks 5 and 11
 * under one fault clock, at ticks 3 and 7 under a faster one. Lowering the
 * setting alone moves every tick in time and the failure is gone; the
 * decisions must move with it, to places no single move reaches.
 * Each lowered setting costs one calm run to learn where its slots are.
 */
export const lowerAndPlace: ShrinkPass = lowerAndPlacePass("lower-and-place", false, "Finds that hold the same decisions under another fault clock then meet.");

/**
 * As `lower-and-place`, with one other setting switched as well: a slower
 * fault clock may need a longer horizon to fit the same faults, so the
 * shortest list lowers one setting and raises another. A calm run per pair
 * of settings makes it dearer, so it runs after `lower-and-place`.
 */
export const lowerSwitchAndPlace: ShrinkPass = lowerAndPlacePass("lower-switch-and-place", true, "A slower fault clock that needs a longer horizon for the same faults then meets the faster one.");
