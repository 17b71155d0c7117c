import type { Model } from "../model.js";
import type { Operation } from "../operation.js";

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
  if (roles === undefined || roles.needy.length === 0) return undefined;
  return trackStarvation(problem.operations, roles);
}

/** What {@link starvationLookahead} needs besides the model. */
export interface StarvationProblem<State, Input, Output> {
  readonly operations: readonly Operation<Input, Output>[];
  /** Per operation: 1 when known read-only. */
  readonly readOnly: Uint8Array;
  readonly intern: (state: State) => number;
  /** The initial state's id. */
  readonly initial: number;
}

/** Per operation: the state id it needs (completed ones only, else -1) and the one it leaves (-1: none that matters). */
interface Roles {
  readonly need: Int32Array;
  readonly made: Int32Array;
  /** The operations with a need, in order. */
  readonly needy: readonly number[];
}

/**
 * Who needs and who produces which state. Undefined when some operation
 * that may change the state does not say what it leaves.
 */
function producersAndNeeds<State, Input, Output>(model: Model<State, Input, Output>, problem: StarvationProblem<State, Input, Output>): Roles | undefined {
  const { operations, readOnly, intern } = problem;
  const requires = model.requires?.bind(model);
  const produces = model.produces?.bind(model);
  if (requires === undefined || produces === undefined) return undefined;
  const n = operations.length;
  const need = new Int32Array(n).fill(-1);
  const made = new Int32Array(n).fill(-1);
  // The one state in which an operation can change the state, if any.
  const enabling = new Int32Array(n).fill(-1);
  const needy: number[] = [];
  for (let i = 0; i < n; i++) {
    const op = operations[i] as Operation<Input, Output>;
    const output = op.return === null ? undefined : (op.output as Output);
    const wanted = requires(op.input, output);
    if (wanted !== undefined) {
      enabling[i] = intern(wanted);
      if (op.return !== null) {
        need[i] = enabling[i] as number;
        needy.push(i);
      }
    }
    if (readOnly[i] === 1 || model.isReadOnly?.(op.input, output) === true) continue;
    const left = produces(op.input, output);
    if (left === undefined) return undefined;
    made[i] = intern(left);
  }
  // A producer that needs a state no other producer leaves (and that is not
  // the initial one) can never fire: it produces nothing. To a fixpoint, for chains.
  for (let changed = true; changed; ) {
    changed = false;
    const producers = new Map<number, number>();
    for (let i = 0; i < n; i++) if ((made[i] as number) >= 0) producers.set(made[i] as number, (producers.get(made[i] as number) ?? 0) + 1);
    for (let i = 0; i < n; i++) {
      const e = enabling[i] as number;
      if ((made[i] as number) < 0 || e < 0 || e === problem.initial) continue;
      const others = (producers.get(e) ?? 0) - (made[i] === e ? 1 : 0);
      if (others > 0) continue;
      made[i] = -1;
      changed = true;
    }
  }
  return { need, made, needy };
}

/**
 * The incremental count of starved operations over `roles`. Per state: its
 * producers by call and the operations needing it by return. A needing
 * operation R is starved iff every producer invoked no later than R returned
 * is linearised, i.e. iff R returned before the call of the first producer
 * not yet linearised. So per state it is enough to know that first producer
 * and to count the pending needing operations returned before it (a Fenwick
 * tree over them): O(log n) per step, where counting producers per needing
 * operation was quadratic in memory and time.
 */
