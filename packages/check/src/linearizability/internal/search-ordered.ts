import type { Model } from "../model.js";
import type { Operation } from "../operation.js";
import { CandidateOrder } from "./candidate-order.js";
import { EventList } from "./event-list.js";
import { LinearisedSet } from "./linearised-set.js";
import { LongestPrefix } from "./longest-prefix.js";
import { MemoTable } from "./memo-table.js";
import { orderingConstraints } from "./ordering-constraints.js";
import { PartialLinearizations } from "./partial-linearizations.js";
import { estimatedBytes } from "./plain-data.js";
import { ScratchArrays } from "./scratch-arrays.js";
import type { PartitionSearch, RunLimits, SearchOutcome, SearchProblem, SearchProgress } from "./search-problem.js";
import { starvationLookahead } from "./starvation-lookahead.js";
import type { Starvation } from "./starvation-lookahead.js";
import { ILLEGAL, TransitionCache } from "./transition-cache.js";

/** What an object state kept by the memo is assumed to cost until one is measured. */
const OBJECT_STATE_BYTES = 256;
/** Steps between two looks at the caller's clock. */
const CLOCK_EVERY_STEPS = 1024;
/** Inserts into the memo between two looks at the memory held (a power of 2). */
const MEMORY_EVERY_INSERTS = 64;
/** Operation indices kept over all partial linearizations of one search at most. */
const PARTIAL_ENTRIES_MAX = 1 << 22;
/** About what the arrays a search keeps take per operation (measured: 170-185 bytes, the transition cache's share included, before phase 0 had a list of its own: 16 more). */
const SCRATCH_BYTES_PER_OP = 208;
/**
 * What the check keeps per operation of a partition besides the typed
 * arrays: the prepared operations (an entry each, in three arrays), the
 * stack of states (measured: 10-13 MiB over the arrays' count for 100,000
 * operations; with some margin).
 */
const OBJECT_BYTES_PER_OP = 160;

/**
 * Wing & Gong's search in Lowe's just-in-time form (as in Porcupine), with
 * memoisation of (linearised set, state), over typed arrays. Operations
 * come completed first, then indeterminate, each by call (see
 * searchPartition).
 *
 * With pruning, candidates are tried in two phases:
 * 0. a completed operation that leaves the state unchanged (a read that
 *    matches) is linearised at once and never branched on: moving such an
 *    operation to the front of any valid completion keeps it valid (only
 *    operations the model calls read-only, or all when it cannot tell);
 * 1. the other candidates, best first (see CandidateOrder).
 * With the model's `requires`/`produces`, a configuration in which some
 * pending operation needs a state nothing left can produce is abandoned at
 * once (see starvationLookahead).
 * Identical operations are also ordered (see ordering-constraints.ts).
 */
export function startOrderedSearch<State, Input, Output>(problem: SearchProblem<State, Input, Output>): PartitionSearch {
  const completed = problem.operations.reduce((count, op) => count + (op.return === null ? 0 : 1), 0);
  if (completed === 0) return { run: () => ({ verdict: "ok", steps: 0 }), bytes: () => 0, progress: () => ({ prefix: [] }) };
  return new OrderedSearch(problem, completed);
}

/** One search's structures and position; `run` is the loop, and a run stopped by its step limit can go on. */
class OrderedSearch<State, Input, Output> implements PartitionSearch {
  private readonly problem: SearchProblem<State, Input, Output>;
  private readonly operations: readonly Operation<Input, Output>[];
  private readonly pruning: boolean;
  private readonly lastPhase: number;
  private readonly indeterminate: Uint8Array;
  private readonly readOnly: Uint8Array;
  private readonly events: EventList;
  /**
   * The list phase 0 walks: with pruning, the completed operations' events
   * only (phase 0 never takes an operation that did not return, and walking
   * past the calls of those, which stay in the list for ever, cost a step
   * each: with thousands of them the search was quadratic); else `events`.
   */
  private readonly walk: EventList;
  private readonly transitions: TransitionCache<State, Input, Output>;
  private readonly linearised: LinearisedSet;
  private readonly memo: MemoTable;
  private readonly candidates: CandidateOrder;
  private readonly prefix: LongestPrefix;
  private readonly partials: PartialLinearizations | undefined;
  private readonly starvation: Starvation | undefined;
  /** The model, whose `canReach` is called as a method (not bound: one call target for every search of a model class). */
  private readonly model: Model<State, Input, Output>;
  /** The typed arrays of this search's pieces, given back when it is over. */
  private readonly scratch: ScratchArrays;
  /** Set when the search is over and its arrays were given back. */
  private over = false;
  private readonly stackNode: Int32Array;
  private readonly stackState: unknown[];
  private readonly stackPhase: Uint8Array;

