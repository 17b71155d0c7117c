import type { Model, StepResult } from "../linearizability/model.js";
import type { Operation } from "../linearizability/operation.js";
import { decideKvEpochs } from "./kv-epochs.js";
import { decideRegisterKey, prepareRegisterKey, RegisterKeyModel } from "./kv-register-key.js";
import type { KvInput, KvOutput, KvState } from "./kv-types.js";

export type { KvInput, KvOutput, KvState } from "./kv-types.js";

// Attached to gets, for the search only (prepare): every value put on that key.
const PUT_VALUES: unique symbol = Symbol("cx.kv.putValues");
type Marked = KvInput & { readonly [PUT_VALUES]?: readonly string[] };

const ILLEGAL: StepResult<KvState> = Object.freeze({ ok: false });

const valueOf = (state: KvState, key: string): string => (Object.hasOwn(state, key) ? (state[key] as string) : "");

// The checker hashes a state at every step, and appended values grow long:
// rather than rehash whole strings, each state carries its per-key value
// hashes under a symbol (invisible to Object.keys and JSON), extended by each
// append in O(|value|).
const HASHES: unique symbol = Symbol("cx.kv.hashes");
type Hashed = KvState & { readonly [HASHES]?: Readonly<Record<string, number>> };

function extend(hash: number, suffix: string): number {
  let h = hash;
  for (let i = 0; i < suffix.length; i++) h = (Math.imul(h, 0x01000193) + suffix.charCodeAt(i) + 1) | 0;
  return h;
}

function valueHashes(state: KvState): Readonly<Record<string, number>> {
  const carried = (state as Hashed)[HASHES];
  if (carried !== undefined) return carried;
  const computed: Record<string, number> = {};
  for (const key of Object.keys(state)) computed[key] = extend(0, state[key] as string);
  return computed;
}

function withValue(state: KvState, key: string, next: { value: string; hash: number }): KvState {
  return { ...state, [key]: next.value, [HASHES]: { ...valueHashes(state), [key]: next.hash } };
}

