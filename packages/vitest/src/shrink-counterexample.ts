import { performance } from "node:perf_hooks";
import { shrink, type ShrinkStats, type Target } from "@cx/search";

/** A shrunk failing schedule and the shrinker's figures. */
export interface ShrunkCounterexample {
  readonly choices: number[];
  readonly stats: ShrinkStats;
}

/**
 * Shrinks a failing choice sequence within a budget of candidate runs. The
 * one place this package calls the shrinker, so its options are set here.
 *
 * Gotchas: the wall clock only measures (`stats.ms`, reported to people);
 * what the shrink does depends on the candidate budget alone.
 */
export function shrinkCounterexample(target: Target, choices: readonly number[], spec: { readonly invariant: string; readonly candidateRuns: number }): ShrunkCounterexample {
  const shrunk = shrink({ target, choices, violation: { invariant: spec.invariant }, maxCandidates: spec.candidateRuns, clock: () => performance.now() });
  return { choices: shrunk.choices, stats: shrunk.stats };
}