  private depth = 0;
  private state: unknown;
  private phase = 0;
  private node: number;
  private steps = 0;
  private bytesMax = 0;
  private remaining: number;
  /** What one object state kept by the memo is taken to cost (see sampleState), and the samples behind it. */
  private objectStateBytes = OBJECT_STATE_BYTES;
  private sampledBytes = 0;
  private samples = 0;

  constructor(problem: SearchProblem<State, Input, Output>, completed: number) {
    const { model, operations, pruning } = problem;
    const n = operations.length;
    this.problem = problem;
    this.operations = operations;
    this.pruning = pruning;
    this.lastPhase = pruning ? 1 : 0;
    this.remaining = completed;
    const arrays = new ScratchArrays(SCRATCH_BYTES_PER_OP * n);
    this.scratch = arrays;
    this.indeterminate = arrays.uint8(n);
    this.readOnly = arrays.uint8(n);
    for (let i = 0; i < n; i++) {
      const op = operations[i] as Operation<Input, Output>;
      if (op.return === null) this.indeterminate[i] = 1;
      else this.readOnly[i] = model.isReadOnly === undefined ? 2 : model.isReadOnly(op.input, op.output as Output) ? 1 : 0;
    }
    for (let i = 0; i < completed; i++) if (this.indeterminate[i] === 1) throw new Error("startOrderedSearch: completed operations must come first");
    this.events = new EventList(operations as readonly Operation<unknown, unknown>[], completed, arrays);
    // Completed operations come first: the first `completed` are theirs, numbered as in `events`.
    this.walk = pruning && completed < n ? new EventList(operations.slice(0, completed) as readonly Operation<unknown, unknown>[], completed, arrays) : this.events;
    this.transitions = new TransitionCache(model, operations, { memoBytesMax: problem.memoBytesMax, arrays });
    this.state = this.transitions.initial;
    this.linearised = new LinearisedSet(n, completed, arrays);
    this.memo = new MemoTable(this.linearised.keyWords(), { equal: this.transitions.equal, expected: 2 * n, arrays });
    this.prefix = new LongestPrefix(n, arrays);
    this.partials = problem.partials === true ? new PartialLinearizations(n, arrays) : undefined;
    this.stackNode = arrays.int32(n + 1);
    this.stackState = new Array<unknown>(n).fill(0);
    this.stackPhase = arrays.uint8(n);
    this.model = model;
    const interner = this.transitions.interner;
    this.starvation =
      pruning && this.transitions.interned ? starvationLookahead(model, { operations, readOnly: this.readOnly, intern: (st) => interner.intern(st), initial: this.state as number, arrays }) : undefined;
    this.candidates = new CandidateOrder({
      operations: operations as readonly Operation<unknown, unknown>[],
      events: this.events,
      transitions: this.transitions as TransitionCache<unknown, unknown, unknown>,
      linearised: this.linearised,
      indeterminate: this.indeterminate,
      readOnly: this.readOnly,
      constraints: pruning ? orderingConstraints(model, operations, arrays) : { start: arrays.int32(n + 1), list: arrays.int32(0) },
      starvation: this.starvation,
      // Without the model's lookahead and with operations that never
      // returned, candidates go in call order (Porcupine's list order), those
      // that never returned just before the completed ones: putting the due
      // operation first, or leaving the others for last, makes a wrong guess
      // about one of them show only far down the search (kv keys with many
      // pending puts and appends were undecided after minutes; in call order
      // they take seconds).
      eagerIndeterminate: model.requires === undefined && completed < n,
      untried: this,
    }, arrays);
    arrays.endSetup();
    this.node = this.walk.first();
  }

  run(limits: RunLimits): SearchOutcome {
    if (this.over) throw new Error("OrderedSearch.run: the search is over");
    const outcome = this.search(limits);
    if (outcome.verdict !== "unknown" || outcome.limit !== "steps") {
      // Nothing reads its arrays any more (the outcome holds copies): they serve the next search.
      this.over = true;
      this.scratch.release();
    }
    return outcome;
  }

