import type { Model, StepResult } from "../model.js";
import type { Operation } from "../operation.js";
import { MemoTable } from "./memo-table.js";
import { Mix32, fmix32 } from "./mix32.js";
import { orderingConstraints } from "./ordering-constraints.js";
import { StateInterner } from "./state-interner.js";

/** One partition, ready to search: operations already prepared and filtered. */
export interface SearchProblem<State, Input, Output> {
  readonly model: Model<State, Input, Output>;
  readonly operations: readonly Operation<Input, Output>[];
  /** cx's pruning on top of Porcupine's algorithm (see CheckOptions.pruning). */
  readonly pruning: boolean;
  /** Steps still allowed. */
  readonly stepsLeft: number;
  readonly memoBytesMax: number;
}

/** What the search of one partition found; `prefix` holds indices into `operations`. */
export type SearchOutcome =
  | { readonly verdict: "ok"; readonly steps: number }
  | { readonly verdict: "illegal"; readonly steps: number; readonly prefix: readonly number[] }
  | { readonly verdict: "unknown"; readonly steps: number; readonly reason: string };

const UNKNOWN_TRANSITION = -2;
/** What `transition` answers for an illegal step (never a state). */
const ILLEGAL: unique symbol = Symbol("illegal");
const ILLEGAL_TRANSITION = -1;
/** Transition-cache cells (state x operation) kept before falling back to calling the model. */
const TRANSITION_CELLS_MAX = 1 << 24;
/** Transitions computed from a state before it gets a cache row. */
const ROW_AFTER_USES = 4;

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
 * With pruning, candidates are tried in three phases:
 * 0. a completed operation that leaves the state unchanged (a read that
 *    matches) is linearised at once and never branched on: moving such an
 *    operation to the front of any valid completion keeps it valid (only
 *    operations the model calls read-only, or all when it cannot tell);
 * 1. the other completed operations;
 * 2. indeterminate operations that change the state (one that would not
 *    change it is pointless: leaving it out is at least as good).
 * Identical operations are also ordered (see ordering-constraints.ts).
 */
export function searchPartition<State, Input, Output>(problem: SearchProblem<State, Input, Output>): SearchOutcome {
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

  // The event list, sorted by time; at equal times calls come first, so
  // that equal timestamps are concurrent (closed intervals).
  const events: number[] = [];
  for (let i = 0; i < n; i++) {
    events.push(2 * i);
    if (indeterminate[i] === 0) events.push(2 * i + 1);
  }
  const time = (node: number): number => {
    const op = operations[node >> 1] as Operation<Input, Output>;
    return (node & 1) === 0 ? op.call : (op.return as number);
  };
  events.sort((a, b) => time(a) - time(b) || (a & 1) - (b & 1) || a - b);
  const head = 2 * n;
  const next = new Int32Array(2 * n + 1).fill(-1);
  const prev = new Int32Array(2 * n + 1).fill(-1);
  let last = head;
  for (const node of events) {
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
  const rows: (Int32Array | undefined)[] = [];
  // A state gets a cache row only once it is stepped from again.
  const uses: number[] = [];
  let cells = 0;
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
    let row = rows[id];
    if (row === undefined && (uses[id] = (uses[id] ?? 0) + 1) > ROW_AFTER_USES && cells + n <= TRANSITION_CELLS_MAX) {
      row = new Int32Array(n).fill(UNKNOWN_TRANSITION);
      rows[id] = row;
      cells += n;
    }
    if (row !== undefined) {
      const cached = row[op] as number;
      if (cached !== UNKNOWN_TRANSITION) return cached === ILLEGAL_TRANSITION ? ILLEGAL : cached;
    }
    const result = apply(interner.states[id] as State, op);
    const to = result.ok ? interner.intern(result.state) : ILLEGAL_TRANSITION;
    if (row !== undefined) row[op] = to;
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

  const words = Math.max(1, Math.ceil(n / 32));
  const bits = new Uint32Array(words);
  const zobristOp = new Int32Array(n);
  const random = new Mix32(0xc0ffee);
  for (let i = 0; i < n; i++) zobristOp[i] = random.next();
  let zobrist = 0;
  const memo = new MemoTable(words, problem.memoBytesMax, equal);

  const stackNode = new Int32Array(n);
  const stackState: unknown[] = new Array<unknown>(n).fill(0);
  const stackPhase = new Uint8Array(n);
  let depth = 0;
  let best: Int32Array = new Int32Array(0);
  let remaining = completed;

  const canReach = model.canReach?.bind(model);
  const hasIndeterminate = completed < n;
  const lastPhase = pruning ? (hasIndeterminate ? 2 : 1) : 0;
  let phase = 0;
  let node = next[head] as number;
  let steps = 0;
  const limit = problem.stepsLeft;

  for (;;) {
    if (remaining === 0) return { verdict: "ok", steps };
    if (steps >= limit) return { verdict: "unknown", steps, reason: "budget" };
    steps++;
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
        node = next[head] as number;
        continue;
      }
      let popped: number;
      for (;;) {
        if (depth === 0) return { verdict: "illegal", steps, prefix: Array.from(best) };
        depth--;
        popped = stackNode[depth] as number;
        const op = popped >> 1;
        state = stackState[depth];
        bits[op >> 5] = (bits[op >> 5] as number) & ~(1 << (op & 31));
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
      const kind = readOnly[op] as number;
      if (indeterminate[op] === 1 ? phase !== 2 : phase === 2 || (phase === 0 ? kind === 0 : kind === 1)) {
        node = next[node] as number;
        continue;
      }
      let blocked = false;
      for (let r = requireStart[op] as number, end = requireStart[op + 1] as number; r < end; r++) {
        const before = requireList[r] as number;
        if (((bits[before >> 5] as number) & (1 << (before & 31))) === 0) {
          blocked = true;
          break;
        }
      }
      if (blocked) {
        node = next[node] as number;
        continue;
      }
    }
    const to = transition(state, op);
    // Phase 0 wants steps that keep the state; phases 1 and 2 skip those
    // that phase 0 has already ruled out or that are pointless (see above).
    if (to === ILLEGAL || (pruning && (phase === 0 ? !same(to, state) : (phase === 2 || readOnly[op] === 2) && same(to, state)))) {
      node = next[node] as number;
      continue;
    }
    bits[op >> 5] = (bits[op >> 5] as number) | (1 << (op & 31));
    const hash = fmix32(zobrist ^ (zobristOp[op] as number) ^ stateHash(to));
    const added = memo.insert(bits, to, hash);
    if (added !== 1) {
      bits[op >> 5] = (bits[op >> 5] as number) & ~(1 << (op & 31));
      if (added === -1) return { verdict: "unknown", steps, reason: "memo" };
      if (pruning && phase === 0) {
        // The forced successor already failed, so this configuration fails.
        phase = lastPhase;
        node = -1;
      } else {
        node = next[node] as number;
      }
      continue;
    }
    stackNode[depth] = node;
    stackState[depth] = state;
    stackPhase[depth] = phase;
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
    if (depth > best.length) best = stackNode.slice(0, depth).map((entry) => entry >> 1);
    phase = 0;
    node = next[head] as number;
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
