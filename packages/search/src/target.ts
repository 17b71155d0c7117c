import type { ChoiceSource, Span } from "@cx/sim";

/**
 * The violation a run reported, reduced to what search needs: which
 * invariant broke, and a sentence for people. Two failures are "the same"
 * for shrinking when their `invariant` names are equal.
 */
export interface OutcomeViolation {
  readonly invariant: string;
  readonly message: string;
}

/**
 * What one run of a {@link Target} reports back to search.
 *
 * When to use: implement it on the protocol side (or return @cx/sim's
 * `RunResult`, which already has this shape).
 *
 * Gotchas: `choices` must be the values the run actually consumed (its
 * `record()`), clamped as replayed, so that replaying them reproduces the
 * run exactly. `coverage` is opaque: search only compares feature numbers
 * for equality, so any stable encoding works.
 *
 * @example
 * ```ts
 * const outcome: Outcome = { violation: null, choices: source.record(), spans: source.spans(), coverage: [1, 7] };
 * ```
 */
export interface Outcome {
  readonly violation: OutcomeViolation | null;
  /** The choices the run consumed (its `record()`). */
  readonly choices: readonly number[];
  /** Labelled spans from @cx/sim; search mutates and shrinks whole spans. */
  readonly spans: readonly Span[];
  /** Opaque coverage features computed on the protocol side. */
  readonly coverage: readonly number[];
  /**
   * Optional: for each of `coverage`, the choice position at which the run
   * first reached it (@cx/sim's `RunResult.coverageAt`). With it the
   * `explore` strategy can return to a rare state and explore on from it;
   * without it `explore` mutates as `coverage` does.
   */
  readonly coverageAt?: readonly number[] | undefined;
  /**
   * Optional: the run's causal behaviours (@cx/sim's `RunResult.behaviours`,
   * recorded when the run spec asks), protocol-neutral features a hunt can
   * be guided by instead of, or besides, `coverage` (see `Feedback`).
   */
  readonly behaviours?: readonly number[] | undefined;
  /** For each of `behaviours`, the choice position at which the run first reached it. */
  readonly behavioursAt?: readonly number[] | undefined;
}

/**
 * Anything search can run: a pure function of a choice source.
 *
 * When to use: wrap a protocol plus its scenario options (for Raft,
 * `createRaftTarget({ bugs })` in @cx/raft) and hand it to `hunt` or `shrink`.
 *
 * Gotchas: `run` must be deterministic, drawing every decision from the
 * source it is given; search replays the same sequence and trusts the
 * answer (the shrinker caches it).
 *
 * @example
 * ```ts
 * const target: Target = {
 *   run(source) {
 *     const bad = source.draw(10, "x") === 9;
 *     return { violation: bad ? { invariant: "x<9", message: "x was 9" } : null, choices: source.record(), spans: source.spans(), coverage: [] };
 *   },
 * };
 * ```
 */
export interface Target<O extends Outcome = Outcome> {
  run(source: ChoiceSource): O;
}
