import type { Operation } from "../operation.js";
import { sortedOrder } from "./sorted-order.js";

/**
 * How many leading steps of `prefix` (indices into `operations`) respect
 * real time: a step may come only when every completed operation that
 * returned before its call is already placed.
 *
 * Why: the search only ever places an operation whose call precedes the
 * first pending return, but a model's `decide` lays out whole blocks and
 * cuts its schedule where the block order stops fitting the intervals; an
 * operation left out of every block (a failed cas, a put of another epoch)
 * can then have returned before a step of that cut was called. A witness
 * shown to a person must be a real linearization of what it lists, so
 * such a prefix is cut here, at its first step that skips a predecessor.
 * `operations` must hold every completed operation of the partition.
 */
export function realTimePrefixLength<Input, Output>(operations: readonly Operation<Input, Output>[], prefix: readonly number[]): number {
  const n = operations.length;
  const returns = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const op = operations[i] as Operation<Input, Output>;
    returns[i] = op.return ?? Number.POSITIVE_INFINITY;
  }
  const byReturn = sortedOrder(returns);
  const placed = new Uint8Array(n);
  // byReturn[next] is the unplaced operation that returned first (or past the end).
  let next = 0;
  for (let k = 0; k < prefix.length; k++) {
    while (next < n && placed[byReturn[next] as number] === 1) next++;
    const index = prefix[k] as number;
    const earliest = next < n ? (returns[byReturn[next] as number] as number) : Number.POSITIVE_INFINITY;
    // Intervals are closed: an operation that returned at the very instant of this call is concurrent with it.
    if ((operations[index] as Operation<Input, Output>).call > earliest) return k;
    placed[index] = 1;
  }
  return prefix.length;
}
