import { compareShortlex } from "../../choice-order.js";
import { decisionsOf, PLACED_DECISIONS_MAX, placedValues, rankedPlacements, slotsFor, type Decision, type RankedPlacement } from "../placements.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import type { Outcome } from "../../target.js";
import { runAllowance, RUNS_FLOOR, settingsLength } from "../world-settings.js";
import { learntFrames, ownFrame, reencodedJobs, type FrameRun, type Job } from "./place-frames.js";

/** Runs a round may spend per decision of the best (at least RUNS_FLOOR) in each of its three stages: the best's own run, then the others (half of it learning them). */
const RUNS_PER_DECISION = 8;

/** Subsets kept at most (as many as 8 unlike decisions make: every 1 to 3 of them); failures with more are left alone, the subsets kept growing as the decisions to the power PLACED_DECISIONS_MAX. */
const KEPT_SUBSETS_MAX = 92;

/** Placements made in one round at most, shared evenly by every pair of a frame and a subset kept: a bound on the pass's memory and time before any run. */
const PLACEMENTS_MADE_MAX = 200_000;
/**
 * Choices of slots and order a job may look at per placement it may make:
 * the bound on the enumeration itself. Without it a job whose placements
 * were mostly too long looked at every choice (three decisions over a few
 * hundred slots of a long frame: millions each), and one Raft shrink spent
 * six minutes there without a run.
 */
const VISITS_PER_PLACEMENT = 64;

/** Per shrink, the shapes (settings and kinds of each decision) this pass found nothing for: another pass changing a value inside a decision would have it try the same placements again. */
const fruitless = new WeakMap<object, Set<string>>();

/** A placement of some of the decisions into one frame, with what orders it among all of them. */
type Candidate = RankedPlacement & { readonly job: Job };

/** Every choice of 1 to `most` decisions, fewer first, each in increasing order, of alike ones (the same kinds and values: a client paced the same way fifteen times) only the earliest, since a placement reads only what a decision holds (a choice stays when adding its key, the JSON of what it keeps a line each, grows the set); null past `max`. */
function keptSubsets(decisions: readonly Decision[], most: number, max: number): Decision[][] | null {
  const alike = decisions.map((d) => JSON.stringify([d.kinds, d.content]));
  const out: number[][] = [];
  for (let size = 1, level: number[][] = [[]]; size <= most && out.length <= max; size++) {
    const seen = new Set<string>();
    level = level.flatMap((chosen) => Array.from({ length: decisions.length - (chosen.at(-1) ?? -1) - 1 }, (_, k) => [...chosen, (chosen.at(-1) ?? -1) + 1 + k]));
    out.push(...(level = level.filter((some) => seen.size < seen.add(some.map((i) => alike[i]).join("\n")).size)));
  }
  return out.length > max ? null : out.map((some) => some.map((i) => decisions[i] as Decision));
}

/** The decision with only its first unusual draw (what makes it happen), every later one calm; the same object when nothing else is unusual. */
function bareDecision(d: Decision): Decision {
  const first = d.content.findIndex((v) => v !== 0);
  return d.content.every((v, i) => i <= first || v === 0) ? d : { ...d, content: d.content.map((v, i) => (i === first ? v : 0)) };
}

/** Every kept subset that fits after the frame's start, placed into the frame. */
function jobsOf(frames: readonly FrameRun[], kept: readonly Decision[][], end: number): Job[] {
  return frames.flatMap((f, frameRank) =>
    kept.flatMap((some, subsetRank) => (some.every((d) => d.at.start >= f.from) ? [{ frame: { values: f.values, keys: f.keys, slots: slotsFor(f, some, { start: f.from, end }) }, decisions: some, frameRank, subsetRank }] : [])),
  );
}

/**
 * Keep some of a failure's decisions and place them anew, in the best's own
 * run or in a run of other settings. Finds of one defect often hold the same
 * decisions at other places, under another fault clock or other first
 * timers, or with decisions they need only where they stand (three writes
 * before a late partition where one suffices before an early one): each
 * single move breaks the timing, moving the kept ones together is one step.
 */
