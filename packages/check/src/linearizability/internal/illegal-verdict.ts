import type { Model } from "../model.js";
import type { Operation } from "../operation.js";
import type { BlockedOperation, CheckOptions, LinearizabilityResult, LinearizabilityWitness, Suspect, WitnessStep } from "../result.js";
import { findSuspects } from "./find-suspects.js";
import { realTimePrefixLength } from "./real-time-prefix.js";

/** What an illegal partition's search found: indices into `originals` (the partition's operations as given, those searched). */
export interface Found<Input, Output> {
  readonly originals: readonly Operation<Input, Output>[];
  readonly prefix: readonly number[];
  readonly hints?: readonly number[];
  readonly partials?: readonly (readonly number[])[];
  readonly omitted?: number;
}

/** What {@link illegalVerdict} needs of the check that found a partition illegal. */
export interface IllegalContext<State, Input, Output> {
  readonly model: Model<State, Input, Output>;
  readonly operations: readonly Operation<Input, Output>[];
  readonly options: CheckOptions;
  readonly parts: readonly (readonly Operation<Input, Output>[])[];
  /** Steps taken so far, and the budget. */
  readonly steps: number;
  readonly budget: number;
  readonly deadline?: { readonly clock: () => number; readonly at: number };
  /** Checks one partition again (for the suspects): the checker itself, with options of its own. */
  readonly check: (operations: readonly Operation<Input, Output>[], options: CheckOptions) => LinearizabilityResult<Input, Output, State>;
}

/** The witness's fields that replay the search's findings on the caller's operations. */
type Material<State, Input, Output> = Omit<LinearizabilityWitness<State, Input, Output>, "partition" | "suspects"> & {
  readonly positions: ReadonlyMap<Operation<Input, Output>, number>;
};

/**
 * The illegal result for partition `partIndex`. Its witness is put together
 * when first read (a caller that wants the verdict only, as Porcupine's
 * check gives it, does not pay for replaying the prefix), and its suspects
 * are searched for when first read.
 */
export function illegalVerdict<State, Input, Output>(
  context: IllegalContext<State, Input, Output>,
  at: { readonly partIndex: number; readonly found: Found<Input, Output> },
): LinearizabilityResult<Input, Output, State> {
  const { model, operations, options, parts, steps, budget } = context;
  const { partIndex, found } = at;
  const part = parts[partIndex] as readonly Operation<Input, Output>[];
  const partition = { index: partIndex, count: parts.length, operations: part.length };
  let material: Material<State, Input, Output> | undefined;
  const materialise = (): Material<State, Input, Output> => {
    if (material !== undefined) return material;
    const positions = positionsOf(operations, part);
    material = {
      ...buildWitness(model, { ...found, positions }),
      partialLinearizations: (found.partials ?? []).map((partial) => partial.map((local) => positions.get(found.originals[local] as Operation<Input, Output>) ?? -1)),
      partialLinearizationsOmitted: found.omitted ?? 0,
      positions,
    };
    return material;
  };
  // The suspects cost a check or more each: they are searched for when first read, with what was left at the verdict.
  const suspectSteps = budget - steps;
  const clock = context.deadline?.clock;
  const suspectTime = context.deadline === undefined || clock === undefined ? undefined : Math.max(0, context.deadline.at - clock());
  let suspects: readonly Suspect<Input, Output>[] | undefined;
  const findThem = (): readonly Suspect<Input, Output>[] => {
    if (options.suspects === false) return [];
    const witness = materialise();
    // Each check without a candidate gets about as many steps as the verdict took.
    const perCheck = Math.max(10_000, 2 * steps + 10 * part.length);
    let spent = 0;
    const until = suspectTime === undefined || clock === undefined ? undefined : clock() + suspectTime;
    return findSuspects({
      part,
      witness,
      hints: found.hints ?? [],
      positions: witness.positions,
      check: (without) => {
        const left = Math.min(perCheck, suspectSteps - spent);
        const checkOptions = { ...options, budgetSteps: Math.max(1, left), partitioning: false, suspects: false, ...(until === undefined || clock === undefined ? {} : { timeoutMs: Math.max(0, until - clock()) }) };
        const outcome = context.check(without, checkOptions);
        spent += outcome.steps;
        return outcome;
      },
      mayContinue: () => suspectSteps - spent > 0 && (until === undefined || clock === undefined || clock() < until),
    }).suspects;
  };
  const witness: LinearizabilityWitness<State, Input, Output> = {
    partition,
    get prefix() {
      return materialise().prefix;
    },
    get state() {
      return materialise().state;
    },
    get blocked() {
      return materialise().blocked;
    },
    get deadline() {
      return materialise().deadline;
    },
    get partialLinearizations() {
      return materialise().partialLinearizations;
    },
    get partialLinearizationsOmitted() {
      return materialise().partialLinearizationsOmitted;
    },
    get suspects() {
      return (suspects ??= findThem());
    },
  };
  return { verdict: "illegal", steps, witness };
}

