import { reencodeFaults } from "@cx/sim";
import { compareShortlex } from "../../choice-order.js";
import { drawKind } from "../../internal/keyed-replay.js";
import { hasNonZero, type Range } from "../../internal/ranges.js";
import type { Outcome } from "../../target.js";
import { RAISED, roundRobin, SETTING_FRACTIONS, smallerSettingValues, with1 } from "../edits.js";
import { drawnDecisions, padded, slotsFor, type Decision, type Frame } from "../placements.js";
import type { ShrinkState } from "../shrink-state.js";
import { topLevel, unitsAndGaps } from "../span-units.js";
import { settingOf, settingsLength, withSettingEdits } from "../world-settings.js";

/** Up to this value a setting or a lead draw is lowered to every smaller one (a drawn horizon has up to 78): a failure may fit one length only. */
const EVERY_VALUE_MAX = 80;

/** The widest lead: one draw per node of a seven-node cluster. */
const LEAD_WIDTH_MAX = 7;

/** Decisions to place into one frame, with the frame's rank (the best's own first) and the subset's (fewer kept first). */
export interface Job {
  readonly frame: Frame;
  readonly decisions: readonly Decision[];
  readonly frameRank: number;
  readonly subsetRank: number;
}

/** A run to place decisions into: its values with every decision cleared, its layout, and where its slots start. */
export interface FrameRun {
  readonly values: readonly number[];
  readonly keys: readonly string[];
  readonly spans: readonly Range[];
  readonly from: number;
}

/** The smaller values tried for `v`: every one up to EVERY_VALUE_MAX, else 0, the usual fractions and one less. */
function lowered(v: number): number[] {
  return v > EVERY_VALUE_MAX ? smallerSettingValues(v, SETTING_FRACTIONS) : Array.from({ length: v }, (_, k) => k);
}

/** The best's settings with one settings span that holds something unusual made calm (a swarm profile, a fault level): it may only have given the hunt room to wander. */
function calmerSettings<O extends Outcome>(state: ShrinkState<O>, head: number): number[][] {
  const settings = state.best.slice(0, head);
  return topLevel(state.spans(), head)
    .filter((span) => hasNonZero(settings, span))
    .map((span) => settings.map((v, i) => (i >= span.start && i < span.end ? 0 : v)));
}

/** The best's settings with one unusual setting lowered, in shortlex order. */
function loweredSettings(settings: readonly number[]): number[][] {
  return settings.flatMap((v, i) => lowered(v).map((low) => with1(settings, i, low))).sort(compareShortlex);
}

/** The best's settings with one lowered (the usual few values) and another one level down or up: a slower fault clock may need a longer horizon for the same faults. */
function switchedSettings(settings: readonly number[]): number[][] {
  const out: number[][] = [];
  settings.forEach((v, i) => {
    for (const low of smallerSettingValues(v, SETTING_FRACTIONS)) {
      settings.forEach((w, j) => j !== i && [w - 1, w + 1].forEach((level) => level >= 0 && out.push(with1(with1(settings, i, low), j, level))));
    }
  });
  return out.sort(compareShortlex);
}

/** The lead: the first unit after the settings (a span, or draws no span holds) when it starts right at them, is at most LEAD_WIDTH_MAX wide and holds something unusual (first election timers: the lowest acts first). */
function leadOf(best: readonly number[], spans: readonly Range[], head: number): Range | null {
  const first = unitsAndGaps(spans, head, best.length)[0];
  if (first === undefined || first.start !== head || first.end >= best.length) return null;
  return first.end - first.start <= LEAD_WIDTH_MAX && hasNonZero(best, first) ? first : null;
}

/** The best up to its lead with one lead draw lowered and the others at their maximum: the same node acts first, earlier. */
function leadVariants(best: readonly number[], lead: Range): number[][] {
  const out: number[][] = [];
  for (let i = lead.start; i < lead.end; i++) {
    for (const low of lowered(best[i] ?? 0)) out.push(best.slice(0, lead.end).map((v, j) => (j < lead.start ? v : j === i ? low : RAISED)));
  }
  return out.sort(compareShortlex);
}

/** The best itself with every decision cleared: the kept ones move within its own run, which needs no run to learn. */
export function ownFrame<O extends Outcome>(state: ShrinkState<O>, decisions: readonly Decision[]): FrameRun {
  const values = padded(state.best, state.bestKeys.length);
  for (const d of decisions) for (let i = d.at.start; i < d.at.end; i++) values[i] = 0;
  return { values, keys: state.bestKeys, spans: state.spans(), from: settingsLength(state) };
}

/**
 * Calm runs of calmer and lowered settings, or (`far`) of lowered leads and
 * of settings with one lowered and another switched, the kinds taking
 * turns, each learnt by one run until `learnUntil`; null when the budget ran
 * out or one failed on its own (it is the best now).
 */
export function learntFrames<O extends Outcome>(state: ShrinkState<O>, { learnUntil, far }: { readonly learnUntil: number; readonly far: boolean }): FrameRun[] | null {
  const head = settingsLength(state);
  const version = state.version;
  const frames: FrameRun[] = [];
  const settings = state.best.slice(0, head);
  const lead = far ? leadOf(state.best, state.spans(), head) : null;
  const kinds = far ? [lead === null ? [] : leadVariants(state.best, lead), switchedSettings(settings)] : [calmerSettings(state, head), loweredSettings(settings)];
  for (const prefix of roundRobin(kinds)) {
    if (state.stopped) return null;
    if (state.runs >= learnUntil) break;
    const record = state.recordOf(prefix);
    if (record === null || state.version !== version) return null;
    frames.push({ values: padded(prefix, record.keys.length), keys: record.keys, spans: record.spans, from: Math.max(prefix.length, head) });
  }
  return frames;
}

/**
 * Each kept subset whose faults the world can write through another
 * mechanism (a nemesis strike as a fault tick's crash or cut, a late message
 * as a held one), in a calm run of the settings that needs, once per variant
 * of the new contents (a strike's node is not in its draws); null when the
 * budget ran out.
 */
export function reencodedJobs<O extends Outcome>(state: ShrinkState<O>, kept: readonly Decision[][], { until, firstRank }: { readonly until: number; readonly firstRank: number }): Job[] | null {
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
    const frameRank = frameRanks.get(settings.join(",")) ?? firstRank + frameRanks.size;
    frameRanks.set(settings.join(","), frameRank);
    const choices = some.map((d, i): Decision[] => {
      const re = reencoding.decisions[i];
      return re === null || re === undefined ? [d] : re.contents.map((content) => ({ at: d.at, content, kinds: re.labels.map((label) => drawKind(re.span, label)) }));
    });
    // Every choice of one new content per decision, the first varying slowest.
    const variants = choices.reduce<Decision[][]>((acc, list) => acc.flatMap((prefix) => list.map((item) => [...prefix, item])), [[]]);
    const values = padded(settings, record.keys.length);
    for (const variant of variants) jobs.push({ frame: { values, keys: record.keys, slots: slotsFor(record, variant, { start: head, end: state.best.length }) }, decisions: variant, frameRank, subsetRank });
  }
  return jobs;
}
