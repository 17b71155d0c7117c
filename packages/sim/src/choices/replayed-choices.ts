import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";
import { Recorder } from "./recorder.js";

/** What a replay draws once its recorded values run out. */
export type ReplayTail =
  /** Every further draw is 0, the calm outcome (the default, and what a repro means). */
  | { readonly kind: "zeros" }
  /** Further draws come from a seeded PRNG: search uses this to explore past a mutated prefix. */
  | { readonly kind: "random"; readonly seed: number };

/**
 * Replays a recorded choice sequence. A value too large for `draw(n)` is
 * clamped to `n - 1` (clamping keeps "smaller is calmer"; modulo would not);
 * past the end every draw is 0 unless another `tail` is asked for.
 *
 * @example
 * ```ts
 * const replay = new ReplayedChoices([3, 0, 99]);
 * replay.draw(10); // 3
 * replay.draw(10); // 0
 * replay.draw(10); // 9, clamped
 * replay.draw(10); // 0, past the end
 * ```
 */
export class ReplayedChoices extends Recorder {
  private index = 0;
  private readonly rng: RandomGenerator | undefined;

  constructor(
    private readonly recorded: readonly number[],
    tail: ReplayTail = { kind: "zeros" },
  ) {
    super();
    this.rng = tail.kind === "random" ? xoroshiro128plus(tail.seed | 0) : undefined;
  }

  /** How many recorded values have been consumed (at most the list's length). */
  get consumed(): number {
    return Math.min(this.index, this.recorded.length);
  }

  protected nextValue(n: number): number {
    const i = this.index++;
    if (i < this.recorded.length) {
      const recorded = this.recorded[i] ?? 0;
      return recorded < 0 ? 0 : recorded >= n ? n - 1 : Math.floor(recorded);
    }
    if (this.rng === undefined || n === 1) return 0;
    return uniformInt(this.rng, 0, n - 1);
  }
}
