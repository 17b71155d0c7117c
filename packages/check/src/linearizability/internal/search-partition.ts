import type { Model, StepResult } from "../model.js";
import type { Operation } from "../operation.js";
import { MemoTable } from "./memo-table.js";
import { Mix32, fmix32 } from "./mix32.js";
import { orderingConstraints } from "./ordering-constraints.js";
import { PartialLinearizations } from "./partial-linearizations.js";
import { StateInterner } from "./state-interner.js";

/** One partition, ready to search: operations already prepared and filtered. */
export interface SearchProblem<State, Input, Output> {
  readonly model: Model<State, Input, Output>;
  readonly operations: readonly Operation<Input, Output>[];
  /** cx's pruning on top of Porcupine's algorithm (see CheckOptions.pruning). */
  readonly pruning: boolean;
  /** Steps still allowed. */
  readonly stepsLeft: number;
  /** Memory allowed for what the search keeps (memo, states, transition cache, stacks). */
  readonly memoBytesMax: number;
  /** An outer wall-clock cap: the caller's clock and the time it must stop at. */
  readonly deadline?: { readonly clock: () => number; readonly at: number };
  /** Keep Porcupine's longest partial linearizations (for an illegal verdict). */
  readonly partials?: boolean;
}

/** Which limit stopped a search. */
export type SearchLimit = "steps" | "memory" | "time";

/** What the search of one partition found; `prefix` holds indices into `operations`. */
export type SearchOutcome =
  | { readonly verdict: "ok"; readonly steps: number }
  | {
      readonly verdict: "illegal";
      readonly steps: number;
      readonly prefix: readonly number[];
      /** With `partials`: the longest partial linearizations, longest first, and how many were left out (see PartialLinearizations.collect). */
      readonly partials?: readonly (readonly number[])[];
      readonly omitted?: number;
    }
  | { readonly verdict: "unknown"; readonly steps: number; readonly limit: SearchLimit };

/** What `transition` answers for an illegal step (never a state). */
const ILLEGAL: unique symbol = Symbol("illegal");
const ILLEGAL_TRANSITION = -1;
/** Entries of the transition cache at most (three 4-byte words each). */
const TRANSITION_CACHE_MAX = 1 << 21;
/** What an object state kept by the memo is assumed to cost (it is not measured). */
const OBJECT_STATE_BYTES = 256;
/** Steps between two looks at the caller's clock. */
const CLOCK_EVERY_STEPS = 1024;
/** Operation indices kept over all partial linearizations of one search at most. */
const PARTIAL_ENTRIES_MAX = 1 << 22;

/**
 * Searches one partition. Operations are renumbered first, completed ones
 * by call then indeterminate ones, so that the memo can store a
 * configuration compactly (see searchOrdered); the prefix found is mapped
 * back to the caller's positions.
 */
export function searchPartition<State, Input, Output>(problem: SearchProblem<State, Input, Output>): SearchOutcome {
  const { operations } = problem;
  // Histories usually come in call order: then splitting off the
  // indeterminate operations is the whole sort.
  const completedFirst: number[] = [];
  const pendingLast: number[] = [];
  let sorted = true;
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i] as Operation<Input, Output>;
    const list = op.return === null ? pendingLast : completedFirst;
    const before = list[list.length - 1];
    if (before !== undefined && (operations[before] as Operation<Input, Output>).call > op.call) sorted = false;
    list.push(i);
  }
  const order = completedFirst.concat(pendingLast);
  const rank = (i: number): number => ((operations[i] as Operation<Input, Output>).return === null ? 1 : 0);
  if (!sorted) order.sort((a, b) => rank(a) - rank(b) || (operations[a] as Operation<Input, Output>).call - (operations[b] as Operation<Input, Output>).call || a - b);
  const outcome = searchOrdered({ ...problem, operations: order.map((i) => operations[i] as Operation<Input, Output>) });
  if (outcome.verdict !== "illegal") return outcome;
  const back = (k: number): number => order[k] as number;
  return { ...outcome, prefix: outcome.prefix.map(back), ...(outcome.partials === undefined ? {} : { partials: outcome.partials.map((partial) => partial.map(back)) }) };
}

