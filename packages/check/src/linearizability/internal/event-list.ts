import type { Operation } from "../operation.js";
import { freshArrays } from "./scratch-arrays.js";
import type { ArraySource } from "./scratch-arrays.js";

/** Moves of the insertion sort per element before sortByReturn gives up on it. */
const INSERTION_MOVES_PER_ELEMENT = 16;

/**
 * The doubly linked event list of Lowe's just-in-time search: node `2i` is
 * the call of operation i, node `2i + 1` its return (operations that never
 * returned have none: they may stay unlinearised forever), in time order
 * with calls first at equal times, so that equal timestamps are concurrent
 * (closed intervals). The candidates at any point are the calls before the
 * first return in the list. Lifting an operation unlinks its nodes (dancing
 * links); unlifting, in reverse order of lifting, puts them back.
 *
 * Operations must come completed first, then indeterminate, each by call
 * (see searchPartition), so building the list is a merge.
 */
export class EventList {
  /** The list's head sentinel; `next[head]` is the first event. */
  readonly head: number;
  readonly next: Int32Array;
  readonly prev: Int32Array;

  constructor(operations: readonly Operation<unknown, unknown>[], completed: number, arrays: ArraySource = freshArrays) {
    const n = operations.length;
    this.head = 2 * n;
    this.next = arrays.int32(2 * n + 1, -1);
    this.prev = arrays.int32(2 * n + 1, -1);
    let last = this.head;
    const events = sortedEvents(operations, completed, arrays.setup);
    for (let k = 0; k < events.length; k++) {
      const node = events[k] as number;
      this.next[last] = node;
      this.prev[node] = last;
      last = node;
    }
  }

  /** The first event still in the list, or -1. */
  first(): number {
    return this.next[this.head] as number;
  }

  /** Unlinks the call node `call` and, when `withReturn`, the return after it. */
  lift(call: number, withReturn: boolean): void {
    const { next, prev } = this;
    next[prev[call] as number] = next[call] as number;
    if (next[call] !== -1) prev[next[call] as number] = prev[call] as number;
    if (withReturn) {
      const ret = call + 1;
      next[prev[ret] as number] = next[ret] as number;
      if (next[ret] !== -1) prev[next[ret] as number] = prev[ret] as number;
    }
  }

  /** Undoes lift(call, withReturn): the return first, then the call. */
  unlift(call: number, withReturn: boolean): void {
    const { next, prev } = this;
    if (withReturn) {
      const ret = call + 1;
      next[prev[ret] as number] = ret;
      const after = next[ret] as number;
      if (after !== -1) prev[after] = ret;
    }
    next[prev[call] as number] = call;
    const afterCall = next[call] as number;
    if (afterCall !== -1) prev[afterCall] = call;
  }
}

/**
 * The nodes of the event list in time order, calls before returns at equal
 * times, then by operation: the calls are already in call order (completed
 * operations, then those that never returned, each by call), so they are
 * merged; only the returns are sorted, and they come almost in call order,
 * which the library sort handles in about linear time.
 */
function sortedEvents(operations: readonly Operation<unknown, unknown>[], completed: number, arrays: ArraySource): Int32Array {
  const n = operations.length;
  const calls = arrays.float64(n);
  for (let i = 0; i < n; i++) calls[i] = (operations[i] as Operation<unknown, unknown>).call;
  const returns = arrays.float64(completed);
  for (let i = 0; i < completed; i++) returns[i] = (operations[i] as Operation<unknown, unknown>).return as number;
  const byReturn = sortByReturn(returns, arrays);
  const events = arrays.int32(n + completed);
  let k = 0;
  let c = 0; // next completed call
  let p = completed; // next call of an operation that never returned
  let r = 0; // next return
  while (k < events.length) {
    // The earliest call: a completed one unless one that never returned is strictly earlier.
    const fromCompleted = c < completed && (p >= n || (calls[c] as number) <= (calls[p] as number));
    const call = fromCompleted ? c : p < n ? p : -1;
    if (call !== -1 && (r >= completed || (calls[call] as number) <= (returns[byReturn[r] as number] as number))) {
      events[k++] = 2 * call;
      if (fromCompleted) c++;
      else p++;
    } else {
      events[k++] = 2 * (byReturn[r++] as number) + 1;
    }
  }
  return events;
}

/**
 * Indices 0..n-1 by (returns[i], i). Returns of operations in call order
 * are out of order only by about the concurrency, so an insertion sort
 * (plain loops, no comparator calls) is linear here; if it moves too much,
 * the library sort takes over.
 */
function sortByReturn(returns: Float64Array, arrays: ArraySource): Int32Array {
  const n = returns.length;
  const order = arrays.int32(n);
  let moves = 0;
  for (let i = 0; i < n; i++) {
    const r = returns[i] as number;
    let j = i - 1;
    while (j >= 0 && (returns[order[j] as number] as number) > r) {
      order[j + 1] = order[j] as number;
      j--;
    }
    order[j + 1] = i;
    moves += i - 1 - j;
    if (moves > INSERTION_MOVES_PER_ELEMENT * n) {
      const all = Array.from({ length: n }, (_, k) => k);
      all.sort((a, b) => (returns[a] as number) - (returns[b] as number) || a - b);
      return Int32Array.from(all);
    }
  }
  return order;
}
