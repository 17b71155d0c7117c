import type { Model } from "../model.js";
import type { Operation } from "../operation.js";

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
  const groups = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const op = operations[i] as Operation<Input, Output>;
    if (model.isReadOnly?.(op.input, op.return === null ? undefined : (op.output as Output)) === true) continue;
    let key: string;
    try {
      key = JSON.stringify([op.return === null, op.input, op.return === null ? null : op.output]);
    } catch {
      continue; // Not plain data: no symmetry breaking for it, which is only slower.
    }
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [i]);
    else group.push(i);
  }
  const end = (i: number): number => operations[i]?.return ?? Number.POSITIVE_INFINITY;
  const call = (i: number): number => (operations[i] as Operation<Input, Output>).call;
  // a precedes b: starts no later, ends no later, ties broken by position.
  const precedes = (a: number, b: number): boolean =>
    call(a) <= call(b) && end(a) <= end(b) && (call(a) < call(b) || end(a) < end(b) || a < b);
  const required: number[][] = Array.from({ length: n }, () => []);
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => call(a) - call(b) || end(a) - end(b) || a - b);
    for (let j = 1; j < group.length; j++) {
      const b = group[j] as number;
      const maximal: number[] = [];
      for (let k = j - 1; k >= Math.max(0, j - GROUP_WINDOW) && maximal.length < MAXIMAL_MAX; k--) {
        const a = group[k] as number;
        if (!precedes(a, b)) continue;
        // Already implied by one found; older ones mostly are too, so stop (dropping constraints is safe).
        if (maximal.some((m) => precedes(a, m))) break;
        maximal.push(a);
      }
      (required[b] as number[]).push(...maximal);
    }
  }
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = (start[i] as number) + (required[i] as number[]).length;
  const list = new Int32Array(start[n] as number);
  for (let i = 0; i < n; i++) list.set(required[i] as number[], start[i] as number);
  return { start, list };
}
