import type { Model, StepResult } from "../linearizability/model.js";

/** An operation on a counter: read it, add to it (an increment adds 1), or compare-and-set it. */
export type CounterInput =
  | { readonly op: "read" }
  | { readonly op: "add"; readonly delta: number }
  | { readonly op: "cas"; readonly expected: number; readonly value: number };

/**
 * A counter's answer: `read` gives the value; `add` gives the value after
 * the addition (as an increment-and-get does), or `null` when the system
 * does not say; `cas` gives whether it succeeded.
 */
export type CounterOutput = number | boolean | null;

/** The counter's state: its value. */
export type CounterState = number;

const ILLEGAL: StepResult<CounterState> = Object.freeze({ ok: false });

/**
 * An integer counter that starts at 0, with compare-and-set.
 *
 * When to use: to check a replicated counter, a sequence or id allocator
 * (an add answering the new value), or a version number advanced by cas.
 *
 * Details:
 * - `read` is legal iff it answers the value.
 * - `add(delta)` adds `delta` (negative to subtract, 1 to increment); an
 *   answer must be the value after the addition, `null` is legal always.
 * - `cas(expected, value)` succeeds iff the counter holds `expected`, and
 *   then sets it to `value`; its answer must say whether it succeeded.
 * - An operation that never returned either took effect or did not.
 * - State: a number, which the checker interns (transitions cached).
 *
 * Gotchas: use integers within ±2^53 (`Number.isSafeInteger`): values are
 * compared with `===`, and sums of fractions are not exact.
 *
 * @example
 * ```ts
 * checkLinearizability(counterModel, [
 *   { client: 0, call: 0, return: 2, input: { op: "add", delta: 1 }, output: 1 },
 *   { client: 1, call: 1, return: 3, input: { op: "add", delta: 1 }, output: 1 }, // both saw 0: a lost update
 * ]).verdict; // "illegal"
 * ```
 */
export const counterModel: Model<CounterState, CounterInput, CounterOutput> = {
  name: "counter",
  init: () => 0,
  step(state, input, output) {
    switch (input.op) {
      case "read":
        return output === undefined || output === state ? { ok: true, state } : ILLEGAL;
      case "add": {
        const next = state + input.delta;
        return output === undefined || output === null || output === next ? { ok: true, state: next } : ILLEGAL;
      }
      case "cas": {
        const matches = state === input.expected;
        if (output !== undefined && output !== matches) return ILLEGAL;
        return { ok: true, state: matches ? input.value : state };
      }
    }
  },
  // Adding 0, a cas that failed, and a cas that stores what it expects all leave the value as it was.
  isReadOnly: (input, output) => input.op === "read" || (input.op === "add" && input.delta === 0) || (input.op === "cas" && (output === false || input.expected === input.value)),
  describeOperation(input, output) {
    switch (input.op) {
      case "read":
        return `read() -> ${typeof output === "number" ? String(output) : "?"}`;
      case "add":
        return `add(${input.delta})${typeof output === "number" ? ` -> ${output}` : ""}`;
      case "cas":
        return `cas(${input.expected}, ${input.value})${output === true ? " -> ok" : output === false ? " -> failed" : ""}`;
    }
  },
  describeState: (state) => String(state),
};
