/**
 * A labelled group of consecutive draws that together make one decision
 * ("delivery of message #17"). Search and shrinking work on whole spans.
 * `start` is the index of the span's first draw, `end` one past its last.
 */
export interface Span {
  readonly label: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The single source of every nondeterministic decision in a run.
 *
 * Conventions (the contract everything rests on):
 * - `draw(n)` returns an integer in `[0, n)`; 0 is always the calm outcome.
 * - `drawBool(percent)` is `draw(100) >= 100 - percent`, so the value 0 is
 *   `false` ("nothing unusual") whatever the percentage.
 * - Replaying a recorded list reproduces the run exactly; past its end every
 *   draw is 0, and a recorded value too large for `n` is clamped to `n - 1`.
 *
 * @example
 * ```ts
 * const choices = new GeneratedChoices(42);
 * const delayMs = 1 + choices.draw(10, "delay");
 * replay(choices.record()); // the same decisions, forever
 * ```
 */
export interface ChoiceSource {
  /** An integer in `[0, n)`; `n` must be a positive integer. */
  draw(n: number, label?: string): number;
  /** `true` with probability `percent`/100 when generating; the value 0 means `false`. */
  drawBool(percent: number, label?: string): boolean;
  /** Opens a labelled span: the draws until the matching `endSpan` form one decision. */
  startSpan(label: string): void;
  /** Closes the innermost open span. */
  endSpan(): void;
  /** The values consumed so far, in order (what a replay needs). */
  record(): number[];
  /** The closed spans so far, in the order they were opened. */
  spans(): Span[];
  /** How many draws have been made. */
  readonly position: number;
}
