import type { Model } from "../model.js";
import type { Operation } from "../operation.js";
import type { ArraySource } from "./scratch-arrays.js";
import { sortedOrder } from "./sorted-order.js";

/** Incremental bookkeeping for {@link Model.requires} / {@link Model.produces}. */
export interface Starvation {
  /** Records that `op` was linearised, leaving state id `to`; true when the new configuration is certainly dead (then call unlift). */
  lift(op: number, to: number): boolean;
  /** Undoes lift(op). */
  unlift(op: number): void;
  /** The state id `op` needs (Model.requires), or -1. */
  needs(op: number): number;
  /** Whether some pending operation has no producer left. */
  anyStarved(): boolean;
  /** Whether `op` is pending and has no producer left. */
  isStarved(op: number): boolean;
}

/**
 * The lookahead of {@link Model.requires}: each completed operation R that
 * is legal in one state only (a read of v) counts the operations not yet
 * linearised that could leave that state and were invoked no later than R
 * returned. When the count of some pending R is zero and the current state
 * is not the one R needs, no completion exists. Undefined when the model
 * does not tell, or when some operation that may change the state does not
 * say what it leaves.
 */
export function starvationLookahead<State, Input, Output>(
  model: Model<State, Input, Output>,
  problem: StarvationProblem<State, Input, Output>,
): Starvation | undefined {
  const roles = producersAndNeeds(model, problem);
  if (roles === undefined || roles.needy === 0) return undefined;
  return new StarvationTracker(problem.operations as readonly Operation<unknown, unknown>[], roles, problem.arrays);
}

/** What {@link starvationLookahead} needs besides the model. */
export interface StarvationProblem<State, Input, Output> {
  readonly operations: readonly Operation<Input, Output>[];
  /** Per operation: 1 when known read-only. */
  readonly readOnly: Uint8Array;
  readonly intern: (state: State) => number;
  /** The initial state's id. */
  readonly initial: number;
  readonly arrays: ArraySource;
}

/** Per operation: the state id it needs (completed ones only, else -1) and the one it leaves (-1: none that matters). */
interface Roles {
  readonly need: Int32Array;
  readonly made: Int32Array;
  /** How many operations have a need. */
  readonly needy: number;
  /** State ids are below this. */
  readonly states: number;
}

/**
 * Who needs and who produces which state. Undefined when some operation
 * that may change the state does not say what it leaves.
 */
function producersAndNeeds<State, Input, Output>(model: Model<State, Input, Output>, problem: StarvationProblem<State, Input, Output>): Roles | undefined {
  const { operations, readOnly, intern, arrays } = problem;
  const requires = model.requires?.bind(model);
  const produces = model.produces?.bind(model);
  if (requires === undefined || produces === undefined) return undefined;
  const n = operations.length;
  const need = arrays.int32(n, -1);
  const made = arrays.int32(n, -1);
  // The one state in which an operation can change the state, if any.
  const enabling = arrays.setup.int32(n, -1);
  let needy = 0;
  let states = problem.initial + 1;
  for (let i = 0; i < n; i++) {
    const op = operations[i] as Operation<Input, Output>;
    const output = op.return === null ? undefined : (op.output as Output);
    const wanted = requires(op.input, output);
    if (wanted !== undefined) {
      const id = intern(wanted);
      enabling[i] = id;
      if (id >= states) states = id + 1;
      if (op.return !== null) {
        need[i] = id;
        needy++;
      }
    }
    if (readOnly[i] === 1 || model.isReadOnly?.(op.input, output) === true) continue;
    const left = produces(op.input, output);
    if (left === undefined) return undefined;
    const id = intern(left);
    made[i] = id;
    if (id >= states) states = id + 1;
  }
  dropUnfireable({ made, enabling, states, initial: problem.initial }, arrays.setup);
  return { need, made, needy, states };
}

/**
 * A producer that needs a state no other producer leaves (and that is not
 * the initial one) can never fire: it produces nothing. Dropping it may
 * starve others in turn (chains of cas): a worklist of the states whose
 * producers were dropped, each producer looked at again only then.
 */
