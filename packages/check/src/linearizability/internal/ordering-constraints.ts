import type { Model } from "../model.js";
import type { Operation } from "../operation.js";
import { NOT_PLAIN, plainEqual, plainHash } from "./plain-data.js";

/** How far back (in call order) an operation looks for identical operations it must follow. */
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
): { start: Int32Array; list: Int32Array } {
  const n = operations.length;
  const groups = identicalGroups(model, operations);
  const calls = new Float64Array(n);
  const ends = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const op = operations[i] as Operation<Input, Output>;
    calls[i] = op.call;
    ends[i] = op.return ?? Number.POSITIVE_INFINITY;
  }
  // a precedes b: starts no later, ends no later, ties broken by position.
  const precedes = (a: number, b: number): boolean => {
    const ca = calls[a] as number;
    const cb = calls[b] as number;
    const ea = ends[a] as number;
    const eb = ends[b] as number;
    return ca <= cb && ea <= eb && (ca < cb || ea < eb || a < b);
  };
  // (b, a) pairs: b may be linearised only after a.
  const after: number[] = [];
  const before: number[] = [];
  const maximal: number[] = [];
  for (const group of groups) {
    if (group.length < 2) continue;
    // Usually in that order already (operations come by call): check before sorting.
    let ordered = true;
    for (let j = 1; j < group.length && ordered; j++) ordered = precedesInList({ calls, ends }, group[j - 1] as number, group[j] as number);
    if (!ordered) group.sort((a, b) => (calls[a] as number) - (calls[b] as number) || (ends[a] as number) - (ends[b] as number) || a - b);
    for (let j = 1; j < group.length; j++) {
      const b = group[j] as number;
      maximal.length = 0;
      for (let k = j - 1; k >= Math.max(0, j - GROUP_WINDOW) && maximal.length < MAXIMAL_MAX; k--) {
        const a = group[k] as number;
        if (!precedes(a, b)) continue;
        // Already implied by one found; older ones mostly are too, so stop (dropping constraints is safe).
        let implied = false;
        for (let m = 0; m < maximal.length && !implied; m++) implied = precedes(a, maximal[m] as number);
        if (implied) break;
        maximal.push(a);
        // When a returned before b was called, real time already orders them:
        // b is no candidate while a's return is pending. Not stored, never checked.
        if ((ends[a] as number) < (calls[b] as number)) continue;
        after.push(b);
        before.push(a);
      }
    }
  }
  const start = new Int32Array(n + 1);
  for (const b of after) start[b + 1] = (start[b + 1] as number) + 1;
  for (let i = 0; i < n; i++) start[i + 1] = (start[i + 1] as number) + (start[i] as number);
  const list = new Int32Array(after.length);
  const fill = start.slice(0, n);
  for (let k = 0; k < after.length; k++) {
    const b = after[k] as number;
    list[fill[b] as number] = before[k] as number;
    fill[b] = (fill[b] as number) + 1;
  }
  return { start, list };
}

/** Whether a comes before b in the group order: by call, then end, then position. */
function precedesInList(times: { readonly calls: Float64Array; readonly ends: Float64Array }, a: number, b: number): boolean {
  const { calls, ends } = times;
  const ca = calls[a] as number;
  const cb = calls[b] as number;
  return ca < cb || (ca === cb && ((ends[a] as number) < (ends[b] as number) || ((ends[a] as number) === (ends[b] as number) && a < b)));
}

/**
 * The operations that are not read-only, grouped by identity (same input,
 * same output, both completed or both not), by a structural hash checked
 * with structural equality; operations whose input or output is not plain
 * data are left out.
 */
function identicalGroups<State, Input, Output>(model: Model<State, Input, Output>, operations: readonly Operation<Input, Output>[]): number[][] {
  const byHash = new Map<number, number[][]>();
  const groups: number[][] = [];
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i] as Operation<Input, Output>;
    const pending = op.return === null;
    if (model.isReadOnly?.(op.input, pending ? undefined : (op.output as Output)) === true) continue;
    const inputHash = plainHash(op.input);
    const outputHash = pending ? 0x9e3779b9 : plainHash(op.output);
    if (inputHash === NOT_PLAIN || outputHash === NOT_PLAIN) continue;
    const hash = Math.imul(inputHash, 0x85ebca6b) ^ outputHash;
    let bucket = byHash.get(hash);
    if (bucket === undefined) {
      bucket = [];
      byHash.set(hash, bucket);
    }
    const same = bucket.find((group) => {
      const other = operations[group[0] as number] as Operation<Input, Output>;
      return (other.return === null) === pending && plainEqual(other.input, op.input) && (pending || plainEqual(other.output, op.output));
    });
    if (same !== undefined) same.push(i);
    else {
      const group = [i];
      bucket.push(group);
      groups.push(group);
    }
  }
  return groups;
}
