import type { Model } from "./model.js";

/**
 * A sequential specification whose operations may leave one of several
 * states (Porcupine's `NondeterministicModel`): `step` returns every state
 * the operation may leave, an empty array when `output` is illegal.
 *
 * When to use: objects whose specification allows a choice (a set whose
 * `pop` removes any element, a lease that may or may not expire), passed to
 * {@link fromNondeterministic}.
 *
 * Gotchas: as with {@link Model}, `output` is `undefined` for an operation
 * that never returned, and `step` must be pure. States are told apart by
 * `key` (default: their JSON text).
 *
 * @example
 * ```ts
 * // A register whose write may be lost.
 * const lossy: NondeterministicModel<string | null, RegisterInput, RegisterOutput> = {
 *   name: "lossy register",
 *   init: () => [null],
 *   step: (s, input, output) => input.op === "write" ? [s, input.value] : output === undefined || output === s ? [s] : [],
 * };
 * ```
 */
export interface NondeterministicModel<State, Input, Output> {
  readonly name: string;
  /** The possible initial states. */
  init(): readonly State[];
  /** Every state the operation may leave from `state` answering `output` (empty: illegal). */
  step(state: State, input: Input, output: Output | undefined): readonly State[];
  /** Partitions, as {@link Model.partition}. */
  partition?: Model<readonly State[], Input, Output>["partition"];
  /** A text that equal states share (default: JSON text). */
  key?(state: State): string;
  describeOperation?(input: Input, output: Output | null): string;
  describeState?(state: State): string;
}

/**
 * Turns a {@link NondeterministicModel} into a {@link Model} whose state is
 * the set of states the object may be in (the powerset construction, as
 * Porcupine does): an operation is legal when it is legal from at least one
 * of them.
 *
 * When to use: to check a history against a nondeterministic specification
 * with {@link checkLinearizability}.
 *
 * Gotchas: the sets are kept sorted by key, so equal sets compare equal;
 * the number of states in a set can grow with the history (each
 * nondeterministic step may multiply it), so keep choices few.
 *
 * @example
 * ```ts
 * checkLinearizability(fromNondeterministic(lossy), history);
 * ```
 */
export function fromNondeterministic<State, Input, Output>(model: NondeterministicModel<State, Input, Output>): Model<readonly State[], Input, Output> {
  const keyOf = model.key === undefined ? (state: State): string => JSON.stringify(state) ?? "undefined" : model.key.bind(model);
  const normalise = (states: readonly State[]): { states: State[]; keys: string } => {
    const byKey = new Map<string, State>();
    for (const state of states) if (!byKey.has(keyOf(state))) byKey.set(keyOf(state), state);
    const keys = [...byKey.keys()].sort();
    return { states: keys.map((k) => byKey.get(k) as State), keys: JSON.stringify(keys) };
  };
  const setKey = (states: readonly State[]): string => normalise(states).keys;
  return {
    name: model.name,
    init: () => normalise(model.init()).states,
    step(states, input, output) {
      const next: State[] = [];
      for (const state of states) next.push(...model.step(state, input, output));
      if (next.length === 0) return { ok: false };
      return { ok: true, state: normalise(next).states };
    },
    ...(model.partition === undefined ? {} : { partition: model.partition.bind(model) }),
    hash: setKey,
    equal: (a, b) => a.length === b.length && setKey(a) === setKey(b),
    ...(model.describeOperation === undefined ? {} : { describeOperation: model.describeOperation.bind(model) }),
    describeState: (states) => `{ ${states.map((s) => (model.describeState ? model.describeState(s) : JSON.stringify(s))).join(", ")} }`,
  };
}
