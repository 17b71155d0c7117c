import type { ModelDecision } from "../linearizability/model-decision.js";
import type { Model, StepResult } from "../linearizability/model.js";
import type { Operation } from "../linearizability/operation.js";
import type { KvInput, KvOutput } from "./kv-types.js";
import { decideRegisterZones } from "./register-zones.js";
import type { RegisterInput, RegisterOutput } from "./register-types.js";

type KvOperation = Operation<KvInput, KvOutput>;
type RegisterOperation = Operation<RegisterInput, RegisterOutput>;

const ILLEGAL: StepResult<string> = Object.freeze({ ok: false });

// One key of the kv store that sees puts and gets only is a register that
// starts holding "": the kv model checks such a key with the register's
// machinery (the search's lookahead, the pruning of puts nobody observed,
// the exact procedures), through the three pieces below.

/**
 * One key of puts and gets as the search's model, the state being the
 * key's value: the kv store's one-key model plus the register's lookahead
 * (a completed get can only be legal in the state it returned; a put
 * always leaves its value), so the search abandons a branch as soon as a
 * get pending in it needs a value nothing left can store. A class, so that
 * every key's model shares its methods (see OneKeyModel).
 */
export class RegisterKeyModel implements Model<string, KvInput, KvOutput> {
  readonly name = "kv (one key of puts and gets)";

  init(): string {
    return "";
  }

  step(state: string, input: KvInput, output: KvOutput | undefined): StepResult<string> {
    if (input.op === "get") return output === undefined || output === state ? { ok: true, state } : ILLEGAL;
    // No append reaches this model (the kv model picks it for keys of puts and gets only): any other operation is a put.
    return { ok: true, state: input.value };
  }

  isReadOnly(input: KvInput): boolean {
    return input.op === "get";
  }

  requires(input: KvInput, output: KvOutput | undefined): string | undefined {
    return input.op === "get" && typeof output === "string" ? output : undefined;
  }

  produces(input: KvInput): string | undefined {
    return input.op === "get" ? undefined : input.value;
  }
}

/**
 * The key's operations with every value that no completed get returned
 * merged into one placeholder, and the puts that never returned and store
 * such a value dropped (`null`).
 *
 * Why merging is exact: only a completed get tells values apart, and none
 * returns any of the merged ones (nor the placeholder, chosen unlike every
 * value returned); so a linearization of either history is one of the
 * other, state by state up to the renaming.
 *
 * Why dropping is exact (the register's argument, without its proviso on
 * failed cas, which a kv store does not have): a put P that never returned
 * may take effect or not, so a linearization without P is one of the
 * history. Conversely, take a linearization L that fires P, and remove P
 * from it. Real time still holds (nothing was moved). The state changes
 * only from P up to the next put after it (or the end of L): there it is
 * now the value before P instead of P's value u. The operations in that
 * stretch are gets (a put ends it); a completed one there returned u,
 * which no completed get does, so there are none, and a get that never
 * returned accepts any state. So L without P is legal too: P can be left
 * out of the search. (A put that never returned and stores a value some
 * get returned cannot be dropped: it may be the only put of that value
 * that can come right before that get.)
 */
export function prepareRegisterKey(operations: readonly KvOperation[]): (KvOperation | null)[] {
  const observed = new Set<string>();
  for (const op of operations) if (op.input.op === "get" && op.return !== null && typeof op.output === "string") observed.add(op.output);
  let placeholder = "\u0000unobserved";
  while (observed.has(placeholder)) placeholder += "\u0000";
  return operations.map((op) => {
    const input = op.input;
    if (input.op === "get" || observed.has(input.value)) return op;
    if (op.return === null) return null;
    return input.value === placeholder ? op : { ...op, input: { ...input, value: placeholder } };
  });
}

/**
 * The register's exact procedures on one key of puts and gets
 * ({@link decideRegisterZones}: Gibbons and Korach's zones when every put
 * stores a value of its own, a certainly stale get otherwise), or
 * `undefined`. The key's initial `""` becomes a completed write of `""`
 * at -infinity (before every call), appended after the
 * key's operations so that the positions of the decision (its prefix,
 * its suspects) are the key's own; it is dropped from the prefix.
 *
 * Why the translation is exact: put is write, get is read, and a register
 * that holds `""` before any operation begins is the key that starts
 * empty. The extra write precedes every operation in real time, so every
 * linearization of the register history starts with it, and removing it
 * gives a linearization of the key's history (and adding it, conversely).
 */
export function decideRegisterKey(operations: readonly KvOperation[]): ModelDecision | undefined {
  const n = operations.length;
  if (n === 0) return { verdict: "ok" };
  const register: RegisterOperation[] = [];
  for (const op of operations) {
    const input = op.input;
    if (input.op === "append") return undefined;
    register.push({
      client: op.client,
      call: op.call,
      return: op.return,
      input: input.op === "get" ? { op: "read" } : { op: "write", value: input.value },
      output: input.op === "get" && op.return !== null ? op.output : null,
    });
  }
  // At -infinity: before every call, whatever the times (the register's procedures take any number).
  register.push({ client: -1, call: Number.NEGATIVE_INFINITY, return: Number.NEGATIVE_INFINITY, input: { op: "write", value: "" }, output: null });
  const decision = decideRegisterZones(register);
  if (decision === undefined || decision.verdict === "ok") return decision;
  const { prefix, suspects } = decision;
  return {
    verdict: "illegal",
    ...(prefix === undefined ? {} : { prefix: prefix.filter((i) => i !== n) }),
    ...(suspects === undefined ? {} : { suspects: suspects.filter((i) => i !== n) }),
  };
}
