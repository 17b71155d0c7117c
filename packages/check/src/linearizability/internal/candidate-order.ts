import type { Operation } from "../operation.js";
import type { EventList } from "./event-list.js";
import type { LinearisedSet } from "./linearised-set.js";
import type { Starvation } from "./starvation-lookahead.js";
import { freshArrays } from "./scratch-arrays.js";
import type { ArraySource } from "./scratch-arrays.js";
import { ILLEGAL } from "./transition-cache.js";
import type { TransitionCache } from "./transition-cache.js";

/** Priorities of phase-1 candidates (0 first). */
const PRIORITIES = 5;

/** What the candidate order reads of the search: its fixed facts and live structures. */
export interface CandidateRules {
  readonly operations: readonly Operation<unknown, unknown>[];
  readonly events: EventList;
  readonly transitions: TransitionCache<unknown, unknown, unknown>;
  readonly linearised: LinearisedSet;
  /** Per operation: 1 when it never returned. */
  readonly indeterminate: Uint8Array;
  /** Per completed operation: 1 known read-only, 0 known not, 2 unknown. */
  readonly readOnly: Uint8Array;
  /** Ordering constraints in CSR form (see orderingConstraints). */
  readonly constraints: { readonly start: Int32Array; readonly list: Int32Array };
  readonly starvation: Starvation | undefined;
  /** Indeterminate operations are tried as early as the due operation (see OrderedSearch). */
  readonly eagerIndeterminate: boolean;
  /** Hears of each candidate node left out because another operation is starved (a method: one call target for every search). */
  readonly untried: { untried(node: number): void };
}

/**
 * Phase 1's candidates of the configuration at each depth, best first, in
 * one buffer: `buffer[base[d] .. end[d])`, the next one at `position[d]`.
 *
 * Order: the operation due first (the earliest return) if it is legal, then
 * those after which it becomes legal, then the rest by return; indeterminate
 * operations only when they change the state (and, when tried, only when
 * some other candidate needs the change: see enablesSomething).
 */
export class CandidateOrder {
  buffer: Int32Array;
  readonly base: Int32Array;
  readonly position: Int32Array;
  readonly end: Int32Array;
  private readonly rules: CandidateRules;
  /** The candidates gathered by build and their priorities, before sorting (`gathered` of them). */
  private ops: Int32Array;
  private keys: Uint8Array;
  private gathered = 0;
  private readonly bufferGiven: number;
  private readonly bucketStart: Int32Array;
  private readonly byReturn: (a: number, b: number) => number;

  constructor(rules: CandidateRules, arrays: ArraySource = freshArrays) {
    const n = rules.operations.length;
    this.rules = rules;
    // Grows when a deep search needs more (each depth holds at most the candidates then: about the concurrency).
    this.buffer = arrays.int32(Math.max(64, n));
    this.bufferGiven = this.buffer.length;
    this.base = arrays.int32(n + 2);
    this.position = arrays.int32(n + 1);
    this.end = arrays.int32(n + 1);
    this.ops = arrays.int32(64);
    this.keys = arrays.uint8(64);
    this.bucketStart = arrays.int32(PRIORITIES + 1);
    const returnOf = (op: number): number => (rules.operations[op] as Operation<unknown, unknown>).return ?? Number.POSITIVE_INFINITY;
    this.byReturn = (a, b) => returnOf(a) - returnOf(b) || a - b;
  }

  /** Bytes of the buffer once it outgrew the one it was given (that one is the array source's). */
  bytes(): number {
    return this.buffer.length > this.bufferGiven ? 4 * this.buffer.length : 0;
  }

  /** Whether some operation `op` must follow (an identical one) is not linearised yet. */
  isBlocked(op: number): boolean {
    const { start, list } = this.rules.constraints;
    const linearised = this.rules.linearised;
    for (let r = start[op] as number, end = start[op + 1] as number; r < end; r++) {
      if (!linearised.has(list[r] as number)) return true;
    }
    return false;
  }

