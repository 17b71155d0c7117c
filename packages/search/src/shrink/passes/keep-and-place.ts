import { compareShortlex } from "../../choice-order.js";
import { hasNonZero, type Range } from "../../internal/ranges.js";
import { decisionsOf, padded, PLACED_DECISIONS_MAX, placedValues, rankedPlacements, slotsFor, type Decision, type Frame, type RankedPlacement } from "../placements.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { topLevel } from "../span-units.js";
import type { Outcome } from "../../target.js";
import { reencodeFaults } from "@cx/sim";
import { drawKind } from "../../internal/keyed-replay.js";
import { drawnDecisions, settingOf, withSettingEdits } from "../world-settings.js";
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

/** Decisions to place into one frame, with the frame's rank (the best's own first) and the subset's (fewer kept first). */
interface Job {
  readonly frame: Frame;
  readonly decisions: readonly Decision[];
  readonly frameRank: number;
  readonly subsetRank: number;
}

/** A placement of some of the decisions into one frame, with what orders it among all of them. */
interface Candidate extends RankedPlacement {
  readonly job: Job;
}

/** Every choice of one item from each list, in order (the first list varies slowest). */
function product<T>(lists: readonly (readonly T[])[]): T[][] {
  return lists.reduce<T[][]>((acc, list) => acc.flatMap((prefix) => list.map((item) => [...prefix, item])), [[]]);
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
  contract: `for a failure of 1 to ${KEPT_FROM_MAX} decisions (top-level spans after the run-wide settings holding something unusual): keep 1 to ${PLACED_DECISIONS_MAX} of them, clear the others, and write the kept ones' contents into slots of the same kinds (in any order), in the best itself and in calm runs of the best's settings with one unusual settings span made calm or one setting lowered as lower-and-place lowers it (fewer than all kept), and in a calm run of the settings that write the kept ones' faults through another of the world's mechanisms (@cx/sim's reencodeFaults: a nemesis strike as a fault tick's crash or partition of each node, a message late by the delay spread as a held one; all may be kept); a run each to learn its slots (the plain frames at most half the allowance), at most ${PLACEMENTS_MADE_MAX} placements made in all, shortest first, then the best's own run first, then fewer kept first; aligned replay; stops at the first success or after ${RUNS_PER_DECISION} runs per decision of the best (at least ${REBUILD_RUNS_FLOOR}); not again in one shrink for settings and kinds of decisions it found nothing for`,
  run(state) {
    const decisions = decisionsOf(state, KEPT_FROM_MAX);
    if (decisions === null) return;
    const head = settingsLength(state);
    const shape = shapeOf(state.best.slice(0, head), decisions);
    const tried = fruitless.get(state) ?? new Set<string>();
    fruitless.set(state, tried);
    if (tried.has(shape)) return;
    const allowance = Math.max(REBUILD_RUNS_FLOOR, RUNS_PER_DECISION * state.best.length);
    const until = state.runs + allowance;
    const version = state.version;
    const pick = (most: number): Decision[][] => subsets(decisions.length, most).map((indexes) => indexes.map((i) => decisions[i] as Decision));
    const jobs = plainJobs(state, decisions, { kept: pick(Math.min(PLACED_DECISIONS_MAX, decisions.length - 1)), learnUntil: state.runs + Math.floor(allowance / 2) });
    if (jobs === null) return;
    const reencoded = reencodedJobs(state, pick(Math.min(PLACED_DECISIONS_MAX, decisions.length)), { until, firstRank: jobs.length });
    // Over budget, or settings learnt fail on their own (then they are the best now).
    if (reencoded === null || state.version !== version) return;
    jobs.push(...reencoded);
    const each = Math.max(1, Math.min(until - state.runs, Math.floor(PLACEMENTS_MADE_MAX / Math.max(1, jobs.length))));
    const candidates: Candidate[] = jobs.flatMap((job) => rankedPlacements(job.frame, job.decisions, { lengthMax: state.best.length, max: each }).map((r) => ({ job, ...r })));
    candidates.sort((a, b) => a.length - b.length || a.job.frameRank - b.job.frameRank || a.job.subsetRank - b.job.subsetRank || a.rank - b.rank);
    for (const c of candidates) {
      if (state.stopped) return;
      if (state.runs >= until) break;
      const values = placedValues(c.job.frame, c.placement);
      if (compareShortlex(values.slice(0, c.length), state.best) >= 0) continue;
      if (state.considerKeyed(values, c.job.frame.keys)) return;
    }
    tried.add(shape);
  },
};