function trackStarvation<Input, Output>(operations: readonly Operation<Input, Output>[], roles: Roles): Starvation {
  const { need, made, needy } = roles;
  const n = operations.length;
  const callOf = (i: number): number => (operations[i] as Operation<Input, Output>).call;
  const returnOf = (i: number): number => (operations[i] as Operation<Input, Output>).return as number;
  interface Track {
    readonly producers: number[];
    readonly producerCalls: Float64Array;
    readonly needers: number[];
    readonly needReturns: Float64Array;
    readonly tree: Int32Array;
    first: number;
    starved: number;
  }
  const tracks = new Map<number, Track>();
  const trackOf = (state: number): Track => {
    let track = tracks.get(state);
    if (track === undefined) {
      track = { producers: [], producerCalls: new Float64Array(0), needers: [], needReturns: new Float64Array(0), tree: new Int32Array(0), first: 0, starved: 0 };
      tracks.set(state, track);
    }
    return track;
  };
  for (let i = 0; i < n; i++) if ((made[i] as number) >= 0) trackOf(made[i] as number).producers.push(i);
  for (const r of needy) trackOf(need[r] as number).needers.push(r);
  const producerAt = new Int32Array(n).fill(-1);
  const neederAt = new Int32Array(n).fill(-1);
  const built = new Map<number, Track>();
  for (const [state, raw] of tracks) {
    const producers = raw.producers.sort((a, b) => callOf(a) - callOf(b) || a - b);
    const needers = raw.needers.sort((a, b) => returnOf(a) - returnOf(b) || a - b);
    const tree = new Int32Array(needers.length + 1);
    // Every needing operation starts pending: tree counts 1 for each.
    for (let k = 1; k <= needers.length; k++) {
      tree[k] = (tree[k] as number) + 1;
      const up = k + (k & -k);
      if (up <= needers.length) tree[up] = (tree[up] as number) + (tree[k] as number);
    }
    producers.forEach((p, k) => (producerAt[p] = k));
    needers.forEach((r, k) => (neederAt[r] = k));
    built.set(state, { producers, producerCalls: Float64Array.from(producers, callOf), needers, needReturns: Float64Array.from(needers, returnOf), tree, first: 0, starved: 0 });
  }
  const done = new Uint8Array(n);
  let starved = 0;
  const treeAdd = (tree: Int32Array, at: number, by: number): void => {
    for (let k = at + 1; k < tree.length; k += k & -k) tree[k] = (tree[k] as number) + by;
  };
  const treeSum = (tree: Int32Array, count: number): number => {
    let sum = 0;
    for (let k = count; k > 0; k -= k & -k) sum += tree[k] as number;
    return sum;
  };
  /** Needing operations of `track` returned strictly before `bound`. */
  const before = (track: Track, bound: number): number => {
    let lo = 0;
    let hi = track.needReturns.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((track.needReturns[mid] as number) < bound) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const firstCall = (track: Track): number => (track.first < track.producers.length ? (track.producerCalls[track.first] as number) : Number.POSITIVE_INFINITY);
  const recount = (track: Track): void => {
    const now = treeSum(track.tree, before(track, firstCall(track)));
    starved += now - track.starved;
    track.starved = now;
  };
  for (const track of built.values()) recount(track);
  return {
    lift(op, to) {
      done[op] = 1;
      if (need[op] !== -1) {
        const track = built.get(need[op] as number) as Track;
        treeAdd(track.tree, neederAt[op] as number, -1);
        recount(track);
      }
      if ((made[op] as number) >= 0) {
        const track = built.get(made[op] as number) as Track;
        if (producerAt[op] === track.first) {
          while (track.first < track.producers.length && done[track.producers[track.first] as number] === 1) track.first++;
          recount(track);
        }
      }
      return starved > 0 && starved !== (built.get(to)?.starved ?? 0);
    },
    unlift(op) {
      done[op] = 0;
      if ((made[op] as number) >= 0) {
        const track = built.get(made[op] as number) as Track;
        if ((producerAt[op] as number) < track.first) {
          track.first = producerAt[op] as number;
          recount(track);
        }
      }
      if (need[op] !== -1) {
        const track = built.get(need[op] as number) as Track;
        treeAdd(track.tree, neederAt[op] as number, 1);
        recount(track);
      }
    },
    anyStarved: () => starved > 0,
    needs: (op) => need[op] as number,
    isStarved: (op) => need[op] !== -1 && done[op] === 0 && returnOf(op) < firstCall(built.get(need[op] as number) as Track),
  };
}
