import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";
import { Recorder } from "./recorder.js";

/**
 * Fresh choices from a seeded PRNG (xoroshiro128+ from pure-rand), recorded
 * as they are drawn so that `record()` replays the run exactly.
 *
 * @example
 * ```ts
 * const choices = new GeneratedChoices(7);
 * const crash = choices.drawBool(5, "crash?");
 * ```
 */
export class GeneratedChoices extends Recorder {
  private readonly rng: RandomGenerator;

  constructor(seed: number) {
    super();
    this.rng = xoroshiro128plus(seed | 0);
  }

  protected nextValue(n: number): number {
    return n === 1 ? 0 : uniformInt(this.rng, 0, n - 1);
  }
}
