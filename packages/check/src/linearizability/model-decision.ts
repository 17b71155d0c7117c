/**
 * What a model's exact decision procedure ({@link Model.decide}) answers for
 * one partition: linearizable, or not (with, when it can, a linearizable
 * prefix in the order found: indices into the partition's operations, each
 * step legal for the model after the previous ones).
 *
 * When to use: only when writing a model with a polynomial algorithm for
 * special cases (the built-in register and kv models have one).
 *
 * Gotchas: the answer must be exact. Returning `undefined` from `decide`
 * (not one of these) means "cannot tell, run the search". Without `prefix`
 * the checker looks for a witness with a short search and, failing that,
 * reports an empty prefix.
 *
 * @example
 * ```ts
 * const decision: ModelDecision = { verdict: "illegal", prefix: [0, 2] };
 * ```
 */
export type ModelDecision =
  | { readonly verdict: "ok" }
  | {
      readonly verdict: "illegal";
      readonly prefix?: readonly number[];
      /**
       * Operations (indices into the partition) that the procedure knows to
       * be at fault, e.g. a read that is certainly stale: checked first when
       * the checker looks for the operation whose removal makes the history
       * linearizable.
       */
      readonly suspects?: readonly number[];
    };
