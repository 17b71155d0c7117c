import type { Model } from "./model.js";
import type { Operation } from "./operation.js";
import type { CheckOptions, LinearizabilityResult } from "./result.js";
import { illegalVerdict } from "./internal/illegal-verdict.js";
import { realTimePrefixLength } from "./internal/real-time-prefix.js";
import type { Found } from "./internal/illegal-verdict.js";
import { startPartitionSearch } from "./internal/search-partition.js";
import type { PartitionSearch, SearchLimit, SearchOutcome } from "./internal/search-partition.js";

/** Default search budget: a few seconds to a minute of search on one core. */
export const DEFAULT_BUDGET_STEPS = 200_000_000;
/** Default memory ceiling of the memo table. */
export const DEFAULT_MEMO_BYTES_MAX = 512 * 1024 * 1024;
/** Steps each partition gets in the first round (see checkLinearizability). */
const FIRST_ALLOWANCE_STEPS = 50_000;
/** Steps of search per operation (plus a floor) spent looking for a witness after a model's `decide` said illegal. */
const WITNESS_SEARCH_STEPS_PER_OP = 20;
const WITNESS_SEARCH_STEPS_MIN = 2_000;
/** ...and at most this many: on a huge history the suspects, not a long prefix, point at the fault. */
const WITNESS_SEARCH_STEPS_MAX = 200_000;
/** Steps per operation instead when the decision already named the operations at fault (the suspects then come from those). */
const WITNESS_SEARCH_STEPS_PER_OP_HINTED = 4;

/**
 * Decides whether a history is linearizable with respect to a sequential
 * model.
 *
 * When to use: after a test (simulated or real) that recorded each client
 * operation's invocation and response times, to ask "could these answers
 * have come from one copy of the object, each operation taking effect at
 * one instant inside its interval?".
 *
 * Details: Wing & Gong's backtracking search in Lowe's just-in-time form
 * (as in Porcupine), memoising visited (set of linearised operations, state)
 * configurations, checking each part of `model.partition` separately, plus
 * pruning for indeterminate operations and identical operations (see
 * {@link CheckOptions.pruning}). Indeterminate operations (`return: null`)
 * may take effect at any time after their call, or never.
 *
 * Gotchas: the answer `unknown` means a limit of {@link CheckOptions} was
 * reached; the same input and options always give the same answer and step
 * count. Throws a `RangeError` for a malformed operation (non-finite time,
 * return before call): that is a programming error, not a verdict.
 *
 * @example
 * ```ts
 * const result = checkLinearizability(registerModel, [
 *   { client: 0, call: 0, return: 2, input: { op: "write", value: "a" }, output: null },
 *   { client: 1, call: 3, return: 4, input: { op: "read" }, output: null },
 * ]);
 * result.verdict; // "illegal": the read ran after the write and saw an empty register
 * ```
 */
export function checkLinearizability<State, Input, Output>(
  model: Model<State, Input, Output>,
  operations: readonly Operation<Input, Output>[],
  options: CheckOptions = {},
): LinearizabilityResult<Input, Output, State> {
  return checkWith(model, operations, { options, partials: true });
}

/** How {@link checkWith} runs: the caller's options, plus what only the checker itself asks for. */
interface CheckRun {
  readonly options: CheckOptions;
  /** Keep the longest partial linearizations for the witness. */
  readonly partials: boolean;
}

