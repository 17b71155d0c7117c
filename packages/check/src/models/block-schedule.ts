import type { ModelDecision } from "../linearizability/model-decision.js";
import type { Operation } from "../linearizability/operation.js";
import { replay } from "./replay-order.js";

/**
 * Decides whether blocks of operations can be laid end to end, each block's
 * operations in the given order, at non-decreasing instants inside their
 * intervals, with `first` (if any) before all others and the rest in any
 * order. The register's clusters (a write and the reads of its value) and
 * the kv store's epochs (a put, the appends after it and the gets between
 * them) reduce to this when written values are distinct.
 *
 * Why it is exact (Gibbons and Korach's zones): a block started at instant
 * t fits iff t <= lo (its earliest response) and its own order fits, and
 * it ends at max(t, hi) (its latest call). Blocks with hi > lo must cover
 * [lo, hi], so they follow one another in order of lo, each starting after
 * the previous one's hi. The others fit in any gap between two of those that
 * they can start in (entry <= lo) and leave in time (hi <= the next one's
 * lo); both bounds grow with the gap, so a binary search finds one.
 *
 * Returns `ok` only after replaying the whole schedule (certified), else
 * `illegal` with the prefix of the schedule that fits; `undefined` if the
 * two disagree (a bug: the caller then searches).
 *
 * @example
 * ```ts
 * scheduleBlocks(ops, [[0, 2], [1]], undefined); // write 0 then its read 2; write 1 alone
 * ```
 */
export function scheduleBlocks<Input, Output>(
  operations: readonly Operation<Input, Output>[],
  blocks: readonly (readonly number[])[],
  first: readonly number[] | undefined,
): ModelDecision | undefined {
  const { feasible, schedule } = planBlocks(operations, blocks, first);
  const placed = replay(operations, schedule);
  if (feasible) return placed === schedule.length ? { verdict: "ok" } : undefined;
  return { verdict: "illegal", prefix: schedule.slice(0, placed) };
}

/**
 * The layout behind {@link scheduleBlocks}: whether the blocks fit (by the
 * zone argument, not yet certified by a replay) and the order they were laid
 * out in (every block's operations, `first` first). Callers that must place
 * more operations around the schedule (the register's failed cas) start
 * from it.
 */
export function planBlocks<Input, Output>(
  operations: readonly Operation<Input, Output>[],
  blocks: readonly (readonly number[])[],
  first: readonly number[] | undefined,
): { readonly feasible: boolean; readonly schedule: number[] } {
  interface Zone {
    readonly ops: readonly number[];
    readonly lo: number;
    readonly hi: number;
  }
  const zone = (ops: readonly number[]): Zone => {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const i of ops) {
      const op = operations[i] as Operation<Input, Output>;
      if (op.return !== null && op.return < lo) lo = op.return;
      if (op.call > hi) hi = op.call;
    }
    return { ops, lo, hi };
  };
  let feasible = first === undefined || replay(operations, first) === first.length;
  const forward: Zone[] = [];
  const backward: Zone[] = [];
  for (const ops of blocks) {
    if (replay(operations, ops) !== ops.length) feasible = false;
    const z = zone(ops);
    (z.hi > z.lo ? forward : backward).push(z);
  }
  forward.sort((a, b) => a.lo - b.lo || a.hi - b.hi);
  // Gap g follows forward block g (gap 0 follows `first`).
  const entry = [first === undefined || first.length === 0 ? Number.NEGATIVE_INFINITY : zone(first).hi, ...forward.map((z) => z.hi)];
  const exit = [...forward.map((z) => z.lo), Number.POSITIVE_INFINITY];
  for (let g = 0; g < forward.length; g++) if ((entry[g] as number) > (exit[g] as number)) feasible = false;
  const gaps: Zone[][] = entry.map(() => []);
  for (const z of backward) {
    // Last gap it can start in, first gap it can leave in time.
    const last = lastAtMost(entry, z.lo);
    if (last < 0 || firstAtLeast(exit, z.hi) > last) feasible = false;
    (gaps[Math.max(0, last)] as Zone[]).push(z);
  }
  const schedule: number[] = [...(first ?? [])];
  gaps.forEach((gap, g) => {
    if (gap.length > 1) gap.sort((a, b) => a.hi - b.hi);
    for (const z of gap) for (const op of z.ops) schedule.push(op);
    const next = forward[g];
    if (next !== undefined) for (const op of next.ops) schedule.push(op);
  });
  return { feasible, schedule };
}

/** Largest index whose (non-decreasing) value is <= bound, or -1. */
function lastAtMost(values: readonly number[], bound: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) <= bound) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Smallest index whose (non-decreasing) value is >= bound, or values.length. */
function firstAtLeast(values: readonly number[], bound: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) >= bound) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
