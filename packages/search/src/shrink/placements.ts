import type { DrawnDecision } from "@cx/sim";
import { trimChoices } from "../choice-order.js";
import { spanOfKind } from "../internal/keyed-replay.js";
import { hasNonZero, type Range } from "../internal/ranges.js";
import type { Outcome } from "../target.js";
import { settingsLength } from "./world-settings.js";
import type { ShrinkState } from "./shrink-state.js";
import { topLevel } from "./span-units.js";

/** Failures of more decisions than this are left to the other passes: the placements grow as slots to this power. */
export const PLACED_DECISIONS_MAX = 3;

/** A decision of the best: where it is, what its draws hold and the kind of each draw. */
export interface Decision {
  readonly at: Range;
  readonly content: readonly number[];
  readonly kinds: readonly string[];
}

/** A run to place decisions into: its values (as long as its record, the decisions cleared), the kind of each draw, and the spans a decision may go to. */
export interface Frame {
  readonly values: readonly number[];
  readonly keys: readonly string[];
  readonly slots: readonly Range[];
}

/** `values` with zeros up to `length`: a decision's span may run past a trimmed list. */
export function padded(values: readonly number[], length: number): number[] {
  return values.length >= length ? values.slice() : [...values, ...new Array<number>(length - values.length).fill(0)];
}

/** The best's decisions: the top-level spans after the settings holding something unusual (trailing zeros included); null when none. */
export function decisionsOf<O extends Outcome>(state: ShrinkState<O>): Decision[] | null {
  const head = settingsLength(state);
  const all = padded(state.best, state.bestKeys.length);
  const units = topLevel(state.spans(), all.length).filter((u) => u.start >= head && u.start < state.best.length && hasNonZero(state.best, u));
  const decisions = units.map((at) => ({ at, content: all.slice(at.start, at.end), kinds: state.bestKeys.slice(at.start, at.end) }));
  return decisions.length === 0 ? null : decisions;
}

/** True when `decision` can go to `slot` of `frame`: the same kinds of draws at the same offsets. */
export function fits(frame: Pick<Frame, "keys">, slot: Range, decision: Pick<Decision, "kinds">): boolean {
  if (slot.end - slot.start !== decision.kinds.length) return false;
  for (let k = 0; k < decision.kinds.length; k++) if (frame.keys[slot.start + k] !== decision.kinds[k]) return false;
  return true;
}

/** `slotsFor`'s answers by run (its kinds of draws) and by the range and kinds asked for: subsets of a failure's decisions share their kinds. */
const slotsOf = new WeakMap<object, Map<string, readonly Range[]>>();

/** The top-level spans of a run starting in `within` that some decision fits. */
export function slotsFor(run: { readonly spans: readonly Range[]; readonly keys: readonly string[] }, decisions: readonly Decision[], within: Range): readonly Range[] {
  let byAsk = slotsOf.get(run.keys);
  if (byAsk === undefined) slotsOf.set(run.keys, (byAsk = new Map()));
  const ask = `${run.spans.length}|${within.start}|${within.end}|${[...new Set(decisions.map((d) => d.kinds.join(",")))].sort().join(";")}`;
  const known = byAsk.get(ask);
  if (known !== undefined) return known;
  const slots = topLevel(run.spans, run.keys.length).filter((u) => u.start >= within.start && u.start < within.end && decisions.some((d) => fits(run, u, d)));
  byAsk.set(ask, slots);
  return slots;
}

/** Every ordering of `items`. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** Every increasing choice of `count` indexes below `n`. */
function* increasing(count: number, n: number, from = 0): Generator<number[]> {
  if (count === 0) yield [];
  for (let i = from; count > 0 && i <= n - count; i++) for (const rest of increasing(count - 1, n, i + 1)) yield [i, ...rest];
}

/** Where each decision goes: `contents[k]` into `slots[k]`, all of which fit. */
export interface Placement {
  readonly slots: readonly Range[];
  readonly contents: readonly Decision[];
}

/** The frame's values with the placement written in. */
export function placedValues(frame: Frame, { slots, contents }: Placement): number[] {
  const edited = frame.values.slice();
  contents.forEach((d, k) => {
    const slot = slots[k] as Range;
    d.content.forEach((v, offset) => (edited[slot.start + offset] = v));
  });
  return edited;
}

/**
 * Every placement of `decisions` whose last one goes to the frame's slot
 * `last`: the others in every choice of earlier slots, in every order, each
 * where it fits. Each choice of slots and order looked at, fitting or not,
 * takes one from `visits.left`, and none is looked at once it is 0: three
 * decisions over a few hundred slots are millions of choices.
 */
function* placementsEndingAt(frame: Frame, decisions: readonly Decision[], at: { readonly last: number; readonly visits: { left: number }; readonly orders: readonly Decision[][] }): Generator<Placement> {
  for (const earlier of increasing(decisions.length - 1, at.last)) {
    const slots = [...earlier.map((i) => frame.slots[i] as Range), frame.slots[at.last] as Range];
    for (const contents of at.orders) {
      if (at.visits.left-- <= 0) return;
      if (contents.every((d, k) => fits(frame, slots[k] as Range, d))) yield { slots, contents };
    }
  }
}

/** The length of the placement's list once trimmed: the end of its last unusual value, or of the frame's own (`frameEnd`, trimmed once per frame). */
export function placedLength(frame: Frame, { slots, contents }: Placement, frameEnd = trimChoices(frame.values).length): number {
  let end = frameEnd;
  contents.forEach((d, k) => {
    const slot = slots[k] as Range;
    for (let offset = d.content.length - 1; offset >= 0; offset--) {
      if ((d.content[offset] ?? 0) !== 0) {
        end = Math.max(end, slot.start + offset + 1);
        break;
      }
    }
  });
  return end;
}

/** A placement with its trimmed length and its rank in the order it was made. */
export interface RankedPlacement {
  readonly rank: number;
  readonly length: number;
  readonly placement: Placement;
}

/** The frame's placements of `decisions` at most `lengthMax` long once trimmed, slot by slot of the last decision (earlier first), ranked in that order; at most about `max` (more could never run), and none after `visitsMax` choices of slots and order were looked at. */
export function rankedPlacements(frame: Frame, decisions: readonly Decision[], limits: { readonly lengthMax: number; readonly max: number; readonly visitsMax: number }): RankedPlacement[] {
  const out: RankedPlacement[] = [];
  const frameEnd = trimChoices(frame.values).length;
  const visits = { left: limits.visitsMax };
  const orders = permutations(decisions);
  // When every decision holds something unusual, one placed at or past lengthMax makes a longer list, and so do all later slots.
  const unusual = decisions.every((d) => d.content.some((v) => v !== 0));
  for (let last = decisions.length - 1; last < frame.slots.length && out.length < limits.max && visits.left > 0; last++) {
    if (unusual && (frame.slots[last] as Range).start >= limits.lengthMax) break;
    for (const placement of placementsEndingAt(frame, decisions, { last, visits, orders })) {
      const length = placedLength(frame, placement, frameEnd);
      if (length <= limits.lengthMax) out.push({ rank: out.length, length, placement });
    }
  }
  return out;
}

/** The decisions as the world reads them: the label of each one's span and its values. */
export function drawnDecisions(decisions: readonly Decision[]): DrawnDecision[] {
  return decisions.map((d) => ({ span: spanOfKind(d.kinds[0] ?? ""), content: d.content }));
}
