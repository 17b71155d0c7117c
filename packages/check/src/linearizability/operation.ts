/**
 * One operation of a history, as seen from outside the system under test.
 *
 * Structurally identical to `@cx/sim`'s `HistoryOperation`, so a simulator
 * history can be passed to {@link checkLinearizability} as it is.
 *
 * Details: intervals are closed. Operation A precedes B in real time iff
 * `A.return < B.call` (strictly); equal timestamps mean the two are
 * concurrent. Times are plain numbers (fractions allowed).
 *
 * Gotchas: `return: null` means indeterminate — the call never returned
 * (crash, timeout). It may or may not have taken effect, at any instant
 * after `call`; its `output` is then `null` and is ignored.
 *
 * @example
 * ```ts
 * const op: Operation<RegisterInput, RegisterOutput> =
 *   { client: 1, call: 0, return: 3, input: { op: "write", value: "a" }, output: null };
 * ```
 */
export interface Operation<Input, Output> {
  /** Client id; informational (the checker does not use it). */
  readonly client: number;
  /** Invocation time. */
  readonly call: number;
  /** Response time, or `null` when the call never returned (indeterminate). */
  readonly return: number | null;
  /** What was asked. */
  readonly input: Input;
  /** What was answered; `null` when indeterminate. */
  readonly output: Output | null;
}
