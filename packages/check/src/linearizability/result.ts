import type { Operation } from "./operation.js";

/**
 * Options of {@link checkLinearizability}.
 *
 * Both limits make the checker answer `unknown` instead of running forever
 * or exhausting memory. Steps are counted, not timed, so an `unknown`
 * reproduces exactly on any machine.
 */
export interface CheckOptions {
  /** Search steps allowed over all partitions (default 200,000,000, a few seconds to a minute). */
  readonly budgetSteps?: number;
  /**
   * Memory allowed for what the search keeps, in bytes (default 512 MiB):
   * the table of visited configurations, the states (strings by length;
   * object states by a sampled estimate of their size), the transition
   * cache, the search's arrays (about 200 bytes per operation of the
   * partition) and objects (about 160 more), and the buffers kept for the
   * next search (at most 32 MiB). When it is reached the verdict is
   * `unknown` with `limit: "memory"`. Measured live memory of stopped
   * searches stays within it; garbage the engine has not collected yet
   * comes on top.
   */
  readonly memoBytesMax?: number;
  /**
   * `false` turns off cx's extra pruning (dropping irrelevant indeterminate
   * operations, forced state-preserving steps, symmetry between identical
   * operations, model `prepare`), leaving Porcupine's algorithm. For
   * comparison and debugging only; the default `true` is never slower in
   * principle and often exponentially faster.
   */
  readonly pruning?: boolean;
  /** `false` checks the whole history as one part even if the model can partition it (default `true`). */
  readonly partitioning?: boolean;
  /**
   * An outer wall-clock cap in milliseconds, measured with {@link CheckOptions.clock}
   * (both or neither). Unlike the step budget, a verdict `unknown` because of
   * it may not reproduce on another machine; steps and memory stay the
   * limits that shape a result.
   */
  readonly timeoutMs?: number;
  /**
   * The clock `timeoutMs` is measured with, in milliseconds (the caller's
   * wall clock, e.g. from `node:perf_hooks`). The checker never reads a clock of its own.
   */
  readonly clock?: () => number;
  /**
   * `false` skips the search for suspects of an illegal history (see
   * {@link LinearizabilityWitness.suspects}); default `true`. That search
   * checks the failing partition again without each candidate, so it costs
   * about one more check per candidate: it runs when `witness.suspects` is
   * first read (with the steps left of `budgetSteps`, and as much time as
   * was left of `timeoutMs` at the verdict), and its steps are not in the
   * result's `steps`.
   */
  readonly suspects?: boolean;
}

/**
 * An operation that may be at fault in an illegal history.
 *
 * `confirmed: true` means its partition, checked again without it, is
 * linearizable (the other partitions may not all have been checked). At
 * most one suspect is confirmed; the others are the candidates that were
 * considered, in the order they were tried.
 */
export interface Suspect<Input, Output> {
  /** Position of the operation in the array given to the checker. */
  readonly index: number;
  readonly operation: Operation<Input, Output>;
  readonly confirmed: boolean;
}

/** Which limit made the checker answer `unknown`. */
export type CheckLimit = "steps" | "memory" | "time";

/** One operation of a witness prefix and the state it left. */
export interface WitnessStep<State, Input, Output> {
  /** Position of the operation in the array given to the checker. */
  readonly index: number;
  readonly operation: Operation<Input, Output>;
  /** The model state after this operation. */
  readonly state: State;
}

/** An operation that could have come next after a witness prefix, and why it did not. */
export interface BlockedOperation<Input, Output> {
  /** Position of the operation in the array given to the checker. */
  readonly index: number;
  readonly operation: Operation<Input, Output>;
  /**
   * `false`: its output is illegal in the state after the prefix. `true`:
   * legal there, but every continuation after it failed.
   */
  readonly legal: boolean;
}

/**
 * Why a history is not linearizable, from the point of view of the search:
 * the longest prefix it managed to linearize (in the first partition that
 * failed) and the operations it could not place next.
 *
 * Its fields are getters: the witness is put together when one is first
 * read (then kept), so a caller that only wants the verdict does not pay
 * for it; `JSON.stringify` reads them all.
 */
export interface LinearizabilityWitness<State, Input, Output> {
  /** Which part of the history failed (see {@link Model.partition}). */
  readonly partition: { readonly index: number; readonly count: number; readonly operations: number };
  /** The longest linearizable prefix found, in linearization order. */
  readonly prefix: readonly WitnessStep<State, Input, Output>[];
  /** The state after the prefix (the initial state when it is empty). */
  readonly state: State;
  /**
   * The operations that could have been linearized next (invoked before the
   * earliest response still pending); none of them leads to a linearization.
   */
  readonly blocked: readonly BlockedOperation<Input, Output>[];
  /**
   * The completed operation with the earliest response among those not in
   * the prefix: it had to be linearized before anything invoked after it
   * returned. `undefined` when all completed operations are in the prefix.
   */
  readonly deadline?: { readonly index: number; readonly operation: Operation<Input, Output> } | undefined;
  /**
   * The operations most likely at fault, best first: the first one, when
   * `confirmed`, is one whose removal makes the failing partition
   * linearizable. Empty when the search for suspects was skipped or ran out
   * of steps or time before trying any. Searched for when first read (a
   * getter; then kept), so a caller that only wants the verdict does not
   * pay for it.
   */
  readonly suspects: readonly Suspect<Input, Output>[];
  /**
   * The longest partial linearizations of the failing partition, as
   * Porcupine reports them: for each operation the search ever
   * linearised, the longest linearizable prefix it reached with that
   * operation in it (up to where it got stuck); the distinct ones, longest
   * first, each as positions in the array given to the checker, in
   * linearization order.
   *
   * When to use: to show how far the history could be explained, and
   * around what. An operation that is in none of them, while operations
   * invoked after it returned are, could never be placed: on a history
   * with one corrupted read, that read (the other partitions are not
   * listed: the check stops at the first one that fails).
   *
   * Gotchas: they come from the search as it ran (pruned, memoised), so
   * they are linearizable prefixes but not every one; empty when a
   * model's exact decision (`decide`) found the partition illegal and the
   * short search for a readable witness that follows did not finish. At
   * most 4,194,304 positions in all; longer lists are left out, counted in
   * {@link LinearizabilityWitness.partialLinearizationsOmitted}.
   *
   * @example
   * ```ts
   * const { witness } = result; // result.verdict === "illegal"
   * const covered = new Set(witness.partialLinearizations.flat());
   * const never = witness.blocked.filter((b) => !covered.has(b.index)); // e.g. the corrupted read
   * ```
   */
  readonly partialLinearizations: readonly (readonly number[])[];
  /** How many partial linearizations were left out of {@link LinearizabilityWitness.partialLinearizations} (over its size cap); usually 0. */
  readonly partialLinearizationsOmitted: number;
}

/**
 * The verdict of {@link checkLinearizability}.
 *
 * - `ok`: linearizable.
 * - `illegal`: not linearizable, with a witness.
 * - `unknown`: a limit was reached first (see {@link CheckOptions}); `reason`
 *   says which.
 *
 * `steps` is the number of search steps taken, deterministic for a given
 * history, model and options.
 */
export type LinearizabilityResult<Input, Output, State = unknown> =
  | { readonly verdict: "ok"; readonly steps: number }
  | { readonly verdict: "illegal"; readonly steps: number; readonly witness: LinearizabilityWitness<State, Input, Output> }
  | { readonly verdict: "unknown"; readonly steps: number; readonly limit: CheckLimit; readonly reason: string };
