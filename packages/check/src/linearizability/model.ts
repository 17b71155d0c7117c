import type { ModelDecision } from "./model-decision.js";
import type { Operation } from "./operation.js";

/**
 * What a model's {@link Model.step} answers: the operation was legal here
 * (and this is the next state), or it was not.
 */
export type StepResult<State> = { readonly ok: true; readonly state: State } | { readonly ok: false };

/**
 * A sequential specification, Porcupine-style: a record of pure functions.
 *
 * When to use: write one to check histories of your own object (a stack, a
 * lease, a document...). The built-in models ({@link builtInModels}:
 * register, kv, set, queue, counter, lock) are examples.
 *
 * Details:
 * - `step` must be pure and must never mutate `state`: the checker keeps old
 *   states on its backtracking stack and caches transitions.
 * - States are memoised. Primitive states (string, number, boolean, null)
 *   are compared with `===`. Object states are bucketed by `hash` when given,
 *   otherwise by `JSON.stringify`, and compared with `equal` when given.
 * - Inputs and outputs should be plain JSON data: the checker groups
 *   identical operations by their JSON text to avoid exploring symmetric
 *   orders.
 *
 * Gotchas: for an indeterminate operation (`return: null`) `step` receives
 * `output === undefined`, meaning "any output is acceptable" (a model whose
 * outputs may legitimately be `null`, like a register read of an empty
 * register, needs to tell the two apart).
 *
 * @example
 * ```ts
 * const counter: Model<number, { op: "inc" } | { op: "get" }, number | null> = {
 *   name: "counter",
 *   init: () => 0,
 *   step: (state, input, output) =>
 *     input.op === "inc" ? { ok: true, state: state + 1 }
 *     : output === undefined || output === state ? { ok: true, state } : { ok: false },
 *   isReadOnly: (input) => input.op === "get",
 * };
 * ```
 */
export interface Model<State, Input, Output> {
  /** Shown in reports. */
  readonly name: string;
  /** The initial state. */
  init(): State;
  /**
   * Is `output` a legal answer to `input` applied to `state`? If so, the next
   * state. Pure. `output` is `undefined` for an indeterminate operation: any
   * output is then acceptable.
   */
  step(state: State, input: Input, output: Output | undefined): StepResult<State>;
  /**
   * Splits a history into independent parts checked separately
   * (P-compositionality), e.g. one per key. Every operation must land in
   * exactly one part. Without it the history is one part.
   */
  partition?(operations: readonly Operation<Input, Output>[]): Operation<Input, Output>[][];
  /** State equality for object states (default: equal JSON text). */
  equal?(a: State, b: State): boolean;
  /** A cheap hash consistent with `equal`, for object states. */
  hash?(state: State): string | number;
  /**
   * True when the operation, answering `output`, can never change the state
   * (a read; a cas that reported failure). `output` is `undefined` for an
   * indeterminate operation. The checker linearises legal read-only
   * operations greedily and drops indeterminate ones before searching.
   * Optional (the search then tests every step for a state change), but it
   * saves work.
   */
  isReadOnly?(input: Input, output: Output | undefined): boolean;
  /**
   * An optional verdict-preserving rewrite of one partition before the search,
   * returning an array of the same length: each entry is the operation to
   * search with (same `call`/`return`, possibly a simpler but equivalent
   * input or output), or `null` to drop it (allowed for indeterminate
   * operations only). The register model uses it to merge values nobody ever
   * reads into one. Witnesses always show the original operations.
   */
  prepare?(operations: readonly Operation<Input, Output>[]): readonly (Operation<Input, Output> | null)[];
  /**
   * Optional lookahead: false when no sequence of steps from `state` can
   * make the completed operation (`input` answering `output`) legal, so the
   * search can abandon this branch before it reaches that operation. Must
   * never answer false wrongly; when in doubt answer true. The kv model uses
   * it on append-only keys: the current value must be a prefix of what every
   * pending get returned.
   */
  canReach?(state: State, input: Input, output: Output): boolean;
  /**
   * Optional lookahead, with {@link Model.produces}. For a completed
   * operation (`input` answering `output`): the one state in which it is
   * legal. For an indeterminate one (`output` undefined): the one state in
   * which it can change the state. `undefined` when there is no single such
   * state. The register answers the value for a read, and the expected
   * value for a cas that succeeded or never returned. The search abandons a
   * branch as soon as some pending operation needs a state other than the
   * current one that no remaining operation invoked before its return can
   * produce. Must be exact: a wrong answer here makes verdicts wrong. Only
   * used for models with primitive states.
   */
  requires?(input: Input, output: Output | undefined): State | undefined;
  /**
   * Optional lookahead, with {@link Model.requires}: the state this
   * operation leaves whenever it changes the state, if that is always the
   * same one (a write's or a cas's new value), else `undefined`. `output` is
   * `undefined` for an indeterminate operation. An operation for which
   * `produces` is `undefined` must never change the state into a state some
   * `requires` names, unless it is read-only.
   */
  produces?(input: Input, output: Output | undefined): State | undefined;
  /**
   * Optional exact decision procedure for one partition, tried before the
   * search: `{ verdict: "ok" }`, `{ verdict: "illegal", prefix? }`, or
   * `undefined` when its preconditions do not hold (the search then runs).
   * Gets the partition's original operations (not `prepare`d). The register
   * model decides read/write histories with distinct written values in
   * O(n log n) (write/read clusters, as Gibbons and Korach); the kv model
   * decides append-only keys with distinct appended values, and keys of
   * puts and gets as registers. Costs one step
   * per operation; skipped when `pruning` is off.
   */
  decide?(operations: readonly Operation<Input, Output>[]): ModelDecision | undefined;
  /**
   * Optional: a model that gives the same verdicts as this one on
   * `operations` (one partition, after `prepare`) but whose states are
   * primitives (strings, numbers), or `undefined`. The search then interns
   * states to small integers and caches transitions instead of copying and
   * hashing objects. The kv model returns one for a single key (the state is
   * that key's value). Witnesses are still replayed with this model.
   * Skipped when `pruning` is off.
   */
  forPartition?(operations: readonly Operation<Input, Output>[]): Model<unknown, Input, Output> | undefined;
  /** Words for an operation in witnesses, e.g. `cas("1", "2") -> ok`. */
  describeOperation?(input: Input, output: Output | null): string;
  /** Words for a state in witnesses. */
  describeState?(state: State): string;
}