  /**
   * Fills the candidates of depth `depth` in state `state`; `deadlineNode`
   * is the first pending return (or -1).
   */
  build(state: unknown, depth: number, deadlineNode: number): void {
    const { events, transitions, starvation, readOnly, indeterminate, eagerIndeterminate, untried } = this.rules;
    const next = events.next;
    this.gathered = 0;
    const due = deadlineNode === -1 ? -1 : deadlineNode >> 1;
    const dueNow = due === -1 ? true : transitions.step(state, due) !== ILLEGAL;
    // An operation nothing left can serve needs the current state (or this
    // configuration would be dead already): it must come before any other
    // change of state, so it is the only candidate.
    const forced = starvation !== undefined && starvation.anyStarved();
    const guided = starvation !== undefined;
    for (let c = next[events.head] as number; c !== -1 && (c & 1) === 0; c = next[c] as number) {
      const y = c >> 1;
      if (forced && !(starvation as Starvation).isStarved(y)) {
        untried.untried(c);
        continue;
      }
      if (readOnly[y] === 1 && indeterminate[y] === 0) continue;
      if (this.isBlocked(y)) continue;
      const to = transitions.step(state, y);
      if (to === ILLEGAL) continue;
      const enablesDue = guided && !dueNow && transitions.step(to, due) !== ILLEGAL;
      let priority: number;
      if (indeterminate[y] === 1) {
        // Whether another candidate needs it is asked only when it is tried.
        if (transitions.same(to, state)) continue;
        priority = enablesDue ? 2 : eagerIndeterminate ? 2 : 4;
      } else {
        if (readOnly[y] === 2 && transitions.same(to, state)) continue;
        // The due operation, and those that need exactly the state now (a cas from the current value): they cannot wait.
        priority = (y === due && !eagerIndeterminate) || (guided && (starvation as Starvation).needs(y) === state) ? 0 : enablesDue ? 1 : 3;
      }
      this.gather(y, priority);
    }
    this.sortInto(depth, guided);
  }

  /**
   * Firing the indeterminate operation at node `fired` (state `state` ->
   * `to`) is worth trying only when some candidate Y right after it needs
   * it. Take, among the valid completions, one with the fewest fired
   * indeterminate operations and, among those, the most completed
   * operations before each fired one: there, a fired X is followed by some
   * Y, and if Y did not need X one could drop X (Y gives the same state
   * without it, or Y is an indeterminate operation that changes nothing
   * after X, so drop Y) or swap X after a completed Y (Y is legal without X
   * and Y;X ends in the same state), contradicting the choice. So the test
   * loses no completion; Y is a candidate now, since X has no return event.
   */
  enablesSomething(fired: number, to: unknown, state: unknown): boolean {
    const { events, transitions, indeterminate } = this.rules;
    const next = events.next;
    const x = fired >> 1;
    for (let c = next[events.head] as number; c !== -1 && (c & 1) === 0; c = next[c] as number) {
      if (c === fired) continue;
      const y = c >> 1;
      const after = transitions.step(to, y);
      if (after === ILLEGAL) continue;
      const without = transitions.step(state, y);
      if (indeterminate[y] === 1) {
        if (!transitions.same(after, to) && (without === ILLEGAL || !transitions.same(after, without))) return true;
        continue;
      }
      if (without === ILLEGAL) return true;
      if (transitions.same(after, without)) continue;
      const swapped = transitions.step(without, x);
      if (swapped === ILLEGAL || !transitions.same(after, swapped)) return true;
    }
    return false;
  }

  private gather(op: number, priority: number): void {
    if (this.gathered === this.ops.length) {
      const ops = new Int32Array(2 * this.ops.length);
      ops.set(this.ops);
      this.ops = ops;
      const keys = new Uint8Array(2 * this.keys.length);
      keys.set(this.keys);
      this.keys = keys;
    }
    this.ops[this.gathered] = op;
    this.keys[this.gathered] = priority;
    this.gathered++;
  }

  /** Empties the candidates of depth `depth` (its forced step failed). */
  clear(depth: number): void {
    this.position[depth] = this.base[depth] as number;
    this.end[depth] = this.base[depth] as number;
  }

  /**
   * Moves the gathered candidates into the buffer at depth `depth`, by
   * priority (a stable counting sort: list order, i.e. by call, within one
   * priority); guided, by return within one priority.
   */
  private sortInto(depth: number, guided: boolean): void {
    const ops = this.ops;
    const keys = this.keys;
    const bucketStart = this.bucketStart;
    const start = this.base[depth] as number;
    const count = this.gathered;
    if (start + count > this.buffer.length) {
      const grown = new Int32Array(Math.max(this.buffer.length * 2, start + count));
      grown.set(this.buffer);
      this.buffer = grown;
    }
    const buffer = this.buffer;
    bucketStart.fill(0);
    for (let i = 0; i < count; i++) bucketStart[(keys[i] as number) + 1] = (bucketStart[(keys[i] as number) + 1] as number) + 1;
    for (let k = 1; k < bucketStart.length; k++) bucketStart[k] = (bucketStart[k] as number) + (bucketStart[k - 1] as number);
    for (let i = 0; i < count; i++) {
      const k = keys[i] as number;
      buffer[start + (bucketStart[k] as number)] = ops[i] as number;
      bucketStart[k] = (bucketStart[k] as number) + 1;
    }
    if (guided && count > 1) {
      let from = 0;
      for (let k = 0; k < PRIORITIES; k++) {
        const to = bucketStart[k] as number;
        if (to - from > 1) buffer.subarray(start + from, start + to).sort(this.byReturn);
        from = to;
      }
    }
    this.position[depth] = start;
    this.end[depth] = start + count;
  }
}
