import type { ChoiceSource, Span } from "@cx/sim";

/** One run kept by a guided strategy because it reached a feature no earlier run had. */
export interface CorpusEntry {
  readonly choices: readonly number[];
  readonly spans: readonly Span[];
  /** Its distinct coverage features. */
  readonly features: readonly number[];
  /** For each of `features`, the choice position at which the run first reached it (empty when the target did not say). */
  readonly positions: readonly number[];
  /** How often it was picked as a parent so far. */
  picks: number;
}

/** Draws a fraction in [0, 1) with 30 bits, from the strategy's own seeded source. */
function fraction(random: ChoiceSource): number {
  return random.draw(1 << 30) / (1 << 30);
}

/**
 * The corpus of a guided strategy and the hit count of every coverage
 * feature seen, AFL-style: an entry's energy is the sum over its features
 * (the strategies keep those it reached first) of 1 / (runs that reached
 * the feature), damped by how often it was already mutated, so runs that
 * reached rare states are mutated most.
 *
 * When to use: inside a strategy; `createStrategy` builds one.
 *
 * Gotchas: energy is recomputed at every pick from the current hit counts
 * (a feature that was rare when its entry joined may have become common);
 * picking is deterministic given the `random` source.
 *
 * @example
 * ```ts
 * const corpus = new Corpus();
 * const fresh = corpus.observe(outcome); // features seen for the first time
 * if (fresh > 0) corpus.add(outcome);
 * const parent = corpus.pick(new GeneratedChoices(1));
 * ```
 */
export class Corpus {
  readonly entries: CorpusEntry[] = [];
  private readonly hits = new Map<number, number>();


  /** Distinct features seen so far. */
  get features(): number {
    return this.hits.size;
  }

  /** Counts the run's features; returns how many were seen for the first time. */
  observe(features: readonly number[]): number {
    return this.observeFresh(features).length;
  }

  /** Counts the run's features; returns the indices (into `features`) of those seen for the first time. */
  observeFresh(features: readonly number[]): number[] {
    const fresh: number[] = [];
    const seen = new Set<number>();
    features.forEach((feature, i) => {
      if (seen.has(feature)) return;
      seen.add(feature);
      const count = this.hits.get(feature) ?? 0;
      if (count === 0) fresh.push(i);
      this.hits.set(feature, count + 1);
    });
    return fresh;
  }

  /** Keeps a run; `positions[i]`, when given, is where it first reached `features[i]`. */
  add(entry: { readonly choices: readonly number[]; readonly spans: readonly Span[]; readonly features: readonly number[]; readonly positions?: readonly number[] | undefined }): void {
    const features: number[] = [];
    const positions: number[] = [];
    const at = entry.positions !== undefined && entry.positions.length === entry.features.length ? entry.positions : undefined;
    const seen = new Set<number>();
    entry.features.forEach((feature, i) => {
      if (seen.has(feature)) return;
      seen.add(feature);
      features.push(feature);
      if (at !== undefined) positions.push(at[i] as number);
    });
    this.entries.push({ choices: entry.choices, spans: entry.spans, features, positions, picks: 0 });
  }

  /** How many runs reached `feature` so far. */
  hitsOf(feature: number): number {
    return this.hits.get(feature) ?? 0;
  }

  /** How much an entry deserves to be mutated now. */
  energy(entry: CorpusEntry): number {
    let rarity = 0;
    for (const feature of entry.features) rarity += 1 / (this.hits.get(feature) ?? 1);
    return rarity / Math.sqrt(1 + entry.picks);
  }

  /** An entry picked with probability proportional to its energy (counted as picked). */
  pick(random: ChoiceSource): CorpusEntry {
    const energies = this.entries.map((e) => this.energy(e));
    const total = energies.reduce((a, b) => a + b, 0);
    let target = fraction(random) * total;
    let chosen = this.entries.length - 1;
    for (let i = 0; i < energies.length; i++) {
      target -= energies[i] as number;
      if (target < 0) {
        chosen = i;
        break;
      }
    }
    const entry = this.entries[chosen] as CorpusEntry;
    entry.picks++;
    return entry;
  }

  /** A uniformly random entry (a splice partner). */
  any(random: ChoiceSource): CorpusEntry {
    return this.entries[random.draw(this.entries.length)] as CorpusEntry;
  }
}
