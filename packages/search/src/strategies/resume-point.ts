import type { ChoiceSource } from "@cx/sim";
import type { Corpus, CorpusEntry } from "./corpus.js";

/** Draws a fraction in [0, 1) with 30 bits, from the strategy's own seeded source. */
function fraction(random: ChoiceSource): number {
  return random.draw(1 << 30) / (1 << 30);
}

/**
 * Where to resume a kept run (Go-Explore: return to a promising state, then
 * explore): the choice position at which it first reached one of its
 * features, the feature picked with probability proportional to
 * 1 / (runs that reached it), so the rarest states are returned to most.
 * Replaying the run's choices up to that position rebuilds the cluster as
 * it was in that state; fresh draws then explore on from it, so a chain of
 * rare states is climbed one state at a time.
 *
 * When to use: in a guided strategy, for an entry picked by energy. Returns
 * `null` when the entry has no positions (its target reported no
 * `coverageAt`): the caller falls back to a mutation.
 *
 * Gotchas: deterministic given `random`; the hit counts are the corpus's
 * at the time of the pick.
 *
 * @example
 * ```ts
 * const cut = pickResumePoint(corpus, parent, random);
 * if (cut !== null) source = new ReplayedChoices(parent.choices.slice(0, cut), { kind: "random", seed });
 * ```
 */
export function pickResumePoint(corpus: Corpus, entry: CorpusEntry, random: ChoiceSource): number | null {
  const { features, positions } = entry;
  if (positions.length === 0) return null;
  let total = 0;
  for (const feature of features) total += 1 / Math.max(1, corpus.hitsOf(feature));
  let target = fraction(random) * total;
  for (let i = 0; i < features.length; i++) {
    target -= 1 / Math.max(1, corpus.hitsOf(features[i] as number));
    if (target < 0) return positions[i] as number;
  }
  return positions[positions.length - 1] as number;
}
