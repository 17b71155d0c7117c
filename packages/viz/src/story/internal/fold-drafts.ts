import type { Draft } from "./draft.js";

// Folding looks back this many steps and this far in time: enough to fold
// one replication round, never enough to glue unrelated episodes together.
const FOLD_LOOKBACK = 4;
const FOLD_WINDOW_MS = 50;

const sameNodes = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((n, i) => n === b[i]);
const subset = (inner: readonly number[], outer: readonly number[]): boolean => inner.every((n) => outer.includes(n));
const IDS_KEPT = 8;

/**
 * Folds drafts that say one thing in several steps: appends or applies of
 * consecutive entries by the same nodes (`s0 appends entries 5-9`), a
 * commit and the applies it caused, a node's successive commit advances,
 * and repeated truncations by the same nodes. Input order is kept; a
 * folded draft stays where its first event was.
 */
export function foldDrafts(drafts: readonly Draft[]): Draft[] {
  const out: Draft[] = [];
  for (const draft of drafts) {
    let folded = false;
    for (let i = out.length - 1; i >= Math.max(0, out.length - FOLD_LOOKBACK) && !folded; i--) {
      const earlier = out[i] as Draft;
      if (draft.time - earlier.timeEnd > FOLD_WINDOW_MS) break;
      folded = fold(earlier, draft);
    }
    if (!folded) out.push(draft);
  }
  return out;
}

function fold(into: Draft, draft: Draft): boolean {
  if (into.kind === "appended" && draft.kind === "appended" && into.mergeKey !== "stalled" && draft.mergeKey !== "stalled") {
    if (!sameNodes(into.nodes, draft.nodes) || into.termHigh !== draft.termLow || draft.low !== into.high + 1) return false;
    into.high = draft.high;
    into.ids = [...into.ids, ...draft.ids].slice(-IDS_KEPT);
  } else if (into.kind === "applied" && draft.kind === "applied") {
    if (!sameNodes(into.nodes, draft.nodes) || draft.low !== into.high + 1 || into.detail !== "" || draft.detail !== "") return false;
    into.high = draft.high;
    into.ids = [...into.ids, ...draft.ids].slice(-IDS_KEPT);
  } else if (into.kind === "committed" && draft.kind === "committed") {
    if (!sameNodes(into.nodes, draft.nodes) || into.applied !== null) return false;
    into.high = Math.max(into.high, draft.high);
    into.termHigh = Math.max(into.termHigh, draft.termHigh);
  } else if (into.kind === "committed" && draft.kind === "applied") {
    // Only effective applies: a duplicate without effect deserves its own line.
    if (!subset(draft.nodes, into.nodes) || draft.high > into.high || draft.detail !== "") return false;
    const applied = into.applied;
    if (applied === null) into.applied = { low: draft.low, high: draft.high, ids: [...draft.ids] };
    else if (draft.low === applied.high + 1) into.applied = { low: applied.low, high: draft.high, ids: [...applied.ids, ...draft.ids].slice(-IDS_KEPT) };
    else return false;
  } else if (into.kind === "truncated" && draft.kind === "truncated") {
    if (!sameNodes(into.nodes, draft.nodes)) return false;
    into.low = Math.min(into.low, draft.low);
    into.high = Math.max(into.high, draft.high);
    if (draft.detail.length > into.detail.length) into.detail = draft.detail;
  } else if (into.kind === "election" && draft.kind === "leader") {
    // An election and its outcome are one step: `s0 stands for election in term 1 and becomes leader`.
    const winner = draft.nodes[0];
    if (winner === undefined || !into.nodes.includes(winner) || into.termHigh !== draft.termLow) return false;
    const standing = into.say;
    const alone = into.nodes.length === 1 && into.termLow === into.termHigh;
    into.say = (d) => `${standing(d)}${alone ? ` and becomes ${draft.role}` : `; ${draft.say(draft)}`}`;
    into.kind = "leader";
  } else {
    return false;
  }
  into.timeEnd = Math.max(into.timeEnd, draft.timeEnd);
  into.priority = Math.max(into.priority, draft.priority);
  into.events += draft.events;
  into.sources.push(...draft.sources);
  return true;
}
