import type { Model, StepResult } from "../linearizability/model.js";
import { hashStrings, sameStrings } from "./string-list.js";

/** An operation on a FIFO queue of strings. */
export type QueueInput = { readonly op: "enqueue"; readonly value: string } | { readonly op: "dequeue" };

/** A queue's answer: `dequeue` gives the value taken, or `null` when the queue was empty; `enqueue` gives `null`. */
export type QueueOutput = string | null;

/** The queue's state: its values, the front (next to dequeue) first (never mutated). */
export type QueueState = readonly string[];

const ILLEGAL: StepResult<QueueState> = Object.freeze({ ok: false });
const EMPTY: QueueState = Object.freeze([]);

/**
 * A first-in first-out queue of strings that starts empty: `enqueue(v)`
 * puts `v` at the back, `dequeue` takes the front value, or answers `null`
 * on an empty queue (it never waits).
 *
 * When to use: to check a replicated work queue or message queue that
 * promises one order for everyone.
 *
 * Details:
 * - A `dequeue` answering `v` is legal iff `v` is at the front; answering
 *   `null` is legal iff the queue is empty.
 * - An operation that never returned either took effect or did not: a
 *   `dequeue` that never returned may have taken the front value (which
 *   nobody then sees again) or nothing.
 * - `enqueue`'s output is ignored.
 * - State: the values in order (`QueueState`), hashed and compared by the
 *   model; every step copies the list, so keep queues short (tens).
 *
 * Gotchas: values that repeat are fine (the queue holds copies), but a
 *   history in which every value is distinct is easier to read when it
 *   fails. A blocking dequeue that waits for a value is a dequeue whose
 *   interval spans the wait: record it with the value it finally got.
 *
 * @example
 * ```ts
 * checkLinearizability(queueModel, [
 *   { client: 0, call: 0, return: 1, input: { op: "enqueue", value: "a" }, output: null },
 *   { client: 0, call: 2, return: 3, input: { op: "enqueue", value: "b" }, output: null },
 *   { client: 1, call: 4, return: 5, input: { op: "dequeue" }, output: "b" }, // "a" was first
 * ]).verdict; // "illegal"
 * ```
 */
export const queueModel: Model<QueueState, QueueInput, QueueOutput> = {
  name: "queue",
  init: () => EMPTY,
  step(state, input, output) {
    if (input.op === "enqueue") return { ok: true, state: [...state, input.value] };
    if (state.length === 0) return output === undefined || output === null ? { ok: true, state } : ILLEGAL;
    return output === undefined || output === state[0] ? { ok: true, state: state.slice(1) } : ILLEGAL;
  },
  hash: hashStrings,
  equal: sameStrings,
  // A dequeue that found the queue empty changed nothing.
  isReadOnly: (input, output) => input.op === "dequeue" && output === null,
  describeOperation(input, output) {
    if (input.op === "enqueue") return `enqueue(${JSON.stringify(input.value)})`;
    return `dequeue() -> ${output === null ? "empty" : JSON.stringify(output)}`;
  },
  describeState: (state) => (state.length === 0 ? "empty" : `[${state.map((value) => JSON.stringify(value)).join(", ")}] (front first)`),
};