  private search(limits: RunLimits): SearchOutcome {
    const { pruning, deadline } = this.problem;
    const begun = this.steps;
    const limit = begun + limits.steps;
    this.bytesMax = limits.bytes;
    const candidates = this.candidates;
    for (;;) {
      if (this.remaining === 0) return { verdict: "ok", steps: this.steps - begun };
      if (this.steps >= limit) return { verdict: "unknown", steps: this.steps - begun, limit: "steps" };
      this.steps++;
      if (deadline !== undefined && (this.steps & (CLOCK_EVERY_STEPS - 1)) === 0 && deadline.clock() >= deadline.at) return { verdict: "unknown", steps: this.steps - begun, limit: "time" };
      if (pruning && this.phase === 1) {
        const at = candidates.position[this.depth] as number;
        if (at >= (candidates.end[this.depth] as number)) this.node = -1;
        else {
          this.node = 2 * (candidates.buffer[at] as number);
          candidates.position[this.depth] = at + 1;
        }
      }
      const node = this.node;
      if (node === -1 || (node & 1) === 1) {
        const outcome = this.noMoreCandidates(node);
        if (outcome !== undefined) return { ...outcome, steps: this.steps - begun };
        continue;
      }
      const outcome = this.attempt(node);
      if (outcome !== undefined) return { ...outcome, steps: this.steps - begun };
    }
  }

  /**
   * Reached the first pending return (or the end of phase 1's candidates):
   * on to the next phase, else backtrack. Answers the outcome when the
   * search is over.
   */
  private noMoreCandidates(node: number): SearchOutcome | undefined {
    const pruning = this.pruning;
    // On the first pass, ask the model whether the due operation is still reachable.
    if (this.phase === 0 && this.model.canReach !== undefined && node !== -1 && pruning) {
      const due = this.operations[node >> 1] as Operation<Input, Output>;
      if (!this.model.canReach(this.transitions.stateOf(this.state), due.input, due.output as Output)) this.phase = this.lastPhase;
    }
    if (this.phase < this.lastPhase) {
      this.phase++;
      if (pruning) this.candidates.build(this.state, this.depth, node);
      this.node = this.list().first();
      return undefined;
    }
    this.partials?.deadEnd(this.depth, this.stackNode, -1);
    let popped: number;
    for (;;) {
      if (this.depth === 0) return { verdict: "illegal", steps: this.steps, ...this.progress() };
      popped = this.pop();
      // A forced (phase 0) step had no alternatives worth trying.
      if (!pruning || this.phase !== 0) break;
    }
    this.node = this.list().next[popped] as number;
    return undefined;
  }

  /** Hears of a candidate node left out because another operation is starved: not tried, but a legal step still belongs in the longest prefix shown. */
  untried(c: number): void {
    if (this.depth + 1 > this.prefix.length && this.transitions.step(this.state, c >> 1) !== ILLEGAL) {
      this.stackNode[this.depth] = c;
      this.prefix.record(this.stackNode, this.depth + 1, this.depth);
    }
  }

  progress(): SearchProgress {
    return { prefix: this.prefix.toArray(), ...(this.partials === undefined ? {} : this.partials.collect(PARTIAL_ENTRIES_MAX)) };
  }

  /** The event list the current phase walks (phase 1 with pruning walks the candidates instead, and its list only gives a node that is never read). */
  private list(): EventList {
    return this.phase === 0 ? this.walk : this.events;
  }

  /** Pops the top of the stack, restoring the configuration below it; answers the call node popped. */
  private pop(): number {
    const depth = --this.depth;
    this.prefix.popped(depth);
    const popped = this.stackNode[depth] as number;
    const op = popped >> 1;
    this.partials?.popped(depth, op);
    this.state = this.stackState[depth];
    this.starvation?.unlift(op);
    const linearised = this.linearised;
    linearised.remove(op);
    if (op < linearised.frontier) linearised.frontier = op;
    linearised.toggleHash(op);
    const completed = this.indeterminate[op] === 0;
    this.events.unlift(popped, completed);
    if (completed && this.walk !== this.events) this.walk.unlift(popped, true);
    if (completed) this.remaining++;
    this.phase = this.stackPhase[depth] as number;
    return popped;
  }

