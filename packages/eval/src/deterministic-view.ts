import type { ExperimentResults } from "./results.js";

// `headline` holds throughput figures (per protocol and overall); every other headline figure derives from the kept sections.
const TIMING_KEYS = new Set(["ms", "startedAt", "finishedAt", "elapsedMs", "workers", "resumedTasks", "machine", "throughput", "corpus", "speedup", "headline", "costPerRun"]);

/**
 * The part of a results file that must not depend on timing or on the
 * number of workers: everything except wall times, timestamps, the
 * machine, each protocol's throughput, the corpus, the speed-up, the
 * search-power phase's cost per run and the headlines (which hold
 * throughput figures).
 *
 * When to use: to compare two runs of the same configuration (the
 * determinism test runs one on 1 worker and one on 2 and compares these).
 *
 * @example
 * ```ts
 * expect(deterministicView(onOne)).toEqual(deterministicView(onTwo));
 * ```
 */
export function deterministicView(results: ExperimentResults): unknown {
  return strip(results);
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) if (!TIMING_KEYS.has(key)) out[key] = strip(inner);
  return out;
}
