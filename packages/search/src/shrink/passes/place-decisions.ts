import { compareShortlex, trimChoices } from "../../choice-order.js";
import { hasNonZero, type Range } from "../../internal/ranges.js";
import type { Outcome } from "../../target.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";
import { topLevel } from "../span-units.js";
import { REBUILD_RUNS_FLOOR, settingsLength } from "./sparse-rebuild.js";

/** Failures of more decisions than this are left to the other passes: the placements grow as slots to this power. */
const DECISIONS_MAX = 3;

/** Target runs one round may spend per decision of the best (at least REBUILD_RUNS_FLOOR); counted, so the result is the same on any machine. */
const RUNS_PER_DECISION = 8;

/** A decision of the best: where it is and what its draws hold. */
interface Decision {
  readonly at: Range;
  readonly content: readonly number[];
}

/** True when the spans `a` and `b` hold the same kinds of draws at the same offsets (a decision can move from one to the other). */
function sameKinds(keys: readonly string[], a: Range, b: Range): boolean {
  if (a.end - a.start !== b.end - b.start) return false;
  for (let k = 0; k < a.end - a.start; k++) if (keys[a.start + k] !== keys[b.start + k]) return false;
  return true;
}

/** Every ordering of `items`. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** Every increasing choice of `count` indexes below `n`. */
function* increasing(count: number, n: number, from = 0): Generator<number[]> {
  if (count === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= n - count; i++) for (const rest of increasing(count - 1, n, i + 1)) yield [i, ...rest];
}

/** Where each decision goes: `contents[k]` into `slots[k]`. */
interface Placement {
  readonly slots: readonly Range[];
  readonly contents: readonly Decision[];
}

/** The best (padded with zeros to every draw of its run) with its decisions cleared and the placement written, or null when a content does not fit its slot's kinds. */
function placed(state: { readonly best: readonly number[]; readonly bestKeys: readonly string[] }, decisions: readonly Decision[], { slots, contents }: Placement): number[] | null {
  const edited = padded(state);
  for (const d of decisions) for (let i = d.at.start; i < d.at.end; i++) edited[i] = 0;
  for (let k = 0; k < slots.length; k++) {
    const slot = slots[k] as Range;
    const d = contents[k] as Decision;
    if (!sameKinds(state.bestKeys, slot, d.at)) return null;
    d.content.forEach((v, offset) => (edited[slot.start + offset] = v));
  }
  return edited;
}

/** The best with zeros up to the length of its run's record: a decision's span may run past the trimmed best. */
function padded(state: { readonly best: readonly number[]; readonly bestKeys: readonly string[] }): number[] {
  const out = state.best.slice();
  for (let i = out.length; i < state.bestKeys.length; i++) out.push(0);
  return out;
}

/**
 * The candidates whose last decision sits in `last`: the other decisions in
 * every choice of earlier slots, every decision in every slot order, sorted
 * so that the lexicographically smallest (the first decision as late as
 * possible, the smaller content first) comes first.
 */
function candidatesEndingAt<O extends Outcome>(state: ShrinkState<O>, decisions: readonly Decision[], at: { readonly slots: readonly Range[]; readonly last: number }): number[][] {
  const { slots, last } = at;
  const out: number[][] = [];
  const orders = permutations(decisions);
  for (const earlier of increasing(decisions.length - 1, last)) {
    const chosen = [...earlier.map((i) => slots[i] as Range), slots[last] as Range];
    for (const order of orders) {
      const edited = placed(state, decisions, { slots: chosen, contents: order });
      // Only candidates below the best can be accepted (replay may change the record, but rarely by much).
      if (edited !== null && compareShortlex(trimChoices(edited), state.best) < 0) out.push(edited);
    }
  }
  return out.sort((a, b) => compareShortlex(trimChoices(a), trimChoices(b)));
}

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
  contract: `for a failure of at most ${DECISIONS_MAX} decisions (top-level spans after the run-wide settings holding something unusual), clear them all and write their contents into other slots of the same kinds (in any order, each slot a top-level span with the same kinds of draws), the last slot earliest first, then lexicographically smallest first; aligned replay; stops at the first success or after ${RUNS_PER_DECISION} runs per decision of the best (at least ${REBUILD_RUNS_FLOOR})`,
  run(state) {
    const head = settingsLength(state);
    // Whole spans, even where the trimmed best stops inside one: a decision's trailing zeros are part of it.
    const all = padded(state);
    const units = topLevel(state.spans(), all.length).filter((u) => u.start >= head);
    const decisions: Decision[] = units.filter((u) => u.start < state.best.length && hasNonZero(state.best, u)).map((at) => ({ at, content: all.slice(at.start, at.end) }));
    if (decisions.length === 0 || decisions.length > DECISIONS_MAX) return;
    const lastAt = (decisions.at(-1) as Decision).at.start;
    const slots = units.filter((u) => u.start <= lastAt && decisions.some((d) => sameKinds(state.bestKeys, u, d.at)));
    const until = state.runs + Math.max(REBUILD_RUNS_FLOOR, RUNS_PER_DECISION * state.best.length);
    for (let last = decisions.length - 1; last < slots.length; last++) {
      for (const candidate of candidatesEndingAt(state, decisions, { slots, last })) {
        if (state.stopped || state.runs >= until) return;
        if (state.considerAligned(candidate)) return;
      }
    }
  },
};
