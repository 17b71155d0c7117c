import type { ModelDecision } from "../linearizability/model-decision.js";
import type { Operation } from "../linearizability/operation.js";
import { planBlocks } from "./block-schedule.js";
import { replay } from "./replay-order.js";
import { staleObservation } from "./register-stale-reads.js";
import type { RegisterInput, RegisterOutput } from "./register-types.js";

type RegisterOperation = Operation<RegisterInput, RegisterOutput>;

/**
 * Decides a register history exactly, in about O(n log n), when every write
 * and every cas that may have taken effect stores a distinct value (cx's
 * own workload, and cas workloads that write fresh values); otherwise, or
 * when a failed cas cannot be fitted into the schedule found, answers
 * `undefined` and the search decides.
 *
 * Why it is exact: with distinct values a linearization is a sequence of
 * clusters, a value's writer followed by the reads of that value. A cas that
 * succeeded from `a` to `b` must come right at the end of `a`'s cluster and
 * starts `b`'s, so such clusters chain into one block in a fixed order
 * (a write, its reads, the cas, the reads of its value, the next cas...),
 * and two successful cas from the same value, a cas from a value nobody
 * writes, or a cycle of cas make the history illegal. Blocks start with a
 * write, so any order of blocks is legal for the model and only time
 * matters: {@link planBlocks} (Gibbons and Korach's zones). Reads that
 * never returned, and writes or cas that never returned whose value nobody
 * needs (no read, no successful cas from it, directly or through a chain of
 * such cas), are left out: removing one from a linearization leaves it
 * valid. A failed cas only says "the value was not `expected`": it is left
 * out of the zones (so `illegal` stays exact, the problem without it being
 * a relaxation) and then fitted into the schedule found at a moment whose
 * value differs; if one does not fit, the answer is `undefined`. Every `ok`
 * is certified by replaying the whole order against the register's rules
 * and the intervals. When values repeat, it still answers `illegal` for a
 * read that is certainly stale (see `hasStaleObservation`), naming it as the suspect.
 */
export function decideRegisterZones(operations: readonly RegisterOperation[]): ModelDecision | undefined {
  const decision = decideDistinct(operations);
  if (decision?.verdict === "illegal" && decision.suspects === undefined) {
    // The zones tell that no order fits, not which operation is wrong: a certainly stale read names itself.
    const stale = staleObservation(operations);
    return stale === -1 ? decision : { ...decision, suspects: [stale] };
  }
  if (decision !== undefined) return decision;
  // Values repeat (or a failed cas did not fit): a certainly stale read still settles it.
  const stale = staleObservation(operations);
  return stale === -1 ? undefined : { verdict: "illegal", suspects: [stale] };
}

function decideDistinct(operations: readonly RegisterOperation[]): ModelDecision | undefined {
  const n = operations.length;
  // Operations that may store a value: writes, successful or indeterminate cas.
  const writerOf = new Map<string, number>();
  const needed = new Set<string>();
  const need: string[] = [];
  const mark = (value: string): void => {
    if (needed.has(value)) return;
    needed.add(value);
    need.push(value);
  };
  for (let i = 0; i < n; i++) {
    const op = operations[i] as RegisterOperation;
    const input = op.input;
    if (input.op === "read") {
      if (op.return === null) continue;
      if (typeof op.output === "boolean") return undefined;
      if (op.output !== null) mark(op.output);
      continue;
    }
    if (input.op === "cas" && op.return !== null) {
      if (typeof op.output !== "boolean") return undefined;
      if (!op.output) continue;
      mark(input.expected);
    }
    if (writerOf.has(input.value)) return undefined;
    writerOf.set(input.value, i);
  }
  // A value an indeterminate cas would store is needed: then so is the value it replaced.
  while (need.length > 0) {
    const writer = writerOf.get(need.pop() as string);
    if (writer === undefined) continue;
    const op = operations[writer] as RegisterOperation;
    if (op.return === null && op.input.op === "cas") mark(op.input.expected);
  }
  const included = new Uint8Array(n);
  for (const i of writerOf.values()) {
    const op = operations[i] as RegisterOperation;
    if (op.return !== null || needed.has((op.input as { value: string }).value)) included[i] = 1;
  }
  const successor = new Map<string, number>();
  const reads = new Map<string | null, number[]>();
  const failed: number[] = [];
  let chained = 0;
  for (let i = 0; i < n; i++) {
    const op = operations[i] as RegisterOperation;
    const input = op.input;
    if (input.op === "read") {
      if (op.return === null) continue;
      const value = op.output as string | null;
      // A value nobody wrote: never legal (the short witness search explains it).
      if (value !== null && !writerOf.has(value)) return { verdict: "illegal" };
      const list = reads.get(value);
      if (list === undefined) reads.set(value, [i]);
      else list.push(i);
    } else if (input.op === "cas") {
      if (included[i] === 1) {
        // Two cas cannot both replace a value stored once; nor can one replace a value never stored.
        if (successor.has(input.expected) || !writerOf.has(input.expected)) return { verdict: "illegal" };
        successor.set(input.expected, i);
        chained++;
      } else if (op.return !== null && op.output === false) {
        const writer = writerOf.get(input.expected);
        if (writer !== undefined && included[writer] === 1) failed.push(i);
      }
    }
  }
  const byCall = (a: number, b: number): number => (operations[a] as RegisterOperation).call - (operations[b] as RegisterOperation).call || a - b;
  const blocks: number[][] = [];
  for (const i of writerOf.values()) {
    const op = operations[i] as RegisterOperation;
    if (included[i] === 0 || op.input.op !== "write") continue;
    const block = [i];
    let value: string = op.input.value;
    for (;;) {
      const seen = reads.get(value);
      // Most values are read by few operations: no sort, no spread for those.
      if (seen !== undefined) {
        if (seen.length > 1) seen.sort(byCall);
        for (const r of seen) block.push(r);
      }
      const next = successor.get(value);
      if (next === undefined) break;
      block.push(next);
      chained--;
      value = ((operations[next] as RegisterOperation).input as { value: string }).value;
    }
    blocks.push(block);
  }
  // A cas not reachable from a write sits on a cycle of cas: none of them can go first.
  if (chained !== 0) return { verdict: "illegal" };
  const empty = (reads.get(null) ?? []).sort(byCall);
  const { feasible, schedule } = planBlocks(operations, blocks, empty.length === 0 ? undefined : empty);
  if (!feasible) return { verdict: "illegal", prefix: schedule.slice(0, replay(operations, schedule)) };
  const order = failed.length === 0 ? schedule : fitFailedCas(operations, schedule, failed);
  if (order === undefined || replay(operations, order) !== order.length || !legalOrder(operations, order)) return undefined;
  return { verdict: "ok" };
}