function dropUnfireable(roles: { readonly made: Int32Array; readonly enabling: Int32Array; readonly states: number; readonly initial: number }, arrays: ArraySource): void {
  const { made, enabling, states, initial } = roles;
  const n = made.length;
  const producers = arrays.int32(states);
  for (let i = 0; i < n; i++) if ((made[i] as number) >= 0) producers[made[i] as number] = (producers[made[i] as number] as number) + 1;
  // The producers each state enables, in CSR form.
  const start = arrays.int32(states + 1);
  for (let i = 0; i < n; i++) if ((made[i] as number) >= 0 && (enabling[i] as number) >= 0) start[(enabling[i] as number) + 1] = (start[(enabling[i] as number) + 1] as number) + 1;
  for (let s = 0; s < states; s++) start[s + 1] = (start[s + 1] as number) + (start[s] as number);
  const list = arrays.int32(start[states] as number);
  const fill = arrays.int32(states);
  fill.set(start.subarray(0, states));
  for (let i = 0; i < n; i++) {
    const e = enabling[i] as number;
    if ((made[i] as number) < 0 || e < 0) continue;
    list[fill[e] as number] = i;
    fill[e] = (fill[e] as number) + 1;
  }
  const work: number[] = [];
  for (let s = 0; s < states; s++) if (start[s + 1] !== start[s]) work.push(s);
  while (work.length > 0) {
    const e = work.pop() as number;
    if (e === initial) continue;
    for (let k = start[e] as number; k < (start[e + 1] as number); k++) {
      const i = list[k] as number;
      const left = made[i] as number;
      if (left < 0) continue;
      const others = (producers[e] as number) - (left === e ? 1 : 0);
      if (others > 0) continue;
      made[i] = -1;
      producers[left] = (producers[left] as number) - 1;
      work.push(left);
    }
  }
}

/**
 * The incremental count of starved operations over `roles`. Per state: its
 * producers by call and the operations needing it by return. A needing
 * operation R is starved iff every producer invoked no later than R returned
 * is linearised, i.e. iff R returned before the call of the first producer
 * not yet linearised. So per state it is enough to know that first producer
 * and to count the pending needing operations returned before it (a Fenwick
 * tree over them): O(log n) per step. All of it in flat arrays indexed by
 * state (CSR): a history of distinct values has as many states as writes.
 * A class, so that every search calls the same methods.
 */
class StarvationTracker implements Starvation {
  private readonly need: Int32Array;
  private readonly made: Int32Array;
  private readonly states: number;
  private readonly returns: Float64Array;
  private readonly producers: StateGroups;
  private readonly needers: StateGroups;
  private readonly producerCall: Float64Array;
  private readonly needReturn: Float64Array;
  /** Fenwick trees, one per state, over its needing operations (1 while pending): state s's at `needers.start[s] + s`, 1-based. */
  private readonly tree: Int32Array;
  /** Per state: its first producer not linearised (an index into its group), and how many of its needing operations are starved. */
  private readonly first: Int32Array;
  private readonly starvedOf: Int32Array;
  private readonly done: Uint8Array;
  private starved = 0;

  constructor(operations: readonly Operation<unknown, unknown>[], roles: Roles, arrays: ArraySource) {
    const { need, made, states } = roles;
    const n = operations.length;
    this.need = need;
    this.made = made;
    this.states = states;
    const calls = arrays.setup.float64(n);
    const returns = arrays.float64(n);
    for (let i = 0; i < n; i++) {
      const op = operations[i] as Operation<unknown, unknown>;
      calls[i] = op.call;
      returns[i] = op.return ?? Number.POSITIVE_INFINITY;
    }
    this.returns = returns;
    const producers = groupByState(made, sortedOrder(calls, arrays.setup), { states, arrays });
    const needers = groupByState(need, sortedOrder(returns, arrays.setup), { states, arrays });
    this.producers = producers;
    this.needers = needers;
    this.producerCall = arrays.float64(producers.list.length);
    for (let k = 0; k < this.producerCall.length; k++) this.producerCall[k] = calls[producers.list[k] as number] as number;
    this.needReturn = arrays.float64(needers.list.length);
    for (let k = 0; k < this.needReturn.length; k++) this.needReturn[k] = returns[needers.list[k] as number] as number;
    this.tree = arrays.int32(needers.list.length + states + 1);
    for (let s = 0; s < states; s++) {
      const base = (needers.start[s] as number) + s;
      const count = (needers.start[s + 1] as number) - (needers.start[s] as number);
      for (let k = 1; k <= count; k++) this.tree[base + k] = k & -k;
    }
    this.first = arrays.int32(states);
    this.starvedOf = arrays.int32(states);
    this.done = arrays.uint8(n);
    for (let s = 0; s < states; s++) if (needers.start[s + 1] !== needers.start[s]) this.recount(s);
  }