/** Sum over keys (so key order does not matter) of a mix of the key and its value's hash. */
function stateHash(state: KvState): number {
  const hashes = valueHashes(state);
  let sum = 0;
  for (const key of Object.keys(hashes)) {
    let h = Math.imul((hashes[key] as number) ^ key.length, 0x9e3779b1);
    for (let i = 0; i < key.length && i < 16; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    sum = (sum + (h ^ (h >>> 15))) | 0;
  }
  return sum;
}

const ILLEGAL_ONE_KEY: StepResult<string> = Object.freeze({ ok: false });

/**
 * The kv store restricted to one key, the state being that key's value: a
 * string, which the search interns to a small integer (one string per
 * reachable value, transitions cached) instead of copying a record and its
 * hashes at every step. `puts` are the values put on that key, for the
 * lookahead (a get's value must extend the current value or one of them).
 * A class, so that every key's model shares one `step` and one `canReach`:
 * the search's calls to them stay monomorphic from one partition to the next.
 */
class OneKeyModel implements Model<string, KvInput, KvOutput> {
  readonly name = "kv (one key)";
  private readonly puts: readonly string[];

  constructor(puts: readonly string[]) {
    this.puts = puts;
  }

  init(): string {
    return "";
  }

  step(state: string, input: KvInput, output: KvOutput | undefined): StepResult<string> {
    switch (input.op) {
      case "get":
        return output === undefined || output === state ? { ok: true, state } : ILLEGAL_ONE_KEY;
      case "put":
        return { ok: true, state: input.value };
      case "append":
        return { ok: true, state: state + input.value };
    }
  }

  isReadOnly(input: KvInput): boolean {
    return input.op === "get";
  }

  canReach(state: string, input: KvInput, output: KvOutput): boolean {
    if (input.op !== "get" || output === null || output.startsWith(state)) return true;
    return this.puts.some((value) => output.startsWith(value));
  }
}

/** The model of every key of puts and gets: it keeps nothing of its own. */
const REGISTER_KEY = new RegisterKeyModel();

/**
 * What a part is: operations on several keys (partitioning off), one key of
 * puts and gets only (a register, see kv-register-key.ts), or one key with
 * appends. One pass.
 */
function partShape(operations: readonly Operation<KvInput, KvOutput>[]): "several keys" | "register" | "appends" {
  const key = operations[0]?.input.key;
  let appends = false;
  for (let i = 0; i < operations.length; i++) {
    const input = (operations[i] as Operation<KvInput, KvOutput>).input;
    if (input.key !== key) return "several keys";
    if (input.op === "append") appends = true;
  }
  return appends ? "appends" : "register";
}

/**
 * A key/value store of strings where every key starts as `""`: `get` returns
 * the current value, `put` sets it, `append` concatenates to it. Keys are
 * independent, so the history is partitioned by key and each key checked
 * alone (P-compositionality), as in Porcupine's `kvModel`. A key that only
 * sees puts and gets is a register holding `""` at first, and is checked
 * with the register's procedures: Gibbons and Korach's zones when every put
 * stores a value of its own, a certainly stale get found at once, puts that
 * never returned of values no get returned left out, and the search's
 * lookahead (see kv-register-key.ts).
 *
 * @example
 * ```ts
 * checkLinearizability(kvModel, [
 *   { client: 0, call: 0, return: 1, input: { op: "append", key: "x", value: "a" }, output: null },
 *   { client: 1, call: 2, return: 3, input: { op: "get", key: "x" }, output: "a" },
 * ]).verdict; // "ok"
 * ```
 */
export const kvModel: Model<KvState, KvInput, KvOutput> = {
  name: "kv",
  init: () => ({}),
  step(state, input, output) {
    const current = valueOf(state, input.key);
    switch (input.op) {
      case "get":
        return output === undefined || output === current ? { ok: true, state } : ILLEGAL;
      case "put":
        return { ok: true, state: withValue(state, input.key, { value: input.value, hash: extend(0, input.value) }) };
      case "append": {
        const hashes = valueHashes(state);
        const hash = extend(Object.hasOwn(hashes, input.key) ? (hashes[input.key] as number) : 0, input.value);
        return { ok: true, state: withValue(state, input.key, { value: current + input.value, hash }) };
      }
    }
  },
  partition(operations) {
    const byKey = new Map<string, Operation<KvInput, KvOutput>[]>();
    for (const op of operations) {
      const part = byKey.get(op.input.key);
      if (part === undefined) byKey.set(op.input.key, [op]);
      else part.push(op);
    }
    return [...byKey.values()];
  },
  hash: stateHash,
  equal(a, b) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
  },
  isReadOnly: (input) => input.op === "get",
  // Values change only by put or append: a pending get's answer must extend
  // the current value, or else extend the value of some put on that key.
  canReach(state, input, output) {
    const puts = (input as Marked)[PUT_VALUES];
    if (input.op !== "get" || output === null || puts === undefined || output.startsWith(valueOf(state, input.key))) return true;
    return puts.some((value) => output.startsWith(value));
  },
  // One key of puts and gets is a register (see kv-register-key.ts). Else
  // only for several keys in one part (partitioning off): one key is
  // searched with oneKeyModel, which knows its puts without copying any get.
  prepare(operations) {
    const shape = partShape(operations);
    if (shape !== "several keys") return shape === "register" ? prepareRegisterKey(operations) : operations;
    const puts = new Map<string, string[]>();
    for (const op of operations) if (!puts.has(op.input.key)) puts.set(op.input.key, []);
    for (const op of operations) if (op.input.op === "put") puts.get(op.input.key)?.push(op.input.value);
    return operations.map((op) => (op.input.op === "get" ? { ...op, input: { ...op.input, [PUT_VALUES]: puts.get(op.input.key) ?? [] } } : op));
  },
  decide: (operations) => (partShape(operations) === "register" ? decideRegisterKey(operations) : decideKvEpochs(operations)),
  forPartition(operations) {
    const shape = partShape(operations);
    if (shape === "several keys") return undefined;
    if (shape === "register") return REGISTER_KEY as Model<unknown, KvInput, KvOutput>;
    const puts = new Set<string>();
    for (const op of operations) if (op.input.op === "put") puts.add(op.input.value);
    return new OneKeyModel([...puts]) as Model<unknown, KvInput, KvOutput>;
  },
  describeOperation(input, output) {
    switch (input.op) {
      case "get":
        return `get(${JSON.stringify(input.key)}) -> ${output === null ? "?" : JSON.stringify(output)}`;
      case "put":
        return `put(${JSON.stringify(input.key)}, ${JSON.stringify(input.value)})`;
      case "append":
        return `append(${JSON.stringify(input.key)}, ${JSON.stringify(input.value)})`;
    }
  },
  describeState(state) {
    const keys = Object.keys(state).sort();
    return keys.length === 0 ? "{}" : `{ ${keys.map((key) => `${JSON.stringify(key)}: ${JSON.stringify(state[key])}`).join(", ")} }`;
  },
};
