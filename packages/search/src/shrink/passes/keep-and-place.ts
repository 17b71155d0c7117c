import { compareShortlex } from "../../choice-order.js";
import { hasNonZero, type Range } from "../../internal/ranges.js";
import { decisionsOf, padded, PLACED_DECISIONS_MAX, placedValues, rankedPlacements, slotsFor, type Decision, type Frame, type RankedPlacement } from "../placements.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { topLevel } from "../span-units.js";
import type { Outcome } from "../../target.js";
import { settingsVariants } from "./lower-and-place.js";
import { REBUILD_RUNS_FLOOR, settingsLength } from "./sparse-rebuild.js";

/** Target runs one round may spend per decision of the best (at least REBUILD_RUNS_FLOOR), the runs that learn a frame included; counted, so the result is the same on any machine. */
const RUNS_PER_DECISION = 8;

/** Failures of more decisions than this are left alone: the subsets kept grow as this to the power PLACED_DECISIONS_MAX. */
export const KEPT_FROM_MAX = 8;

/**
 * Placements made in one round at most, shared evenly by every pair of a
 * frame and a subset kept, each making its shortest first: a bound on the
 * pass's memory and time before any run, whatever the failure.
 */
const PLACEMENTS_MADE_MAX = 200_000;

/**
 * Per shrink, the failures this pass found nothing for, by what shapes its
 * candidates: the run-wide settings and the kinds of draws of each
 * decision. Other passes often change a value inside a decision (a fault
 * level lowered, a strike one draw earlier) and the pass would try the same
 * placements again, each a new run; on 100 saved finds no such repeat
 * found anything, and repeats had cost up to 32,500 runs a shrink.
 */
const fruitless = new WeakMap<object, Set<string>>();

/** What shapes the candidates of a round: the settings and the kinds of draws of each decision, in order. */
function shapeOf(settings: readonly number[], decisions: readonly Decision[]): string {
  return `${settings.join(",")}|${decisions.map((d) => d.kinds.join(",")).join(";")}`;
}

/** A placement of some of the decisions into one frame, with what orders it among all of them. */
interface Candidate extends RankedPlacement {
  readonly frame: Frame;
  readonly frameRank: number;
  readonly subsetRank: number;
}

/** Every choice of 1 to `most` of `n` items, fewer first, each in increasing order. */
function subsets(n: number, most: number): number[][] {
  const out: number[][] = [];
  const grow = (from: number, chosen: number[], size: number): void => {
    if (chosen.length === size) {
      out.push(chosen.slice());
      return;
    }
    for (let i = from; i < n; i++) grow(i + 1, [...chosen, i], size);
  };
  for (let size = 1; size <= most; size++) grow(0, [], size);
  return out;
}

/**
 * The settings of the frames, after the best's own: the best's settings with
 * one top-level settings span that holds something unusual made calm (a
 * swarm profile, a fault level), in order. Such a setting often only gave the
 * hunt room to wander: the decisions that remain may fit without it.
 */
function calmerSettings<O extends Outcome>(state: ShrinkState<O>, head: number): number[][] {
  const settings = state.best.slice(0, head);
  return topLevel(state.spans(), head)
    .filter((span) => hasNonZero(settings, span))
    .map((span) => settings.map((v, i) => (i >= span.start && i < span.end ? 0 : v)));
}

/**
 * Keep a few of a failure's decisions, clear the rest and place the kept
 * ones anew, in the best's own run or in a run of calmer or lower settings.
 * A hunt's failure often carries decisions it does not need where it
 * stands but cannot lose one at a time: three writes before a late
 * partition where one suffices before an early one, each needed only
 * because the partition comes late. Clearing one write moves nothing else;
 * moving the partition earlier alone changes how long it lasts before the
 * fault phase heals it, and shortening the run alone moves the heal. Keeping
 * one write and the partition, and placing them in a shorter run, is one
 * step no other pass takes (`place-decisions` and `lower-and-place` move
 * every decision, and give up beyond three). The same failure found with
 * the partition early holds the one write: the two finds then meet.
 */
export const keepAndPlace: ShrinkPass = {
  name: "keep-and-place",
  contract: `for a failure of 2 to ${KEPT_FROM_MAX} decisions (top-level spans after the run-wide settings holding something unusual): keep 1 to ${PLACED_DECISIONS_MAX} of them (fewer than all), clear the others, and write the kept ones' contents into slots of the same kinds (in any order), in the best itself and in calm runs of the best's settings with one unusual settings span made calm or one setting lowered as lower-and-place lowers it (a run each to learn its slots, at most half the allowance), at most ${PLACEMENTS_MADE_MAX} placements made in all, shortest first, then the best's own run first, then fewer kept first; aligned replay; stops at the first success or after ${RUNS_PER_DECISION} runs per decision of the best (at least ${REBUILD_RUNS_FLOOR}); not again in one shrink for settings and kinds of decisions it found nothing for`,
  run(state) {
    const decisions = decisionsOf(state, KEPT_FROM_MAX);
    if (decisions === null || decisions.length < 2) return;
    const head = settingsLength(state);
    const shape = shapeOf(state.best.slice(0, head), decisions);
    const tried = fruitless.get(state) ?? new Set<string>();
    fruitless.set(state, tried);
    if (tried.has(shape)) return;
    const allowance = Math.max(REBUILD_RUNS_FLOOR, RUNS_PER_DECISION * state.best.length);
    const until = state.runs + allowance;
    // Learning frames may take half the allowance: the rest is for placements in the frames learnt.
    const learnUntil = state.runs + Math.floor(allowance / 2);
    const version = state.version;
    const kept = subsets(decisions.length, Math.min(PLACED_DECISIONS_MAX, decisions.length - 1)).map((indexes) => indexes.map((i) => decisions[i] as Decision));
    // The best with every decision cleared: the kept ones move within its own run.
    const own = padded(state.best, state.bestKeys.length);
    for (const d of decisions) for (let i = d.at.start; i < d.at.end; i++) own[i] = 0;
    const frames: { values: number[]; keys: readonly string[]; spans: readonly Range[] }[] = [{ values: own, keys: state.bestKeys, spans: state.spans() }];
    for (const settings of [...calmerSettings(state, head), ...settingsVariants(state.best, head, false)]) {
      if (state.stopped) return;
      if (state.runs >= learnUntil) break;
      const record = state.recordOf(settings);
      // Over budget, or the calmer settings fail on their own (then they are the best now).
      if (record === null || state.version !== version) return;
      frames.push({ values: padded(settings, record.keys.length), keys: record.keys, spans: record.spans });
    }
    const candidates: Candidate[] = [];
    const each = Math.max(1, Math.min(until - state.runs, Math.floor(PLACEMENTS_MADE_MAX / (frames.length * kept.length))));
    frames.forEach((f, frameRank) => {
      kept.forEach((some, subsetRank) => {
        const frame: Frame = { values: f.values, keys: f.keys, slots: slotsFor(f, some, { start: head, end: state.best.length }) };
        for (const r of rankedPlacements(frame, some, { lengthMax: state.best.length, max: each })) candidates.push({ frame, frameRank, subsetRank, ...r });
      });
    });
    candidates.sort((a, b) => a.length - b.length || a.frameRank - b.frameRank || a.subsetRank - b.subsetRank || a.rank - b.rank);
    for (const c of candidates) {
      if (state.stopped) return;
      if (state.runs >= until) break;
      const values = placedValues(c.frame, c.placement);
      if (compareShortlex(values.slice(0, c.length), state.best) >= 0) continue;
      if (state.considerKeyed(values, c.frame.keys)) return;
    }
    tried.add(shape);
  },
};
