import type { Operation } from "../linearizability/operation.js";

/**
 * How many operations of `order` fit, in that order, at non-decreasing
 * instants inside their (closed) intervals: the greedy that places each at
 * the latest of the previous instant and its call is optimal, so a whole
 * order fits iff this returns its length. Indeterminate operations end at
 * +infinity.
 *
 * When to use: to certify a linearization found by a model's `decide`, or
 * to cut an impossible order down to the prefix that fits.
 *
 * @example
 * ```ts
 * replay(ops, [2, 0, 1]); // 3 when op 2, then 0, then 1 is a real-time-valid order
 * ```
 */
export function replay<Input, Output>(operations: readonly Operation<Input, Output>[], order: readonly number[]): number {
  let t = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < order.length; k++) {
    const op = operations[order[k] as number] as Operation<Input, Output>;
    if (op.call > t) t = op.call;
    if (op.return !== null && t > op.return) return k;
  }
  return order.length;
}
