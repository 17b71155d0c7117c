import type { Model } from "../model.js";
import type { Operation } from "../operation.js";
import { NOT_PLAIN, plainEqual, plainHash } from "./plain-data.js";
import { freshArrays } from "./scratch-arrays.js";
import type { ArraySource } from "./scratch-arrays.js";

/** How far back (among identical operations, by position) an operation looks for those it must follow. */
const GROUP_WINDOW = 64;
/**
 * Most constraints kept per operation. Dropping some is safe (fewer
 * constraints only mean less symmetry broken) and keeps this linear.
 */
const MAXIMAL_MAX = 4;

/**
 * Symmetry breaking between identical operations (same input, same output,
 * both completed or both indeterminate). If A and B are identical and A's
 * interval starts no later and ends no later than B's, any linearisation
 * that puts B before A stays valid with the two swapped; so the search may
 * insist that A is linearised before B. For indeterminate operations (which
 * all end at +infinity) this turns 2^k subsets of k identical pending writes
 * into k + 1 prefixes.
 *
 * Returns, in CSR form, for each operation the operations that must already
 * be linearised before it may be (the maximal ones only: the rest follow by
 * transitivity). State-preserving operations are left out: the search
 * linearises those greedily anyway.
 */
export function orderingConstraints<State, Input, Output>(
  model: Model<State, Input, Output>,
  operations: readonly Operation<Input, Output>[],
  arrays: ArraySource = freshArrays,
): { start: Int32Array; list: Int32Array } {
  const n = operations.length;
  const calls = arrays.setup.float64(n);
  const ends = arrays.setup.float64(n);
  // Each operation's previous identical one (-1: none, or not grouped): walked back to find those it must follow.
  const previous = arrays.setup.int32(n, -1);
  const groups = new IdenticalGroups();
  const start = arrays.int32(n + 1);
  let list = arrays.int32(Math.max(16, Math.min(n, 1024)));
  let count = 0;
  const maximal: number[] = [];
  for (let b = 0; b < n; b++) {
    const op = operations[b] as Operation<Input, Output>;
    const pending = op.return === null;
    calls[b] = op.call;
    ends[b] = pending ? Number.POSITIVE_INFINITY : (op.return as number);
    start[b] = count;
    if (model.isReadOnly?.(op.input, pending ? undefined : (op.output as Output)) === true) continue;
    const before = groups.join(b, operations);
    if (before === -1) continue;
    previous[b] = before;
    maximal.length = 0;
    const cb = calls[b] as number;
    const eb = ends[b] as number;
    // Members come in index order; an earlier member a precedes b when it starts and ends no later.
    for (let a = before, walked = 0; a !== -1 && walked < GROUP_WINDOW && maximal.length < MAXIMAL_MAX; a = previous[a] as number, walked++) {
      const ca = calls[a] as number;
      const ea = ends[a] as number;
      if (!(ca <= cb && ea <= eb)) continue;
      // Already implied by one found; older ones mostly are too, so stop (dropping constraints is safe).
      let implied = false;
      for (let m = 0; m < maximal.length && !implied; m++) implied = ca <= (calls[maximal[m] as number] as number) && ea <= (ends[maximal[m] as number] as number);
      if (implied) break;
      maximal.push(a);
      // When a returned before b was called, real time already orders them:
      // b is no candidate while a's return is pending. Not stored, never checked.
      if (ea < cb) continue;
      if (count === list.length) {
        const grown = new Int32Array(2 * list.length);
        grown.set(list);
        list = grown;
      }
      list[count++] = a;
    }
  }
  start[n] = count;
  return { start, list: list.subarray(0, count) };
}

/**
 * The operations that are not read-only, grouped by identity (same input,
 * same output, both completed or both not), by a structural hash checked
 * with structural equality; operations whose input or output is not plain
 * data are left out.
 */
class IdenticalGroups {
  /** Per group: an operation of it (compared with), its latest member, and the next group with the same hash. */
  private readonly first: number[] = [];
  private readonly last: number[] = [];
  private readonly sameHash: number[] = [];
  private readonly byHash = new Map<number, number>();

  /** Puts operation `index` in its group; answers the member before it, or -1 (the first of its group, or not plain data). */
  join<Input, Output>(index: number, operations: readonly Operation<Input, Output>[]): number {
    const op = operations[index] as Operation<Input, Output>;
    const pending = op.return === null;
    const inputHash = plainHash(op.input);
    const outputHash = pending ? 0x9e3779b9 : plainHash(op.output);
    if (inputHash === NOT_PLAIN || outputHash === NOT_PLAIN) return -1;
    const hash = Math.imul(inputHash, 0x85ebca6b) ^ outputHash;
    const head = this.byHash.get(hash);
    let group = head ?? -1;
    for (; group !== -1; group = this.sameHash[group] as number) {
      const other = operations[this.first[group] as number] as Operation<Input, Output>;
      if ((other.return === null) === pending && plainEqual(other.input, op.input) && (pending || plainEqual(other.output, op.output))) break;
    }
    if (group === -1) {
      this.sameHash.push(head ?? -1);
      this.byHash.set(hash, this.first.length);
      this.first.push(index);
      this.last.push(index);
      return -1;
    }
    const before = this.last[group] as number;
    this.last[group] = index;
    return before;
  }
}