/**
 * Each operation of `part` to its position in `operations` (the first, for
 * an operation given twice). A partition usually keeps the caller's order:
 * then one walk matches it; otherwise every operation is indexed.
 */
function positionsOf<Input, Output>(operations: readonly Operation<Input, Output>[], part: readonly Operation<Input, Output>[]): Map<Operation<Input, Output>, number> {
  const positions = new Map<Operation<Input, Output>, number>();
  let matched = 0;
  for (let index = 0; index < operations.length && matched < part.length; index++) {
    const op = operations[index] as Operation<Input, Output>;
    if (op !== part[matched]) continue;
    if (!positions.has(op)) positions.set(op, index);
    matched++;
  }
  if (matched === part.length) return positions;
  positions.clear();
  operations.forEach((op, index) => {
    if (!positions.has(op)) positions.set(op, index);
  });
  return positions;
}

/**
 * Replays the prefix the search found on the original operations and names
 * what could not come next. A prefix that skips an operation due before one
 * of its steps is cut there (see realTimePrefixLength): `originals` holds
 * every completed operation of the partition (only indeterminate ones are
 * ever left out of a search), so what is shown is a linearization.
 */
function buildWitness<State, Input, Output>(
  model: Model<State, Input, Output>,
  found: { originals: readonly Operation<Input, Output>[]; prefix: readonly number[]; positions: ReadonlyMap<Operation<Input, Output>, number> },
): Omit<LinearizabilityWitness<State, Input, Output>, "partition" | "suspects" | "partialLinearizations" | "partialLinearizationsOmitted"> {
  const { originals, positions } = found;
  const prefix = found.prefix.slice(0, realTimePrefixLength(originals, found.prefix));
  const position = (op: Operation<Input, Output>): number => positions.get(op) ?? -1;
  const apply = (state: State, op: Operation<Input, Output>) => model.step(state, op.input, op.return === null ? undefined : (op.output as Output));
  let state = model.init();
  const steps: WitnessStep<State, Input, Output>[] = [];
  const placed = new Set<number>();
  for (const local of prefix) {
    const operation = originals[local] as Operation<Input, Output>;
    const result = apply(state, operation);
    // The search only linearises legal steps; failing here means the model's step is not pure or prepare changed a verdict.
    if (!result.ok) throw new Error(`model ${model.name}: replaying the witness prefix failed; is step pure?`);
    state = result.state;
    placed.add(local);
    steps.push({ index: position(operation), operation, state });
  }
  const rest = originals.map((operation, local) => ({ operation, local })).filter((entry) => !placed.has(entry.local));
  let deadline: Operation<Input, Output> | undefined;
  for (const { operation } of rest) {
    if (operation.return !== null && (deadline === undefined || operation.return < (deadline.return as number))) deadline = operation;
  }
  const horizon = deadline?.return ?? Number.POSITIVE_INFINITY;
  const blocked: BlockedOperation<Input, Output>[] = rest
    .filter(({ operation }) => operation.call <= horizon)
    .sort((a, b) => a.operation.call - b.operation.call || a.local - b.local)
    .map(({ operation }) => ({ index: position(operation), operation, legal: apply(state, operation).ok }));
  return {
    prefix: steps,
    state,
    blocked,
    ...(deadline === undefined ? {} : { deadline: { index: position(deadline), operation: deadline } }),
  };
}