  lift(op: number, to: number): boolean {
    this.done[op] = 1;
    const s = this.need[op] as number;
    if (s !== -1) {
      this.treeAdd(s, this.needers.at[op] as number, -1);
      this.recount(s);
    }
    const m = this.made[op] as number;
    if (m >= 0 && this.producers.at[op] === this.first[m]) {
      const { start, list } = this.producers;
      const end = (start[m + 1] as number) - (start[m] as number);
      let f = this.first[m] as number;
      while (f < end && this.done[list[(start[m] as number) + f] as number] === 1) f++;
      this.first[m] = f;
      this.recount(m);
    }
    return this.starved > 0 && this.starved !== (to < this.states ? (this.starvedOf[to] as number) : 0);
  }

  unlift(op: number): void {
    this.done[op] = 0;
    const m = this.made[op] as number;
    if (m >= 0 && (this.producers.at[op] as number) < (this.first[m] as number)) {
      this.first[m] = this.producers.at[op] as number;
      this.recount(m);
    }
    const s = this.need[op] as number;
    if (s !== -1) {
      this.treeAdd(s, this.needers.at[op] as number, 1);
      this.recount(s);
    }
  }

  anyStarved(): boolean {
    return this.starved > 0;
  }

  needs(op: number): number {
    return this.need[op] as number;
  }

  isStarved(op: number): boolean {
    return this.need[op] !== -1 && this.done[op] === 0 && (this.returns[op] as number) < this.firstCall(this.need[op] as number);
  }

  private treeAdd(s: number, at: number, by: number): void {
    const start = this.needers.start;
    const base = (start[s] as number) + s;
    const count = (start[s + 1] as number) - (start[s] as number);
    for (let k = at + 1; k <= count; k += k & -k) this.tree[base + k] = (this.tree[base + k] as number) + by;
  }

  /** The call of state s's first producer not linearised (+infinity: none left). */
  private firstCall(s: number): number {
    const start = this.producers.start;
    const at = (start[s] as number) + (this.first[s] as number);
    return at < (start[s + 1] as number) ? (this.producerCall[at] as number) : Number.POSITIVE_INFINITY;
  }

  private recount(s: number): void {
    const bound = this.firstCall(s);
    // Needing operations of s returned strictly before the bound.
    const from = this.needers.start[s] as number;
    let lo = from;
    let hi = this.needers.start[s + 1] as number;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.needReturn[mid] as number) < bound) lo = mid + 1;
      else hi = mid;
    }
    const base = from + s;
    let now = 0;
    for (let k = lo - from; k > 0; k -= k & -k) now += this.tree[base + k] as number;
    this.starved += now - (this.starvedOf[s] as number);
    this.starvedOf[s] = now;
  }
}

/** Operations grouped by a state, in CSR form; `at[i]` is operation i's place in its group. */
interface StateGroups {
  readonly start: Int32Array;
  readonly list: Int32Array;
  readonly at: Int32Array;
}

/**
 * The operations with a state in `stateOf` (>= 0), grouped by it in CSR
 * form, each group in the order of `order`; `at[i]` is operation i's place
 * in its group.
 */
function groupByState(stateOf: Int32Array, order: Int32Array, sizes: { readonly states: number; readonly arrays: ArraySource }): StateGroups {
  const { states, arrays } = sizes;
  const n = stateOf.length;
  const start = arrays.int32(states + 1);
  for (let i = 0; i < n; i++) if ((stateOf[i] as number) >= 0) start[(stateOf[i] as number) + 1] = (start[(stateOf[i] as number) + 1] as number) + 1;
  for (let s = 0; s < states; s++) start[s + 1] = (start[s + 1] as number) + (start[s] as number);
  const list = arrays.int32(start[states] as number);
  const at = arrays.int32(n, -1);
  const fill = arrays.setup.int32(states);
  fill.set(start.subarray(0, states));
  for (let k = 0; k < n; k++) {
    const i = order[k] as number;
    const s = stateOf[i] as number;
    if (s < 0) continue;
    at[i] = (fill[s] as number) - (start[s] as number);
    list[fill[s] as number] = i;
    fill[s] = (fill[s] as number) + 1;
  }
  return { start, list, at };
}
