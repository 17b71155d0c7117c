import type { Model, StepResult } from "../model.js";
import type { Operation } from "../operation.js";
import { freshArrays } from "./scratch-arrays.js";
import type { ArraySource } from "./scratch-arrays.js";
import { StateInterner } from "./state-interner.js";

/** What {@link TransitionCache.step} answers for an illegal step (never a state). */
export const ILLEGAL: unique symbol = Symbol("illegal");
const ILLEGAL_TRANSITION = -1;
/** Entries of the transition cache at most (three 4-byte words each). */
const TRANSITION_CACHE_MAX = 1 << 21;
/** ...and at least (a small history needs few: filling a large cache cost more than its search). */
const TRANSITION_CACHE_MIN = 64;

/**
 * The model's step as the search sees it: states as tokens, compared with
 * {@link TransitionCache.same} and hashed with {@link TransitionCache.hash}.
 *
 * Primitive states (the register's) are interned to small ints: equal
 * states get one id, so transitions can be cached and configuration hashes
 * include the state. Object states (the kv store's) are used as they are:
 * hashing them would cost more than it saves (Porcupine does not hash
 * states either), so the memo compares them with `equal` on a bitset match.
 *
 * Transitions of interned states go through a direct-mapped cache (state
 * id, operation) -> next id: constant memory, no row per state (a kv key has
 * thousands of states, each visited a few times).
 */
export class TransitionCache<State, Input, Output> {
  /** Whether tokens are interned state ids (else the states themselves). */
  readonly interned: boolean;
  readonly interner: StateInterner<State>;
  /** The initial state's token. */
  readonly initial: unknown;
  /** Equality of object states (undefined when interned: ids compare with ===). */
  readonly equal: ((a: unknown, b: unknown) => boolean) | undefined;
  private readonly model: Model<State, Input, Output>;
  private readonly operations: readonly Operation<Input, Output>[];
  private readonly size: number;
  private readonly from: Int32Array;
  private readonly op: Int32Array;
  private readonly to: Int32Array;
  private readonly userHash: ((state: State) => number | string) | undefined;

  constructor(model: Model<State, Input, Output>, operations: readonly Operation<Input, Output>[], limits: { readonly memoBytesMax: number; readonly arrays?: ArraySource }) {
    const { memoBytesMax, arrays = freshArrays } = limits;
    this.model = model;
    this.operations = operations;
    const init = model.init();
    this.interned = init === null || (typeof init !== "object" && typeof init !== "function");
    this.interner = new StateInterner<State>(model as Model<State, unknown, unknown>);
    this.equal = this.interned ? undefined : objectEquality(model);
    this.initial = this.interned ? this.interner.intern(init) : init;
    const n = operations.length;
    this.size = Math.min(TRANSITION_CACHE_MAX, 1 << Math.ceil(Math.log2(Math.max(TRANSITION_CACHE_MIN, 4 * n))), Math.max(1024, 1 << Math.floor(Math.log2(Math.max(1, memoBytesMax / 48)))));
    this.from = arrays.int32(this.size, -1);
    this.op = arrays.int32(this.size);
    this.to = arrays.int32(this.size);
    this.userHash = model.hash?.bind(model);
  }

  /** Bytes held by the interned states (the cache's arrays are the array source's). */
  bytes(): number {
    return this.interner.bytes;
  }

  /** The state after operation `op` from the state `from` stands for, or ILLEGAL. */
  step(from: unknown, op: number): unknown {
    if (!this.interned) {
      const result = this.apply(from as State, op);
      return result.ok ? result.state : ILLEGAL;
    }
    const id = from as number;
    const slot = (Math.imul(id, 0x9e3779b1) ^ Math.imul(op, 0x85ebca6b)) & (this.size - 1);
    if (this.from[slot] === id && this.op[slot] === op) {
      const cached = this.to[slot] as number;
      return cached === ILLEGAL_TRANSITION ? ILLEGAL : cached;
    }
    const before = this.interner.states[id] as State;
    const result = this.apply(before, op);
    // A step that keeps the very same state (a read) needs no lookup.
    const to = !result.ok ? ILLEGAL_TRANSITION : result.state === before ? id : this.interner.intern(result.state);
    this.from[slot] = id;
    this.op[slot] = op;
    this.to[slot] = to;
    return to === ILLEGAL_TRANSITION ? ILLEGAL : to;
  }

  /** Whether two tokens stand for equal states. */
  same(a: unknown, b: unknown): boolean {
    return a === b || (this.equal !== undefined && this.equal(a, b));
  }

  /** The 32-bit hash a token adds to a configuration's (0 for object states without the model's hash). */
  hash(token: unknown): number {
    if (this.interned) return this.interner.mix[token as number] as number;
    const userHash = this.userHash;
    if (userHash === undefined) return 0;
    const h = userHash(token as State);
    return typeof h === "number" ? h | 0 : stringHash(h);
  }

  /** The model's state a token stands for. */
  stateOf(token: unknown): State {
    return (this.interned ? this.interner.states[token as number] : token) as State;
  }

  private apply(from: State, op: number): StepResult<State> {
    const operation = this.operations[op] as Operation<Input, Output>;
    return this.model.step(from, operation.input, operation.return === null ? undefined : (operation.output as Output));
  }
}

/** Equality for object states: the model's, else equal JSON text. */
function objectEquality<State, Input, Output>(model: Model<State, Input, Output>): (a: unknown, b: unknown) => boolean {
  const equal = model.equal;
  if (equal !== undefined) return (a, b) => equal(a as State, b as State);
  return (a, b) => JSON.stringify(a) === JSON.stringify(b);
}

/** FNV-1a over a string, for user hashes given as strings. */
function stringHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}