/**
 * Wing & Gong's search in Lowe's just-in-time form (as in Porcupine), with
 * memoisation of (linearised set, state), over typed arrays.
 *
 * The event list holds node `2i` (call of operation i) and `2i + 1` (its
 * return; indeterminate operations have none, they may stay unlinearised
 * forever). The candidates at any point are the calls before the first
 * return in the list. Lifting removes an operation's nodes (dancing links);
 * backtracking puts them back.
 *
 * With pruning, candidates are tried in two phases:
 * 0. a completed operation that leaves the state unchanged (a read that
 *    matches) is linearised at once and never branched on: moving such an
 *    operation to the front of any valid completion keeps it valid (only
 *    operations the model calls read-only, or all when it cannot tell);
 * 1. the other candidates, best first: the operation due first (the
 *    earliest return) if it is legal, then those after which it becomes
 *    legal, then the rest by return; indeterminate operations only when
 *    they change the state and some other candidate needs the change (see
 *    enablesSomething).
 * With the model's `requires`/`produces`, a configuration in which some
 * pending operation needs a state nothing left can produce is abandoned at
 * once (see starvationLookahead).
 * Identical operations are also ordered (see ordering-constraints.ts).
 */
function searchOrdered<State, Input, Output>(problem: SearchProblem<State, Input, Output>): SearchOutcome {
  const { model, operations, pruning } = problem;
  const n = operations.length;
  const indeterminate = new Uint8Array(n);
  // Per completed operation: 1 known read-only, 0 known not, 2 unknown (no isReadOnly in the model).
  const readOnly = new Uint8Array(n);
  let completed = 0;
  for (let i = 0; i < n; i++) {
    const op = operations[i] as Operation<Input, Output>;
    if (op.return === null) {
      indeterminate[i] = 1;
    } else {
      completed++;
      readOnly[i] = model.isReadOnly === undefined ? 2 : model.isReadOnly(op.input, op.output as Output) ? 1 : 0;
    }
  }
  if (completed === 0) return { verdict: "ok", steps: 0 };
  for (let i = 0; i < completed; i++) if (indeterminate[i] === 1) throw new Error("searchOrdered: completed operations must come first");

  // The event list, sorted by time; at equal times calls come first, so
  // that equal timestamps are concurrent (closed intervals).
  const head = 2 * n;
  const next = new Int32Array(2 * n + 1).fill(-1);
  const prev = new Int32Array(2 * n + 1).fill(-1);
  let last = head;
  for (const node of sortedEvents(operations, completed)) {
    next[last] = node;
    prev[node] = last;
    last = node;
  }

  const { start: requireStart, list: requireList } = pruning ? orderingConstraints(model, operations) : { start: new Int32Array(n + 1), list: new Int32Array(0) };

  // Primitive states (the register's) are interned to small ints: equal
  // states get one id, so transitions can be cached and configuration hashes
  // include the state. Object states (the kv store's) are used as they are:
  // hashing them would cost more than it saves (Porcupine does not hash
  // states either), so the memo compares them with `equal` on a bitset match.
  const init = model.init();
  const interned = init === null || (typeof init !== "object" && typeof init !== "function");
  const interner = new StateInterner<State>(model as Model<State, unknown, unknown>);
  const mix = interner.mix;
  const equal = interned ? undefined : objectEquality(model);
  let state: unknown = interned ? interner.intern(init) : init;
  // Transitions of interned states, in a direct-mapped cache (state id,
  // operation) -> next id: constant memory, no row per state (a kv key has
  // thousands of states, each visited a few times).
  const cacheSize = Math.min(TRANSITION_CACHE_MAX, 1 << Math.ceil(Math.log2(Math.max(1024, 8 * n))), Math.max(1024, 1 << Math.floor(Math.log2(Math.max(1, problem.memoBytesMax / 48)))));
  const cacheFrom = new Int32Array(cacheSize).fill(-1);
  const cacheOp = new Int32Array(cacheSize);
  const cacheTo = new Int32Array(cacheSize);
  const cells = 3 * cacheSize;
  const apply = (from: State, op: number): StepResult<State> => {
    const operation = operations[op] as Operation<Input, Output>;
    return model.step(from, operation.input, operation.return === null ? undefined : (operation.output as Output));
  };
  const transition = (from: unknown, op: number): unknown => {
    if (!interned) {
      const result = apply(from as State, op);
      return result.ok ? result.state : ILLEGAL;
    }
    const id = from as number;
    const slot = (Math.imul(id, 0x9e3779b1) ^ Math.imul(op, 0x85ebca6b)) & (cacheSize - 1);
    if (cacheFrom[slot] === id && cacheOp[slot] === op) {
      const cached = cacheTo[slot] as number;
      return cached === ILLEGAL_TRANSITION ? ILLEGAL : cached;
    }
    const result = apply(interner.states[id] as State, op);
    const to = result.ok ? interner.intern(result.state) : ILLEGAL_TRANSITION;
    cacheFrom[slot] = id;
    cacheOp[slot] = op;
    cacheTo[slot] = to;
    return to === ILLEGAL_TRANSITION ? ILLEGAL : to;
  };
  const same = (a: unknown, b: unknown): boolean => a === b || (equal !== undefined && equal(a, b));
  const userHash = model.hash;
  const stateHash = (token: unknown): number => {
    if (interned) return mix[token as number] as number;
    if (userHash === undefined) return 0;
    const h = userHash(token as State);
    return typeof h === "number" ? h | 0 : stringHash(h);
  };

  // Firing the indeterminate operation at `fired` (state -> `to`) is worth
  // trying only when some candidate Y right after it needs it. Take, among
  // the valid completions, one with the fewest fired indeterminate
  // operations and, among those, the most completed operations before each
  // fired one: there, a fired X is followed by some Y, and if Y did not
  // need X one could drop X (Y gives the same state without it, or Y is an
  // indeterminate operation that changes nothing after X, so drop Y) or
  // swap X after a completed Y (Y is legal without X and Y;X ends in the
  // same state), contradicting the choice. So the test below loses no
  // completion; Y is a candidate now, since X has no return event.
  const enablesSomething = (fired: number, to: unknown): boolean => {
    const x = fired >> 1;
    for (let c = next[head] as number; c !== -1 && (c & 1) === 0; c = next[c] as number) {
      if (c === fired) continue;
      const y = c >> 1;
      const after = transition(to, y);
      if (after === ILLEGAL) continue;
      const without = transition(state, y);
      if (indeterminate[y] === 1) {
        if (!same(after, to) && (without === ILLEGAL || !same(after, without))) return true;
        continue;
      }
      if (without === ILLEGAL) return true;
      if (same(after, without)) continue;
      const swapped = transition(without, x);
      if (swapped === ILLEGAL || !same(after, swapped)) return true;
    }
    return false;
  };


  const words = Math.max(1, Math.ceil(n / 32));
  const bits = new Uint32Array(words);
  const zobristOp = new Int32Array(n);
  const random = new Mix32(0xc0ffee);
  for (let i = 0; i < n; i++) zobristOp[i] = random.next();
  let zobrist = 0;
  const memo = new MemoTable(1 + 2 * words + 1, equal);
  // The memo key of a configuration: `frontier` (every completed operation
  // before it is linearised), the words of the bitset from the frontier to
  // the last linearised completed operation, then the words of the
  // indeterminate ones. Completed operations are numbered by call, and all
  // those linearised were invoked before the earliest pending response, so
  // the window is as wide as the concurrency, not the history.
  const key = memo.key;
  let frontier = 0;
  const maxAt = new Int32Array(n + 1).fill(-1);
  const nextUnset = (from: number): number => {
    let i = from;
    while (i < completed && ((bits[i >> 5] as number) & (1 << (i & 31))) !== 0) i++;
    return i;
  };
  const keyLength = (front: number, maxCompleted: number): number => {
    let k = 0;
    key[k++] = front;
    if (maxCompleted >= front) for (let w = front >> 5; w <= maxCompleted >> 5; w++) key[k++] = bits[w] as number;
    if (completed < n) for (let w = completed >> 5; w < words; w++) key[k++] = bits[w] as number;
    return k;
  };
  // Fixed arrays of this search (lists, stacks, candidates, bitset), counted once.
  const fixedBytes = 64 * n + 4 * words;
  // Object states are not measured: each entry is guessed at OBJECT_STATE_BYTES.
  const memoryUsed = (): number => fixedBytes + (partials?.bytes() ?? 0) + memo.bytes() + interner.bytes + 4 * cells + 4 * candBuf.length + (interned ? 0 : OBJECT_STATE_BYTES * memo.count);
  const deadline = problem.deadline;

  const stackNode = new Int32Array(n + 1);
  const stackState: unknown[] = new Array<unknown>(n).fill(0);
  const stackPhase = new Uint8Array(n);
  let depth = 0;
  // The longest prefix seen, kept incrementally: `agree` entries of the
  // stack equal it, so extending it copies only what changed since (each
  // pushed entry is copied at most once), not the whole stack.
  const best = new Int32Array(n);
  let bestLength = 0;
  let agree = 0;
  /** Records stackNode[0, length) as the longest prefix when it is longer. */
  const recordBest = (length: number): void => {
    if (length <= bestLength) return;
    for (let k = agree; k < length; k++) best[k] = (stackNode[k] as number) >> 1;
    bestLength = length;
    agree = Math.min(length, depth);
  };
  const bestPrefix = (): number[] => Array.from(best.subarray(0, bestLength));
  let remaining = completed;
  const partials = problem.partials === true ? new PartialLinearizations(n) : undefined;
  const stackOp = (position: number): number => (stackNode[position] as number) >> 1;

  const canReach = model.canReach?.bind(model);
  const lastPhase = pruning ? 1 : 0;
  // Without the model's lookahead and with operations that never returned,
  // candidates go in call order (Porcupine's list order), those that never
  // returned just before the completed ones: putting the due operation
  // first, or leaving the others for last, makes a wrong guess about one of
  // them show only far down the search (kv keys with many pending puts and
  // appends were undecided after minutes; in call order they take seconds).
  const eagerIndeterminate = model.requires === undefined && completed < n;
  const starvation = pruning && interned ? starvationLookahead(model, { operations, readOnly, intern: (st) => interner.intern(st), initial: state as number }) : undefined;
  // Phase 1's candidates of the configuration at each depth, best first:
  // candBuf[base[d] .. candEnd[d]), next one at candPos[d].
  let candBuf = new Int32Array(Math.max(16, 4 * n));
  const base = new Int32Array(n + 2);
  const candPos = new Int32Array(n + 1);
  const candEnd = new Int32Array(n + 1);
  const candKey: number[] = [];
  const candOps: number[] = [];
  const PRIORITIES = 5;
  const bucketStart = new Int32Array(PRIORITIES + 1);
  const byReturn = (a: number, b: number): number => returnOf(a) - returnOf(b) || a - b;
  const returnOf = (op: number): number => (operations[op] as Operation<Input, Output>).return ?? Number.POSITIVE_INFINITY;
  const isBlocked = (op: number): boolean => {
    for (let r = requireStart[op] as number, end = requireStart[op + 1] as number; r < end; r++) {
      const before = requireList[r] as number;
      if (((bits[before >> 5] as number) & (1 << (before & 31))) === 0) return true;
    }
    return false;
  };
  const buildCandidates = (deadlineNode: number): void => {
    const d = depth;
    candOps.length = 0;
    candKey.length = 0;
    const due = deadlineNode === -1 ? -1 : deadlineNode >> 1;
    const dueNow = due === -1 ? true : transition(state, due) !== ILLEGAL;
    // An operation nothing left can serve needs the current state (or this
    // configuration would be dead already): it must come before any other
    // change of state, so it is the only candidate.
    const forced = starvation !== undefined && starvation.anyStarved();
    const guided = starvation !== undefined;
    for (let c = next[head] as number; c !== -1 && (c & 1) === 0; c = next[c] as number) {
      const y = c >> 1;
      if (forced && !(starvation as Starvation).isStarved(y)) {
        // Not tried, but a legal step still belongs in the longest prefix shown.
        if (depth + 1 > bestLength && transition(state, y) !== ILLEGAL) {
          stackNode[depth] = c;
          recordBest(depth + 1);
        }
        continue;
      }
      if (readOnly[y] === 1 && indeterminate[y] === 0) continue;
      if (isBlocked(y)) continue;
      const to = transition(state, y);
      if (to === ILLEGAL) continue;
      const enablesDue = guided && !dueNow && transition(to, due) !== ILLEGAL;
      let priority: number;
      if (indeterminate[y] === 1) {
        // Whether another candidate needs it is asked only when it is tried.
        if (same(to, state)) continue;
        priority = enablesDue ? 2 : eagerIndeterminate ? 2 : 4;
      } else {
        if (readOnly[y] === 2 && same(to, state)) continue;
        // The due operation, and those that need exactly the state now (a cas from the current value): they cannot wait.
        priority = (y === due && !eagerIndeterminate) || (guided && (starvation as Starvation).needs(y) === state) ? 0 : enablesDue ? 1 : 3;
      }
      candOps.push(y);
      candKey.push(priority);
    }
    const start = base[d] as number;
    const count = candOps.length;
    if (start + count > candBuf.length) {
      const grown = new Int32Array(Math.max(candBuf.length * 2, start + count));
      grown.set(candBuf);
      candBuf = grown;
    }
    // By priority (a stable counting sort: list order, i.e. by call, within
    // one priority); guided, by return within one priority.
    bucketStart.fill(0);
    for (let i = 0; i < count; i++) bucketStart[(candKey[i] as number) + 1] = (bucketStart[(candKey[i] as number) + 1] as number) + 1;
    for (let k = 1; k < bucketStart.length; k++) bucketStart[k] = (bucketStart[k] as number) + (bucketStart[k - 1] as number);
    for (let i = 0; i < count; i++) {
      const k = candKey[i] as number;
      candBuf[start + (bucketStart[k] as number)] = candOps[i] as number;
      bucketStart[k] = (bucketStart[k] as number) + 1;
    }
    if (guided && count > 1) {
      let from = 0;
      for (let k = 0; k < PRIORITIES; k++) {
        const to = bucketStart[k] as number;
        if (to - from > 1) candBuf.subarray(start + from, start + to).sort(byReturn);
        from = to;
      }
    }
    candPos[d] = start;
    candEnd[d] = start + count;
  };
  let phase = 0;
  let node = next[head] as number;
  let steps = 0;
  const limit = problem.stepsLeft;

  for (;;) {
    if (remaining === 0) return { verdict: "ok", steps };
    if (steps >= limit) return { verdict: "unknown", steps, limit: "steps" };
    steps++;
    if (deadline !== undefined && (steps & (CLOCK_EVERY_STEPS - 1)) === 0 && deadline.clock() >= deadline.at) return { verdict: "unknown", steps, limit: "time" };
    if (pruning && phase === 1) {
      const at = candPos[depth] as number;
      if (at >= (candEnd[depth] as number)) node = -1;
      else {
        node = 2 * (candBuf[at] as number);
        candPos[depth] = at + 1;
      }
    }
    if (node === -1 || (node & 1) === 1) {
      // Reached the first pending return: no more candidates here. On the
      // first pass, ask the model whether that operation is still reachable.
      if (phase === 0 && canReach !== undefined && node !== -1 && pruning) {
        const deadline = operations[node >> 1] as Operation<Input, Output>;
        const current = interned ? interner.states[state as number] : state;
        if (!canReach(current as State, deadline.input, deadline.output as Output)) phase = lastPhase;
      }
      if (phase < lastPhase) {
        phase++;
        if (pruning) buildCandidates(node);
        node = next[head] as number;
        continue;
      }
      let popped: number;
      partials?.deadEnd(depth, stackOp, -1);
      for (;;) {
        if (depth === 0) return { verdict: "illegal", steps, prefix: bestPrefix(), ...(partials === undefined ? {} : partials.collect(PARTIAL_ENTRIES_MAX)) };
        depth--;
        if (agree > depth) agree = depth;
        popped = stackNode[depth] as number;
        const op = popped >> 1;
        partials?.popped(depth, op);
        state = stackState[depth];
        starvation?.unlift(op);
        bits[op >> 5] = (bits[op >> 5] as number) & ~(1 << (op & 31));
        if (op < frontier) frontier = op;
        zobrist ^= zobristOp[op] as number;
        // Unlift: put back the return, then the call (reverse of lifting).
        if (indeterminate[op] === 0) {
          const ret = popped + 1;
          next[prev[ret] as number] = ret;
          const after = next[ret] as number;
          if (after !== -1) prev[after] = ret;
          remaining++;
        }
        next[prev[popped] as number] = popped;
        const afterCall = next[popped] as number;
        if (afterCall !== -1) prev[afterCall] = popped;
        phase = stackPhase[depth] as number;
        // A forced (phase 0) step had no alternatives worth trying.
        if (!pruning || phase !== 0) break;
      }
      node = next[popped] as number;
      continue;
    }
    const op = node >> 1;
    if (pruning) {
      // Phase 1 walks the candidates buildCandidates filtered and ordered.
      if (phase === 0 && (indeterminate[op] === 1 || readOnly[op] === 0 || isBlocked(op))) {
        node = next[node] as number;
        continue;
      }
    }
    const to = transition(state, op);
    // Phase 0 wants steps that keep the state; phases 1 and 2 skip those
    // that phase 0 has already ruled out or that are pointless (see above).
    if (to === ILLEGAL || (pruning && phase === 0 && !same(to, state)) || (pruning && indeterminate[op] === 1 && !enablesSomething(node, to))) {
      node = next[node] as number;
      continue;
    }
    bits[op >> 5] = (bits[op >> 5] as number) | (1 << (op & 31));
    const hash = fmix32(zobrist ^ (zobristOp[op] as number) ^ stateHash(to));
    const front = op === frontier ? nextUnset(op + 1) : frontier;
    const maxCompleted = indeterminate[op] === 0 && op > (maxAt[depth] as number) ? op : (maxAt[depth] as number);
    if (memoryUsed() > problem.memoBytesMax) {
      bits[op >> 5] = (bits[op >> 5] as number) & ~(1 << (op & 31));
      return { verdict: "unknown", steps, limit: "memory" };
    }
    const added = memo.insert(keyLength(front, maxCompleted), to, hash);
    if (!added) {
      bits[op >> 5] = (bits[op >> 5] as number) & ~(1 << (op & 31));
      if (pruning && phase === 0) {
        // The forced successor already failed, so this configuration fails.
        phase = lastPhase;
        candPos[depth] = base[depth] as number;
        candEnd[depth] = base[depth] as number;
        node = -1;
      } else {
        node = next[node] as number;
      }
      continue;
    }
    if (starvation !== undefined && starvation.lift(op, to as number)) {
      // Some pending operation needs a state nothing left can produce:
      // this configuration fails (and the memo now says so).
      starvation.unlift(op);
      bits[op >> 5] = (bits[op >> 5] as number) & ~(1 << (op & 31));
      // The step itself was legal: it belongs in the longest prefix shown.
      partials?.deadEnd(depth, stackOp, op);
      if (depth + 1 > bestLength) {
        stackNode[depth] = node;
        recordBest(depth + 1);
      }
      if (pruning && phase === 0) {
        phase = lastPhase;
        candPos[depth] = base[depth] as number;
        candEnd[depth] = base[depth] as number;
        node = -1;
      } else {
        node = next[node] as number;
      }
      continue;
    }
    stackNode[depth] = node;
    stackState[depth] = state;
    stackPhase[depth] = phase;
    partials?.pushed(depth);
    maxAt[depth + 1] = maxCompleted;
    frontier = front;
    if (phase === 0) candEnd[depth] = base[depth] as number;
    base[depth + 1] = candEnd[depth] as number;
    depth++;
    state = to;
    zobrist ^= zobristOp[op] as number;
    // Lift: unlink the call and, for a completed operation, its return.
    next[prev[node] as number] = next[node] as number;
    if (next[node] !== -1) prev[next[node] as number] = prev[node] as number;
    if (indeterminate[op] === 0) {
      const ret = node + 1;
      next[prev[ret] as number] = next[ret] as number;
      if (next[ret] !== -1) prev[next[ret] as number] = prev[ret] as number;
      remaining--;
    }
    if (depth > bestLength) recordBest(depth);
    phase = 0;
    node = next[head] as number;
  }
}