/**
 * Fewer than all decisions kept, placed in the best's own run (every
 * decision cleared) and in calm runs of calmer or lower settings, learnt
 * until `learnUntil`; null when the budget ran out or a calm run failed on
 * its own (it is the best now).
 */
function plainJobs<O extends Outcome>(state: ShrinkState<O>, decisions: readonly Decision[], { kept, learnUntil }: { readonly kept: readonly Decision[][]; readonly learnUntil: number }): Job[] | null {
  if (kept.length === 0) return [];
  const head = settingsLength(state);
  const version = state.version;
  // The best with every decision cleared: the kept ones move within its own run.
  const own = padded(state.best, state.bestKeys.length);
  for (const d of decisions) for (let i = d.at.start; i < d.at.end; i++) own[i] = 0;
  const frames: { values: number[]; keys: readonly string[]; spans: readonly Range[] }[] = [{ values: own, keys: state.bestKeys, spans: state.spans() }];
  for (const settings of [...calmerSettings(state, head), ...settingsVariants(state.best, head, false)]) {
    if (state.stopped) return null;
    if (state.runs >= learnUntil) break;
    const record = state.recordOf(settings);
    if (record === null || state.version !== version) return null;
    frames.push({ values: padded(settings, record.keys.length), keys: record.keys, spans: record.spans });
  }
  const within = { start: head, end: state.best.length };
  return frames.flatMap((f, frameRank) => kept.map((some, subsetRank) => ({ frame: { values: f.values, keys: f.keys, slots: slotsFor(f, some, within) }, decisions: some, frameRank, subsetRank })));
}

/**
 * Each kept subset whose faults the world can write through another
 * mechanism, in a calm run of the settings that needs (learnt by one run,
 * until `until`), once per variant of the new contents (a strike's node is
 * not in its draws, so each node is one). Finds of one failure often hold
 * the same cut through different mechanisms, and the fault tick's is often
 * the shorter list; a failure that needs one crash at a fault tick but was
 * found as several strikes after client requests reaches it only by
 * keeping one strike and writing it as a tick at once. Null when the
 * budget ran out.
 */
function reencodedJobs<O extends Outcome>(state: ShrinkState<O>, kept: readonly Decision[][], { until, firstRank }: { readonly until: number; readonly firstRank: number }): Job[] | null {
  const head = settingsLength(state);
  const best = padded(state.best, head);
  const headKeys = state.bestKeys.slice(0, head);
  const frameRanks = new Map<string, number>();
  const jobs: Job[] = [];
  for (const [subsetRank, some] of kept.entries()) {
    const reencoding = reencodeFaults(drawnDecisions(some), settingOf(best, headKeys));
    if (reencoding === null) continue;
    const settings = withSettingEdits(best.slice(0, head), headKeys, reencoding.settings);
    if (settings === null) continue;
    if (state.stopped || state.runs >= until) return null;
    const version = state.version;
    const record = state.recordOf(settings);
    if (record === null || state.version !== version) return null;
    const settingsKey = settings.join(",");
    const frameRank = frameRanks.get(settingsKey) ?? firstRank + frameRanks.size;
    frameRanks.set(settingsKey, frameRank);
    const variants = product(
      some.map((d, i): Decision[] => {
        const re = reencoding.decisions[i];
        if (re === null || re === undefined) return [d];
        const kinds = re.labels.map((label) => drawKind(re.span, label));
        return re.contents.map((content) => ({ at: d.at, content, kinds }));
      }),
    );
    const values = padded(settings, record.keys.length);
    for (const variant of variants) {
      const slots = slotsFor(record, variant, { start: head, end: state.best.length });
      jobs.push({ frame: { values, keys: record.keys, slots }, decisions: variant, frameRank, subsetRank });
    }
  }
  return jobs;
}