export const placeDecisions: ShrinkPass = {
  name: "place-decisions",
  contract: `for a failure whose decisions (top-level spans after the run-wide settings holding something unusual) make at most ${KEPT_SUBSETS_MAX} choices of 1 to ${PLACED_DECISIONS_MAX} of them (alike ones, the same kinds and values, interchangeable): keep each such choice, clear the others, and write the kept ones' contents into slots of the same kinds (in any order) of a frame: the best itself, a calm run of the best's settings with one unusual settings span made calm or one setting lowered (every smaller value up to 80, else a quarter, a half, three quarters and one less), the best's settings and lead (the protocol's first per-node draws, when they hold something unusual) with one draw of the lead lowered and the others at their maximum, the best's settings with one lowered and another one level down or up, or a calm run of settings that write the kept faults through another mechanism of the world (@cx/sim's reencodeFaults); first every decision in the best's own run, then fewer in it and any in calmer, lowered and re-encoded runs, then in lowered-lead and switched runs (a run each to learn a frame's slots, at most half of each allowance), each time at most ${PLACEMENTS_MADE_MAX} placements made (and no more than ${VISITS_PER_PLACEMENT} choices of slots and order looked at per placement a job may make), shortest first, then the earlier frame, then fewer kept; each stage tries the kept decisions as they are first, then bare (only each one's first unusual draw, the draws after it calm: a strike's time or a cut's node the new place may not need); aligned replay; stops at the first success; at most ${RUNS_PER_DECISION} runs per decision of the best in each of the three (at least ${RUNS_FLOOR}; fewer after two fruitless rounds in a row, and never past a quarter of the runs left); not again in one shrink for settings and kinds of decisions it found nothing for`,
  run(state) {
    const decisions = decisionsOf(state);
    const whole = decisions === null ? null : keptSubsets(decisions, PLACED_DECISIONS_MAX, KEPT_SUBSETS_MAX);
    if (decisions === null || whole === null) return;
    const head = settingsLength(state);
    const shape = `${state.best.slice(0, head).join(",")}|${decisions.map((d) => d.kinds.join(",")).join(";")}`;
    const tried = fruitless.get(state) ?? new Set<string>();
    fruitless.set(state, tried);
    if (tried.has(shape)) return;
    const bare = whole.map((some) => some.map(bareDecision)).filter((some, k) => some.some((d, i) => d !== whole[k]?.[i]));
    const kept = [...whole, ...bare];
    // Every decision moved within the best's own run first: it needs no run to learn, and it is the commonest step. Bare ones go last in each stage.
    const own = ownFrame(state, decisions);
    const all = kept.filter((some) => some.length === decisions.length);
    if (tryPlacements(state, jobsOf([own], all, state.best.length), { until: runAllowance(state, RUNS_PER_DECISION), bareFrom: 1 /* all: the whole set, then its bare form */ }) || state.stopped) return;
    let until = runAllowance(state, RUNS_PER_DECISION);
    const version = state.version;
    const near = learntFrames(state, { learnUntil: state.runs + Math.floor((until - state.runs) / 2), far: false });
    if (near === null) return;
    const jobs = jobsOf([own, ...near], kept, state.best.length).filter((job) => job.frameRank > 0 || job.decisions.length < decisions.length);
    const reencoded = reencodedJobs(state, kept, { until, firstRank: near.length + 1 });
    // Over budget, or settings learnt fail on their own (then they are the best now).
    if (reencoded === null || state.version !== version) return;
    if (tryPlacements(state, [...jobs, ...reencoded], { until, bareFrom: whole.length }) || state.stopped) return;
    until = runAllowance(state, RUNS_PER_DECISION);
    const far = learntFrames(state, { learnUntil: state.runs + Math.floor((until - state.runs) / 2), far: true });
    if (far === null || tryPlacements(state, jobsOf(far, kept, state.best.length), { until, bareFrom: whole.length })) return;
    if (!state.stopped) tried.add(shape);
  },
};

/** Makes every job's placements (an even share of PLACEMENTS_MADE_MAX each), runs them shortest first, those of bare subsets (ranked `bareFrom` on) last; true once one is accepted. */
function tryPlacements<O extends Outcome>(state: ShrinkState<O>, jobs: readonly Job[], { until, bareFrom }: { readonly until: number; readonly bareFrom: number }): boolean {
  const each = Math.max(1, Math.min(until - state.runs, Math.floor(PLACEMENTS_MADE_MAX / Math.max(1, jobs.length))));
  const limits = { lengthMax: state.best.length, max: each, visitsMax: each * VISITS_PER_PLACEMENT };
  const candidates: Candidate[] = jobs.flatMap((job) => rankedPlacements(job.frame, job.decisions, limits).map((r) => ({ job, ...r })));
  const bare = (c: Candidate): number => (c.job.subsetRank >= bareFrom ? 1 : 0);
  candidates.sort((a, b) => bare(a) - bare(b) || a.length - b.length || a.job.frameRank - b.job.frameRank || a.job.subsetRank - b.job.subsetRank || a.rank - b.rank);
  for (const c of candidates) {
    if (state.stopped || state.runs >= until) return false;
    const values = placedValues(c.job.frame, c.placement);
    if (compareShortlex(values.slice(0, c.length), state.best) >= 0) continue;
    if (state.considerKeyed(values, c.job.frame.keys)) return true;
  }
  return false;
}