/**
 * Inserts each failed cas into the gap of `schedule` (at its earliest
 * instants) where the register does not hold its expected value and its
 * interval reaches, without moving any other operation; `undefined` when
 * one finds no such gap (another schedule might still work).
 */
function fitFailedCas(operations: readonly RegisterOperation[], schedule: readonly number[], failed: readonly number[]): number[] | undefined {
  const length = schedule.length;
  // instant[k]: when schedule[k] takes effect; value[k]: the value after it.
  const instant = new Float64Array(length);
  const value: (string | null)[] = [];
  let t = Number.NEGATIVE_INFINITY;
  let current: string | null = null;
  for (let k = 0; k < length; k++) {
    const op = operations[schedule[k] as number] as RegisterOperation;
    if (op.call > t) t = op.call;
    instant[k] = t;
    if (op.input.op !== "read") current = op.input.value;
    value.push(current);
  }
  // Gap g lies after schedule[g - 1] and before schedule[g].
  const inserted: { op: number; at: number; gap: number }[] = [];
  for (const f of failed) {
    const op = operations[f] as RegisterOperation;
    const expected = (op.input as { expected: string }).expected;
    const ret = op.return as number;
    // First gap whose upper end (the next operation's instant) reaches the call.
    let lo = 0;
    let hi = length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((instant[mid] as number) >= op.call) hi = mid;
      else lo = mid + 1;
    }
    let placed = false;
    for (let g = lo; g <= length; g++) {
      const lower = g === 0 ? Number.NEGATIVE_INFINITY : (instant[g - 1] as number);
      const at = Math.max(lower, op.call);
      if (at > ret) break;
      if ((g === 0 ? null : value[g - 1]) === expected) continue;
      inserted.push({ op: f, at, gap: g });
      placed = true;
      break;
    }
    if (!placed) return undefined;
  }
  inserted.sort((a, b) => a.gap - b.gap || a.at - b.at || a.op - b.op);
  const order: number[] = [];
  let next = 0;
  for (let g = 0; g <= length; g++) {
    while (next < inserted.length && (inserted[next] as { gap: number }).gap === g) order.push((inserted[next++] as { op: number }).op);
    if (g < length) order.push(schedule[g] as number);
  }
  return order;
}

/** Replays `order` against the register's rules (every cas in it must do what it reported; an indeterminate one must succeed). */
function legalOrder(operations: readonly RegisterOperation[], order: readonly number[]): boolean {
  let state: string | null = null;
  for (const i of order) {
    const op = operations[i] as RegisterOperation;
    const input = op.input;
    if (input.op === "read") {
      if (op.return !== null && op.output !== state) return false;
    } else if (input.op === "write") {
      state = input.value;
    } else {
      const matches = state !== null && state === input.expected;
      if (op.return !== null && op.output === false) {
        if (matches) return false;
      } else {
        if (!matches) return false;
        state = input.value;
      }
    }
  }
  return true;
}
