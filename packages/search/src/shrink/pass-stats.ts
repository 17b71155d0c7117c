/**
 * What one pass did over a whole shrink: candidates it tried (run or
 * answered from the cache), those accepted (each a new best), and the
 * target runs it spent (the cost; cache hits are free).
 *
 * @example
 * ```ts
 * for (const p of result.stats.passes) console.log(`${p.name}: ${p.accepted}/${p.tried}, ${p.runs} runs`);
 * ```
 */
export interface PassStats {
  readonly name: string;
  readonly tried: number;
  readonly accepted: number;
  readonly runs: number;
}

/** The mutable counters behind a {@link PassStats}. */
export type PassCounters = { -readonly [K in keyof PassStats]: PassStats[K] };

/** Fresh counters for a pass. */
export function passCounters(name: string): PassCounters {
  return { name, tried: 0, accepted: 0, runs: 0 };
}
