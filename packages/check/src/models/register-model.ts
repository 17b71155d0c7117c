import type { Model, StepResult } from "../linearizability/model.js";
import type { Operation } from "../linearizability/operation.js";
import type { RegisterInput, RegisterOutput, RegisterState } from "./register-types.js";
import { decideRegisterZones } from "./register-zones.js";

export type { RegisterInput, RegisterOutput, RegisterState } from "./register-types.js";

const ILLEGAL: StepResult<RegisterState> = Object.freeze({ ok: false });

/**
 * A single compare-and-set register that starts empty (`null`), as in
 * Jepsen's etcd tests and Porcupine's `etcdModel`.
 *
 * `read` must return the current value (`null` when empty); `write(v)` sets
 * it; `cas(expected, v)` succeeds iff the register holds `expected` (an empty
 * register never matches) and then sets it to `v`; a completed cas must
 * report the right boolean. One partition (a register has no independent
 * parts).
 *
 * Its `prepare` merges every value that no read returns and no cas compares
 * against into one placeholder (nobody can tell them apart), and drops
 * indeterminate operations that could only store such a value when no cas
 * ever failed (storing an unseen value can then only make later operations
 * illegal).
 *
 * @example
 * ```ts
 * checkLinearizability(registerModel, [
 *   { client: 0, call: 0, return: 1, input: { op: "cas", expected: "a", value: "b" }, output: false },
 * ]).verdict; // "ok": the register was empty, so the cas rightly failed
 * ```
 */
export const registerModel: Model<RegisterState, RegisterInput, RegisterOutput> = {
  name: "register",
  init: () => null,
  step(state, input, output) {
    switch (input.op) {
      case "read":
        return output === undefined || output === state ? { ok: true, state } : ILLEGAL;
      case "write":
        return { ok: true, state: input.value };
      case "cas": {
        const matches = state !== null && state === input.expected;
        if (output === undefined || output === matches) return { ok: true, state: matches ? input.value : state };
        return ILLEGAL;
      }
    }
  },
  // A cas that stores the value it expects never changes the register: a read that may fail.
  isReadOnly: (input, output) => input.op === "read" || (input.op === "cas" && (output === false || input.expected === input.value)),
  requires: (input, output) =>
    input.op === "read" ? (output === undefined || typeof output === "boolean" ? undefined : output) : input.op === "cas" && output !== false ? input.expected : undefined,
  // A completed cas that failed stores nothing; any other write or cas can only store its value.
  produces: (input, output) => (input.op === "read" || (input.op === "cas" && output === false) ? undefined : input.value),
  prepare: prepareRegisterHistory,
  decide: decideRegisterZones,
  describeOperation(input, output) {
    const shown = (value: string | null): string => (value === null ? "empty" : JSON.stringify(value));
    switch (input.op) {
      case "read":
        return `read() -> ${typeof output === "boolean" ? String(output) : shown(output)}`;
      case "write":
        return `write(${JSON.stringify(input.value)})`;
      case "cas":
        return `cas(${JSON.stringify(input.expected)}, ${JSON.stringify(input.value)})${output === null ? "" : output === true ? " -> ok" : " -> failed"}`;
    }
  },
  describeState: (state) => (state === null ? "empty" : JSON.stringify(state)),
};

type RegisterOperation = Operation<RegisterInput, RegisterOutput>;

/** See {@link registerModel}: values nobody observes collapse into one placeholder. */
function prepareRegisterHistory(operations: readonly RegisterOperation[]): (RegisterOperation | null)[] {
  const observed = new Set<string>();
  let failedCas = false;
  for (const op of operations) {
    const input = op.input;
    if (input.op === "read") {
      if (op.return !== null && typeof op.output === "string") observed.add(op.output);
    } else if (input.op === "cas") {
      observed.add(input.expected);
      if (op.return !== null && op.output === false) failedCas = true;
    }
  }
  // Only an observed value must stay apart from the placeholder: an unobserved one equal to it is merged anyway.
  let placeholder = "\u0000unobserved";
  while (observed.has(placeholder)) placeholder += "\u0000";
  return operations.map((op) => {
    const input = op.input;
    if (input.op === "read" || observed.has(input.value)) return op;
    // Only a failed cas can profit from the register holding a value nobody reads.
    if (op.return === null && !failedCas) return null;
    return { ...op, input: input.op === "write" ? { op: "write", value: placeholder } : { op: "cas", expected: input.expected, value: placeholder } };
  });
}