function checkWith<State, Input, Output>(model: Model<State, Input, Output>, operations: readonly Operation<Input, Output>[], run: CheckRun): LinearizabilityResult<Input, Output, State> {
  const { options } = run;
  const budget = options.budgetSteps ?? DEFAULT_BUDGET_STEPS;
  const memoBytesMax = options.memoBytesMax ?? DEFAULT_MEMO_BYTES_MAX;
  const pruning = options.pruning ?? true;
  const deadline = timeDeadline(options);
  for (let index = 0; index < operations.length; index++) {
    const op = operations[index] as Operation<Input, Output>;
    if (!Number.isFinite(op.call)) throw new RangeError(`operation ${index}: call must be a finite number, got ${String(op.call)}`);
    if (op.return !== null && !(Number.isFinite(op.return) && op.return >= op.call)) {
      throw new RangeError(`operation ${index}: return must be null or a finite number >= call (${op.call}), got ${String(op.return)}`);
    }
  }
  const parts = (options.partitioning ?? true) && model.partition ? model.partition(operations) : [operations.slice()];
  let steps = 0;
  const illegal = (partIndex: number, found: Found<Input, Output>): LinearizabilityResult<Input, Output, State> =>
    illegalVerdict({ model, operations, options, parts, steps, budget, ...deadline, check: (ops, checkOptions) => checkWith(model, ops, { options: checkOptions, partials: false }) }, { partIndex, found });
  const stopped = (limit: SearchLimit, where: string): LinearizabilityResult<Input, Output, State> => {
    if (limit === "memory") return { verdict: "unknown", steps, limit: "memory", reason: `memory limit of ${memoBytesMax} bytes reached in ${where} after ${steps} steps` };
    if (limit === "time") return { verdict: "unknown", steps, limit: "time", reason: `time limit of ${options.timeoutMs} ms reached in ${where} after ${steps} steps` };
    return { verdict: "unknown", steps, limit: "steps", reason: `search budget of ${budget} steps exhausted (in ${where})` };
  };
  const searches: (PreparedPartition<Input, Output> | undefined)[] = [];
  const searchOf = (partIndex: number): PreparedPartition<Input, Output> => {
    const cached = searches[partIndex];
    if (cached !== undefined) return cached;
    const part = parts[partIndex] as readonly Operation<Input, Output>[];
    const prepared = pruning && model.prepare ? model.prepare(part) : part;
    if (prepared.length !== part.length) throw new Error(`model ${model.name}: prepare must return one entry per operation`);
    const kept = keptOperations(model, part, { prepared, pruning });
    const operations = kept.map((k) => k.search);
    const searchModel = (pruning ? model.forPartition?.(operations) : undefined) ?? (model as Model<unknown, Input, Output>);
    const entry = { kept, operations, searchModel };
    searches[partIndex] = entry;
    return entry;
  };
  const startSearch = (partIndex: number): PartitionSearch => {
    const { operations: searched, searchModel } = searchOf(partIndex);
    return startPartitionSearch({ model: searchModel, operations: searched, pruning, memoBytesMax, partials: run.partials, ...deadline });
  };
  // The model's exact decision procedures first: linear or n log n where
  // they apply, and an illegal part found this way ends the check at once.
  const undecided: number[] = [];
  for (let partIndex = 0; partIndex < parts.length; partIndex++) {
    const part = parts[partIndex] as Operation<Input, Output>[];
    const decision = pruning && model.decide !== undefined && budget - steps >= part.length ? model.decide(part) : undefined;
    if (decision === undefined) {
      undecided.push(partIndex);
      continue;
    }
    steps += part.length;
    if (decision.verdict === "ok") continue;
    // A short search usually finds the longest prefix, the most telling witness.
    const { kept, operations: searched, searchModel } = searchOf(partIndex);
    const perOp = (decision.suspects ?? []).length > 0 ? WITNESS_SEARCH_STEPS_PER_OP_HINTED : WITNESS_SEARCH_STEPS_PER_OP;
    const witnessSteps = Math.min(WITNESS_SEARCH_STEPS_MIN + perOp * part.length, WITNESS_SEARCH_STEPS_MAX, budget - steps);
    const search = startPartitionSearch({ model: searchModel, operations: searched, pruning, memoBytesMax, partials: run.partials, ...deadline });
    const outcome = search.run({ steps: witnessSteps, bytes: memoBytesMax });
    steps += outcome.steps;
    const hints = decision.suspects ?? [];
    if (outcome.verdict === "illegal") return illegal(partIndex, { originals: kept.map((k) => k.original), prefix: outcome.prefix, hints, ...partialsOf(outcome) });
    // The search found a linearization: that is proof, whatever decide said.
    if (outcome.verdict === "ok") continue;
    // Stopped: the decision's prefix, cut where it stops respecting real
    // time, unless the search reached further (its prefix comes with its
    // partial linearizations so far).
    const progress = search.progress();
    const fromDecision = decision.prefix === undefined ? -1 : realTimePrefixLength(part, decision.prefix);
    if (decision.prefix !== undefined && fromDecision >= progress.prefix.length) return illegal(partIndex, { originals: part, prefix: decision.prefix.slice(0, fromDecision), hints });
    return illegal(partIndex, { originals: kept.map((k) => k.original), hints, ...progress, ...(progress.partials === undefined ? {} : { omitted: progress.omitted ?? 0 }) });
  }
  // Partitions take turns with a step allowance that grows fourfold each
  // round, so one hard partition cannot hide an easy violation in another
  // (Porcupine checks them in parallel for the same reason). A partition
  // that used up its allowance keeps its place and goes on in the next
  // round, unless the others' searches hold too much memory: then it is
  // dropped and starts over later (those steps are counted too).
  const live: (PartitionSearch | undefined)[] = [];
  const heldByOthers = (partIndex: number): number => live.reduce((sum, search, i) => sum + (i === partIndex || search === undefined ? 0 : search.bytes()), 0);
  let pending = undecided;
  let allowance = undecided.length === 1 ? Number.POSITIVE_INFINITY : FIRST_ALLOWANCE_STEPS;
  while (pending.length > 0) {
    const unfinished: number[] = [];
    for (const partIndex of pending) {
      let others = heldByOthers(partIndex);
      if (others > memoBytesMax / 2) {
        live.fill(undefined);
        others = 0;
      }
      const search = live[partIndex] ?? startSearch(partIndex);
      const outcome = search.run({ steps: Math.min(allowance, budget - steps), bytes: memoBytesMax - others });
      steps += outcome.steps;
      live[partIndex] = outcome.verdict === "unknown" && outcome.limit === "steps" ? search : undefined;
      if (outcome.verdict === "illegal") {
        const { kept } = searchOf(partIndex);
        return illegal(partIndex, { originals: kept.map((k) => k.original), prefix: outcome.prefix, ...partialsOf(outcome) });
      }
      if (outcome.verdict === "unknown") {
        const where = `partition ${partIndex + 1} of ${parts.length}`;
        if (outcome.limit === "memory" || outcome.limit === "time" || steps >= budget) return stopped(outcome.limit, where);
        unfinished.push(partIndex);
      }
    }
    pending = unfinished;
    allowance *= 4;
  }
  return { verdict: "ok", steps };
}

