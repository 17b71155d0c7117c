import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";
import { Recorder } from "./recorder.js";

/** What a replay draws once its recorded values run out. */
export type ReplayTail =
  /** Every further draw is 0, the calm outcome (the default, and what a repro means). */
  | { readonly kind: "zeros" }
  /** Further draws come from a seeded PRNG: search uses this to explore past a mutated prefix. */
  | { readonly kind: "random"; readonly seed: number }
  /**
   * A calm run with a few unusual decisions: inside the spans `uniformIn`
   * names (a run's settings) draws are uniform as with `random`, and so are
   * the first `uniformHead` draws of a run that opens none of those spans;
   * anywhere else each draw is 0 except, with probability `percent`%, a
   * uniform value from 1 up. The idea of PCT's few priority-change points:
   * most bugs need only a few things to go wrong, at the right moments.
   */
  | { readonly kind: "sparse"; readonly seed: number; readonly percent: number; readonly uniformIn: readonly string[]; readonly uniformHead: number };

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
  private readonly sparse: { readonly percent: number; readonly uniformIn: ReadonlySet<string>; readonly uniformHead: number } | undefined;
  /** Under a sparse tail: whether the run opened a settings span yet (then the head rule no longer applies). */
  private settingsSeen = false;

  constructor(
    private readonly recorded: readonly number[],
    tail: ReplayTail = { kind: "zeros" },
  ) {
    super();
    this.rng = tail.kind === "zeros" ? undefined : xoroshiro128plus(tail.seed | 0);
    this.sparse = tail.kind === "sparse" ? { percent: tail.percent, uniformIn: new Set(tail.uniformIn), uniformHead: tail.uniformHead } : undefined;
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
    const sparse = this.sparse;
    if (sparse === undefined) return uniformInt(this.rng, 0, n - 1);
    if (sparse.uniformIn.has(this.openSpanLabel ?? "")) {
      this.settingsSeen = true;
      return uniformInt(this.rng, 0, n - 1);
    }
    if (!this.settingsSeen && i < sparse.uniformHead) return uniformInt(this.rng, 0, n - 1);
    return uniformInt(this.rng, 0, 99) < sparse.percent ? uniformInt(this.rng, 1, n - 1) : 0;
  }
}
