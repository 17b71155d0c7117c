import type { Operation } from "../linearizability/operation.js";
import type { RegisterInput, RegisterOutput } from "./register-types.js";

type RegisterOperation = Operation<RegisterInput, RegisterOutput>;

/**
 * A necessary condition for any register history (values may repeat), in
 * O(n log n) plus the pairs of an observation and a writer of its value:
 * true when some completed read of `v` (or successful cas from `v`) R is
 * certainly stale, so the history is not linearizable.
 *
 * Why it is sound: in a linearization, the last operation before R that
 * stored a value stored `v` (or there is none and `v` is the empty value).
 * Call it W. A completed write, or completed successful cas, X of another
 * value that was invoked after W returned and returned before R was invoked
 * sits between them in every linearization, contradicting "last". So if
 * every candidate W (invoked no later than R returned) has such an X after
 * it, R has no value to read. It never proves a history linearizable: when
 * it finds nothing, the search decides.
 */
export function hasStaleObservation(operations: readonly RegisterOperation[]): boolean {
  return staleObservation(operations) !== -1;
}

/** The position of the first certainly stale read (or successful cas) found, or -1; see {@link hasStaleObservation}. */
export function staleObservation(operations: readonly RegisterOperation[]): number {
  // Operations that certainly stored their value, by call.
  const definite: number[] = [];
  const writers = new Map<string, number[]>();
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i] as RegisterOperation;
    const input = op.input;
    if (input.op === "read") continue;
    const completed = op.return !== null;
    if (input.op === "cas" && completed && op.output !== true) continue;
    if (completed) definite.push(i);
    const list = writers.get(input.value);
    if (list === undefined) writers.set(input.value, [i]);
    else list.push(i);
  }
  const callOf = (i: number): number => (operations[i] as RegisterOperation).call;
  definite.sort((a, b) => callOf(a) - callOf(b) || a - b);
  const m = definite.length;
  const calls = new Float64Array(m);
  // For each suffix (by call): the earliest return, its value, and the earliest return of another value.
  const bestReturn = new Float64Array(m + 1).fill(Number.POSITIVE_INFINITY);
  const bestValue: (string | null)[] = new Array<string | null>(m + 1).fill(null);
  const otherReturn = new Float64Array(m + 1).fill(Number.POSITIVE_INFINITY);
  for (let k = m - 1; k >= 0; k--) {
    const op = operations[definite[k] as number] as RegisterOperation;
    calls[k] = op.call;
    const ret = op.return as number;
    const value = (op.input as { value: string }).value;
    const best = bestReturn[k + 1] as number;
    const bestV = bestValue[k + 1] as string | null;
    const other = otherReturn[k + 1] as number;
    if (ret < best) {
      bestReturn[k] = ret;
      bestValue[k] = value;
      otherReturn[k] = bestV === value || bestV === null ? other : best;
    } else {
      bestReturn[k] = best;
      bestValue[k] = bestV;
      otherReturn[k] = value === bestV ? other : Math.min(other, ret);
    }
  }
  /** Earliest return of a definite write of a value other than `value`, among those invoked strictly after `after`. */
  const earliestOtherAfter = (after: number, value: string | null): number => {
    let lo = 0;
    let hi = m;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((calls[mid] as number) > after) hi = mid;
      else lo = mid + 1;
    }
    return bestValue[lo] !== value || value === null ? (bestReturn[lo] as number) : (otherReturn[lo] as number);
  };
  // Per value: its writers by call, and the running maximum over them of the
  // latest instant a read may begin and still see that writer's value (with
  // the writer that reached it, and the best of the others: a cas from v to
  // v observes v but cannot be its own writer).
  interface Reach {
    readonly calls: Float64Array;
    readonly best: Float64Array;
    readonly bestBy: Int32Array;
    readonly second: Float64Array;
  }
  const reach = new Map<string, Reach>();
  const reachOf = (value: string): Reach => {
    const known = reach.get(value);
    if (known !== undefined) return known;
    const list = [...(writers.get(value) ?? [])].sort((a, b) => callOf(a) - callOf(b) || a - b);
    const entry = { calls: new Float64Array(list.length), best: new Float64Array(list.length), bestBy: new Int32Array(list.length), second: new Float64Array(list.length) };
    let running = Number.NEGATIVE_INFINITY;
    let runningBy = -1;
    let second = Number.NEGATIVE_INFINITY;
    list.forEach((w, k) => {
      const writer = operations[w] as RegisterOperation;
      entry.calls[k] = writer.call;
      const until = writer.return === null ? Number.POSITIVE_INFINITY : earliestOtherAfter(writer.return, value);
      if (until > running) {
        second = running;
        running = until;
        runningBy = w;
      } else if (until > second) second = until;
      entry.best[k] = running;
      entry.bestBy[k] = runningBy;
      entry.second[k] = second;
    });
    reach.set(value, entry);
    return entry;
  };
  for (let r = 0; r < operations.length; r++) {
    const op = operations[r] as RegisterOperation;
    if (op.return === null) continue;
    let value: string | null;
    if (op.input.op === "read" && typeof op.output !== "boolean") value = op.output;
    else if (op.input.op === "cas" && op.output === true) value = op.input.expected;
    else continue;
    const deadline = op.return;
    if (value === null) {
      if (earliestOtherAfter(Number.NEGATIVE_INFINITY, null) < op.call) return r;
      continue;
    }
    // Writers invoked no later than the read returned, other than itself: the best of them must last until the read began.
    const { calls, best, bestBy, second } = reachOf(value);
    let lo = 0;
    let hi = calls.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((calls[mid] as number) <= deadline) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return r;
    const lasts = bestBy[lo - 1] === r ? (second[lo - 1] as number) : (best[lo - 1] as number);
    if (lasts < op.call) return r;
  }
  return -1;
}