/** The search's wall-clock cap from `timeoutMs` and `clock`, or nothing. */
function timeDeadline(options: CheckOptions): { deadline?: { readonly clock: () => number; readonly at: number } } {
  const { timeoutMs, clock } = options;
  if (timeoutMs === undefined && clock === undefined) return {};
  if (timeoutMs === undefined || clock === undefined) throw new RangeError("timeoutMs and clock go together: give both or neither");
  if (!(timeoutMs >= 0)) throw new RangeError(`timeoutMs must be a number >= 0, got ${String(timeoutMs)}`);
  return { deadline: { clock, at: clock() + timeoutMs } };
}

/** The partial linearizations of an illegal search outcome, when it kept them. */
function partialsOf(outcome: SearchOutcome & { readonly verdict: "illegal" }): { partials?: readonly (readonly number[])[]; omitted?: number } {
  return outcome.partials === undefined ? {} : { partials: outcome.partials, omitted: outcome.omitted ?? 0 };
}

interface PreparedPartition<Input, Output> {
  readonly kept: KeptOperation<Input, Output>[];
  readonly operations: Operation<Input, Output>[];
  readonly searchModel: Model<unknown, Input, Output>;
}

interface KeptOperation<Input, Output> {
  readonly search: Operation<Input, Output>;
  readonly original: Operation<Input, Output>;
}

/**
 * The operations worth searching. Besides what `prepare` drops, an
 * indeterminate operation is dropped when it cannot change the state, or
 * when it was invoked after every completed operation had returned: it
 * could only be linearised after all of them, where it constrains nothing.
 */
function keptOperations<State, Input, Output>(
  model: Model<State, Input, Output>,
  part: readonly Operation<Input, Output>[],
  how: { readonly prepared: readonly (Operation<Input, Output> | null)[]; readonly pruning: boolean },
): KeptOperation<Input, Output>[] {
  const { prepared, pruning } = how;
  let lastReturn = Number.NEGATIVE_INFINITY;
  for (const op of part) if (op.return !== null && op.return > lastReturn) lastReturn = op.return;
  const kept: KeptOperation<Input, Output>[] = [];
  for (let index = 0; index < part.length; index++) {
    const original = part[index] as Operation<Input, Output>;
    const search = prepared[index];
    if (search === undefined) continue;
    if (search === null) {
      if (original.return !== null) throw new Error(`model ${model.name}: prepare may drop only indeterminate operations`);
      continue;
    }
    if (pruning && search.return === null && (search.call > lastReturn || model.isReadOnly?.(search.input, undefined) === true)) continue;
    kept.push({ search, original });
  }
  return kept;
}