/**
 * The nodes of the event list in time order, calls before returns at equal
 * times, then by operation: the calls are already in call order (completed
 * operations, then those that never returned, each by call), so they are
 * merged; only the returns are sorted, and they come almost in call order,
 * which the library sort handles in about linear time.
 */
function sortedEvents<Input, Output>(operations: readonly Operation<Input, Output>[], completed: number): Int32Array {
  const n = operations.length;
  const calls = new Float64Array(n);
  for (let i = 0; i < n; i++) calls[i] = (operations[i] as Operation<Input, Output>).call;
  const returns = new Float64Array(completed);
  for (let i = 0; i < completed; i++) returns[i] = (operations[i] as Operation<Input, Output>).return as number;
  const byReturn = sortByReturn(returns);
  const events = new Int32Array(n + completed);
  let k = 0;
  let c = 0; // next completed call
  let p = completed; // next call of an operation that never returned
  let r = 0; // next return
  while (k < events.length) {
    // The earliest call: a completed one unless one that never returned is strictly earlier.
    const fromCompleted = c < completed && (p >= n || (calls[c] as number) <= (calls[p] as number));
    const call = fromCompleted ? c : p < n ? p : -1;
    if (call !== -1 && (r >= completed || (calls[call] as number) <= (returns[byReturn[r] as number] as number))) {
      events[k++] = 2 * call;
      if (fromCompleted) c++;
      else p++;
    } else {
      events[k++] = 2 * (byReturn[r++] as number) + 1;
    }
  }
  return events;
}

