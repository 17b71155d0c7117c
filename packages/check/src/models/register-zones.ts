import type { ModelDecision } from "../linearizability/model-decision.js";
import type { Operation } from "../linearizability/operation.js";
import { replay } from "./replay-order.js";
import type { RegisterInput, RegisterOutput } from "./register-model.js";

type RegisterOperation = Operation<RegisterInput, RegisterOutput>;

/**
 * A write and the completed reads that returned its value (or, for the
 * initial empty value, no write and the reads that returned `null`). With
 * distinct written values every linearization is a sequence of such blocks:
 * the write, then its reads, before the next write.
 */
interface Cluster {
  readonly write: number | undefined;
  readonly reads: number[];
  /** Earliest response in the cluster: the block must start by then. */
  lo: number;
  /** Latest invocation in the cluster: the block cannot end before then. */
  hi: number;
}

/**
 * Decides a register history of reads and writes with distinct written
 * values exactly, in O(n log n), or answers `undefined` when that does not
 * apply (a cas that matters, a value written twice).
 *
 * Why it is exact: a block (cluster) started at time t can place its write
 * at max(t, write.call) and each read at the latest of that and its call,
 * so it fits iff t <= lo and ends at max(t, hi) (given no read returned
 * before its write was called). A cluster with hi > lo ("forward zone" in
 * Gibbons and Korach's terms) must cover [lo, hi]: forward clusters follow
 * one another in order of lo, each starting after the previous one's hi.
 * The others ("backward": hi <= lo) fit in any gap between consecutive
 * forward clusters that they can start in (gap entry <= lo) and leave in
 * time (hi <= the next forward cluster's lo); both bounds are monotone in
 * the gap, so a binary search finds one. Indeterminate reads, and
 * indeterminate writes or cas whose value nobody reads, are left out: a
 * linearization can always omit them.
 *
 * An `ok` is certified: the schedule is built and replayed against the
 * operations' intervals (if that ever failed, the search would decide).
 */
export function decideRegisterZones(operations: readonly RegisterOperation[]): ModelDecision | undefined {
  const observed = new Set<string>();
  for (const op of operations) {
    if (op.return !== null && op.input.op === "read" && typeof op.output === "string") observed.add(op.output);
  }
  const writers = new Map<string, number>();
  const empty: Cluster = { write: undefined, reads: [], lo: Number.POSITIVE_INFINITY, hi: Number.NEGATIVE_INFINITY };
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i] as RegisterOperation;
    const input = op.input;
    if (input.op === "read") continue;
    if (op.return === null && !observed.has(input.value)) continue;
    if (input.op === "cas") return undefined;
    if (writers.has(input.value)) return undefined;
    writers.set(input.value, i);
  }
  const clusters = new Map<string, Cluster>();
  for (const [value, write] of writers) {
    const op = operations[write] as RegisterOperation;
    clusters.set(value, { write, reads: [], lo: op.return ?? Number.POSITIVE_INFINITY, hi: op.call });
  }
  let orphanRead = false;
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i] as RegisterOperation;
    if (op.input.op !== "read" || op.return === null) continue;
    const output = op.output;
    if (typeof output === "boolean") return undefined;
    const cluster = output === null ? empty : clusters.get(output);
    if (cluster === undefined) {
      orphanRead = true; // A value nobody wrote: never legal.
      continue;
    }
    cluster.reads.push(i);
    cluster.lo = Math.min(cluster.lo, op.return);
    cluster.hi = Math.max(cluster.hi, op.call);
  }
  if (orphanRead) return { verdict: "illegal" };

  let feasible = true;
  const forward: Cluster[] = [];
  const backward: Cluster[] = [];
  for (const cluster of clusters.values()) {
    // A read that returned before its write was invoked.
    if ((operations[cluster.write as number] as RegisterOperation).call > cluster.lo) feasible = false;
    (cluster.hi > cluster.lo ? forward : backward).push(cluster);
  }
  forward.sort((a, b) => a.lo - b.lo || a.hi - b.hi);
  // Gap g follows forward cluster g (gap 0 follows the empty-register reads).
  const start = empty.reads.length === 0 ? Number.NEGATIVE_INFINITY : empty.hi;
  const entry = [start, ...forward.map((c) => c.hi)];
  const exit = [...forward.map((c) => c.lo), Number.POSITIVE_INFINITY];
  for (let g = 0; g < forward.length; g++) if ((entry[g] as number) > (exit[g] as number)) feasible = false;
  const gaps: Cluster[][] = entry.map(() => []);
  for (const cluster of backward) {
    // Last gap it can start in, first gap it can leave in time.
    const last = lastAtMost(entry, cluster.lo);
    const first = firstAtLeast(exit, cluster.hi);
    if (last < 0 || first > last) feasible = false;
    (gaps[Math.max(0, last)] as Cluster[]).push(cluster);
  }
  const schedule: number[] = [...byCall(operations, empty.reads)];
  gaps.forEach((gap, g) => {
    gap.sort((a, b) => a.hi - b.hi);
    for (const cluster of gap) schedule.push(cluster.write as number, ...byCall(operations, cluster.reads));
    const next = forward[g];
    if (next !== undefined) schedule.push(next.write as number, ...byCall(operations, next.reads));
  });
  const placed = replay(operations, schedule);
  if (feasible) return placed === schedule.length ? { verdict: "ok" } : undefined;
  return { verdict: "illegal", prefix: schedule.slice(0, placed) };
}

function byCall(operations: readonly RegisterOperation[], indices: readonly number[]): number[] {
  return [...indices].sort((a, b) => (operations[a] as RegisterOperation).call - (operations[b] as RegisterOperation).call || a - b);
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
