import type { Outcome } from "../target.js";
import type { ShrinkState } from "./shrink-state.js";

/**
 * One way of proposing smaller candidates. A pass reads the best sequence
 * from the state, proposes candidates through `state.consider*` and stops
 * early once `state.stopped`. Its contract is what it tries, in words; the
 * law every pass obeys is the state's: only a run that breaks the same
 * invariant with a strictly smaller record (shortlex) is accepted.
 *
 * @example
 * ```ts
 * const zeroLast: ShrinkPass = { name: "zero-last", contract: "zero the last value", run: (s) => void s.consider([...s.best.slice(0, -1), 0]) };
 * ```
 */
export interface ShrinkPass {
  readonly name: string;
  /** What the pass tries and how it replays its candidates. */
  readonly contract: string;
  run<O extends Outcome>(state: ShrinkState<O>): void;
}