  /** Tries to linearise the call at `node` next; answers an outcome only when a limit stops the search. */
  private attempt(node: number): SearchOutcome | undefined {
    const { pruning, phase, indeterminate, transitions, linearised, candidates } = this;
    const op = node >> 1;
    // Phase 0 takes only completed state-keeping operations; phase 1 walks the candidates CandidateOrder.build filtered and ordered.
    if (pruning && phase === 0 && (indeterminate[op] === 1 || this.readOnly[op] === 0 || candidates.isBlocked(op))) {
      this.node = this.walk.next[node] as number;
      return undefined;
    }
    const to = transitions.step(this.state, op);
    // Phase 0 wants steps that keep the state; phase 1 skips firing an indeterminate operation that nothing needs.
    if (to === ILLEGAL || (pruning && phase === 0 && !transitions.same(to, this.state)) || (pruning && indeterminate[op] === 1 && !candidates.enablesSomething(node, to, this.state))) {
      this.node = this.list().next[node] as number;
      return undefined;
    }
    linearised.add(op);
    const hash = linearised.hashWith(op, transitions.hash(to));
    const front = op === linearised.frontier ? linearised.nextUnset(op + 1) : linearised.frontier;
    const maxBelow = linearised.maxAt[this.depth] as number;
    const maxCompleted = indeterminate[op] === 0 && op > maxBelow ? op : maxBelow;
    // Memory grows only by inserts: looked at every MEMORY_EVERY_INSERTS of them.
    if ((this.memo.count & (MEMORY_EVERY_INSERTS - 1)) === 0 && (this.transitions.interned || (this.sampleState(to), true)) && this.bytes() > this.bytesMax) {
      linearised.remove(op);
      return { verdict: "unknown", steps: this.steps, limit: "memory" };
    }
    const indeterminateSet = linearised.indeterminateWith(op, this.depth);
    const added = this.memo.insert(linearised.writeKey(this.memo.key, front, maxCompleted), to, hash);
    if (!added) {
      linearised.remove(op);
      this.skip(node);
      return undefined;
    }
    if (this.starvation !== undefined && this.starvation.lift(op, to as number)) {
      // Some pending operation needs a state nothing left can produce:
      // this configuration fails (and the memo now says so).
      this.starvation.unlift(op);
      linearised.remove(op);
      // The step itself was legal: it belongs in the longest prefix shown.
      this.partials?.deadEnd(this.depth, this.stackNode, op);
      if (this.depth + 1 > this.prefix.length) {
        this.stackNode[this.depth] = node;
        this.prefix.record(this.stackNode, this.depth + 1, this.depth);
      }
      this.skip(node);
      return undefined;
    }
    this.push(node, { to, front, maxCompleted, indeterminateSet });
    return undefined;
  }

  /** The step at `node` leads to a failed configuration: the next candidate, or none after a forced step. */
  private skip(node: number): void {
    if (this.pruning && this.phase === 0) {
      // The forced successor already failed, so this configuration fails.
      this.phase = this.lastPhase;
      this.candidates.clear(this.depth);
      this.node = -1;
    } else {
      this.node = this.list().next[node] as number;
    }
  }

  /** Linearises the call at `node`, leaving state `to`. */
  private push(node: number, after: { readonly to: unknown; readonly front: number; readonly maxCompleted: number; readonly indeterminateSet: number }): void {
    const op = node >> 1;
    const depth = this.depth;
    const candidates = this.candidates;
    this.stackNode[depth] = node;
    this.stackState[depth] = this.state;
    this.stackPhase[depth] = this.phase;
    this.partials?.pushed(depth);
    this.linearised.maxAt[depth + 1] = after.maxCompleted;
    this.linearised.indeterminateAt[depth + 1] = after.indeterminateSet;
    this.linearised.frontier = after.front;
    if (this.phase === 0) candidates.end[depth] = candidates.base[depth] as number;
    candidates.base[depth + 1] = candidates.end[depth] as number;
    this.depth = depth + 1;
    this.state = after.to;
    this.linearised.toggleHash(op);
    const completed = this.indeterminate[op] === 0;
    this.events.lift(node, completed);
    if (completed && this.walk !== this.events) this.walk.lift(node, true);
    if (completed) this.remaining--;
    if (this.depth > this.prefix.length) this.prefix.record(this.stackNode, this.depth, this.depth);
    this.phase = 0;
    this.node = this.walk.first();
  }

  /**
   * Bytes held by what this search keeps: its fixed arrays, the objects
   * per operation (OBJECT_BYTES_PER_OP), and what grows (memo, interned
   * states, candidates, partial linearizations); object states count as the mean of those sampled
   * (see {@link OrderedSearch.sampleState}).
   */
  bytes(): number {
    const grown = this.linearised.bytes() + (this.partials?.bytes() ?? 0) + this.memo.bytes() + this.transitions.bytes() + this.candidates.bytes();
    return this.scratch.bytes() + OBJECT_BYTES_PER_OP * this.operations.length + grown + (this.transitions.interned ? 0 : this.objectStateBytes * this.memo.count);
  }

  /**
   * Object states are kept by the memo one per entry, each a new object
   * from the model's step: the size of the one being inserted is sampled
   * at each look at the memory held, and the mean of the samples stands
   * for all (the kv store's grow with their values).
   */
  private sampleState(state: unknown): void {
    this.sampledBytes += estimatedBytes(state);
    this.samples++;
    this.objectStateBytes = this.sampledBytes / this.samples;
  }
}