/** Moves of the insertion sort per element before sortByReturn gives up on it. */
const INSERTION_MOVES_PER_ELEMENT = 16;

/**
 * Indices 0..n-1 by (returns[i], i). Returns of operations in call order
 * are out of order only by about the concurrency, so an insertion sort
 * (plain loops, no comparator calls) is linear here; if it moves too much,
 * the library sort takes over.
 */
function sortByReturn(returns: Float64Array): Int32Array {
  const n = returns.length;
  const order = new Int32Array(n);
  let moves = 0;
  for (let i = 0; i < n; i++) {
    const r = returns[i] as number;
    let j = i - 1;
    while (j >= 0 && (returns[order[j] as number] as number) > r) {
      order[j + 1] = order[j] as number;
      j--;
    }
    order[j + 1] = i;
    moves += i - 1 - j;
    if (moves > INSERTION_MOVES_PER_ELEMENT * n) {
      const all = Array.from({ length: n }, (_, k) => k);
      all.sort((a, b) => (returns[a] as number) - (returns[b] as number) || a - b);
      return Int32Array.from(all);
    }
  }
  return order;
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

/** Incremental bookkeeping for {@link Model.requires} / {@link Model.produces}. */
interface Starvation {
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
function starvationLookahead<State, Input, Output>(
  model: Model<State, Input, Output>,
  problem: { readonly operations: readonly Operation<Input, Output>[]; readonly readOnly: Uint8Array; readonly intern: (state: State) => number; readonly initial: number },
): Starvation | undefined {
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
  if (needy.length === 0) return undefined;
  // Per state: its producers by call and the operations needing it by
  // return. A needing operation R is starved iff every producer invoked no
  // later than R returned is linearised, i.e. iff R returned before the call
  // of the first producer not yet linearised. So per state it is enough to
  // know that first producer and to count the pending needing operations
  // returned before it (a Fenwick tree over them): O(log n) per step, where
  // counting producers per needing operation was quadratic in memory and time.
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
