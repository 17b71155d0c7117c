import { countNonZero, trimChoices } from "./choice-order.js";
import { FixedPoint } from "./shrink/fixed-point.js";
import { shrinkPasses, type ShrinkPassName } from "./shrink/pass-registry.js";
import type { PassStats } from "./shrink/pass-stats.js";
import { ShrinkState } from "./shrink/shrink-state.js";
import type { Outcome, Target } from "./target.js";

export type { ShrinkPassName } from "./shrink/pass-registry.js";
export type { PassStats } from "./shrink/pass-stats.js";

/**
 * The run budget of a shrink when none is given: enough for every Raft
 * defect's counterexample to converge in the measurements of
 * docs/history/shrinker.md, and a bound on a pathological input.
 */
export const DEFAULT_CANDIDATE_RUNS_MAX = 100_000;

/** What `shrink` needs: the target, a failing sequence and the invariant it broke. */
export interface ShrinkOptions<O extends Outcome = Outcome> {
  readonly target: Target<O>;
  /** A sequence that makes `target` break `violation.invariant` (raw or trimmed). */
  readonly choices: readonly number[];
  /** Only `invariant` matters: a candidate counts if it breaks the same one. */
  readonly violation: { readonly invariant: string };
  /**
   * The budget, in target runs (cache hits are free and not counted); default
   * {@link DEFAULT_CANDIDATE_RUNS_MAX}. It is what shapes the result: the same
   * input and budget give the same output on any machine at any load.
   */
  readonly candidateRunsMax?: number;
  /** The former name of `candidateRunsMax` (used when that is absent). */
  readonly maxCandidates?: number;
  /** Milliseconds from any origin (the CLI passes a monotonic clock from node:perf_hooks); without it `ms` is `null` and no time cap applies. */
  readonly clock?: () => number;
  /**
   * An outer cap on the time taken (needs `clock`): the best so far is
   * returned with `stoppedBy: "time-budget"`. Only a cap: when it bites the
   * result depends on the machine, so callers should say so.
   */
  readonly timeBudgetMs?: number;
  /** The passes of each round (default `defaultShrinkPasses`); for experiments and benchmarks. */
  readonly passes?: readonly ShrinkPassName[];
  /**
   * Passes tried only when a round of `passes` changed nothing; if one
   * succeeds, rounds resume. Default `defaultFinalShrinkPasses`, or none
   * when `passes` is given (so an experiment runs exactly what it names).
   */
  readonly finalPasses?: readonly ShrinkPassName[];
  /**
   * Deletions run at once after every pass that lowered the best without
   * shortening it. Default `defaultCleanupShrinkPasses`, or none when
   * `passes` is given.
   */
  readonly cleanupPasses?: readonly ShrinkPassName[];
  /** Called after every target run, for a progress display. */
  readonly onProgress?: (progress: ShrinkProgress) => void;
}

/** The passes of each round, big reductions first (later rounds put the passes that helped first). */
export const defaultShrinkPasses: readonly ShrinkPassName[] = [
  "zero-kinds",
  "zero-chunks",
  "aligned-zero",
  "replace-spans",
  "delete-span-runs",
  "delete-between-labels",
  "delete-inside-spans",
  "delete-chunks",
  "delete-zero-runs",
  "lower-values",
];

/**
 * The passes tried only once a round of `defaultShrinkPasses` changed
 * nothing: moves that escape a local minimum. Running them only there means
 * the result is never worse than the main passes' own fixed point (they
 * start from it and accept only smaller sequences). They run in this order
 * and the first that helps hands back to the main passes: the cheap ones
 * first and the redraw of the best's world last, as it costs hundreds of
 * runs or more a round and can lead elsewhere.
 * `place-decisions` comes first although it is dear too: a failure
 * whose decisions only need moving together is the commonest local
 * minimum. `aligned-raise-values` comes after them all: a raise that
 * shortens the list also adds unusual values, which can lead the other
 * passes to another minimum than the one they were heading for.
 *
 * @example
 * ```ts
 * // The main passes alone:
 * shrink({ target, choices, violation, passes: defaultShrinkPasses, finalPasses: [] });
 * ```
 */
export const defaultFinalShrinkPasses: readonly ShrinkPassName[] = [
  "place-decisions",
  "lowest-levels",
  "move-and-swap",
  "aligned-lower",
  "lower-and-redraw",
  "redraw",
  "aligned-raise-values",
];

/**
 * The deletions run right after any pass that lowered the best without
 * shortening it (Hypothesis re-runs deletion after each lowering): cheap
 * sweeps over runs of zeros and whole decisions.
 */
export const defaultCleanupShrinkPasses: readonly ShrinkPassName[] = ["delete-zero-runs", "delete-span-runs"];

/** Flat ddmin passes only (no aligned replay, time travel, placement or redraws), as cx's first shrinker had: the benchmark's baseline. */
export const classicShrinkPasses: readonly ShrinkPassName[] = ["zero-chunks", "replace-spans", "delete-span-runs", "delete-inside-spans", "delete-chunks", "delete-zero-runs", "lower-values"];

/** Where a shrink stands, reported to `onProgress`. */
export interface ShrinkProgress {
  readonly candidateRuns: number;
  readonly rounds: number;
  /** Length and non-zero count of the best sequence so far. */
  readonly decisions: number;
  readonly nonZero: number;
  /** The best sequence so far (trimmed; it reproduces the violation): persist it to survive an interruption. */
  readonly best: readonly number[];
}

/** Why a shrink stopped: `"time-budget"` means the wall-clock cap bit (the result then depends on the machine). */
export type ShrinkStop = "converged" | "time-budget" | "candidate-budget" | "not-reproduced";

/** The figures of one shrink. */
export interface ShrinkStats {
  /** Length of the sequence as given. */
  readonly decisionsBefore: number;
  readonly nonZeroBefore: number;
  /** Length of the result (always trimmed of trailing zeros). */
  readonly decisionsAfter: number;
  readonly nonZeroAfter: number;
  /** Target runs made (the cost); cache hits are counted apart. */
  readonly candidateRuns: number;
  /** The run budget that applied. */
  readonly candidateRunsMax: number;
  readonly cacheHits: number;
  /** Time taken by the injected clock, or `null` when none was given. */
  readonly ms: number | null;
  /** True when a full round of every pass changed nothing: a local minimum. */
  readonly converged: boolean;
  readonly rounds: number;
  readonly stoppedBy: ShrinkStop;
  /** Per pass, in the order each first ran: candidates tried, accepted, target runs spent. */
  readonly passes: readonly PassStats[];
}

/**
 * The result of `shrink`. When `reproduced` is false the sequence given did
 * not break the invariant at all: `choices` is it (trimmed) and `outcome` is
 * what it did instead.
 */
export interface ShrinkResult<O extends Outcome = Outcome> {
  readonly reproduced: boolean;
  readonly choices: number[];
  readonly outcome: O;
  readonly stats: ShrinkStats;
}

/**
 * Shrinks a failing choice sequence to a small one that breaks the same
 * invariant, knowing nothing about the protocol behind `target`.
 *
 * When to use: after `hunt` finds a violation, before showing or saving it.
 *
 * Guarantees: the result replays (zeros past its end) to a violation of the
 * same invariant; it is never larger than the input in shortlex order
 * (shorter, then lexicographically smaller), and it is trimmed of trailing
 * zeros; the search is deterministic (no ambient randomness, budget counted in
 * target runs), so the same input gives the same result on any machine;
 * `converged` means a whole round of passes changed nothing. Passes
 * (`defaultShrinkPasses`) run in rounds to a fixed point, those that helped
 * in a round first in the next; when a round changes nothing the final
 * passes (`defaultFinalShrinkPasses`) try to escape the local minimum, the
 * first that helps handing back to the main passes. Each candidate run is
 * cached by a hash of its sequence.
 *
 * Gotchas: budgets end the search early with `converged: false` and the
 * best result so far. The library never reads the wall clock: pass `clock`
 * (and `timeBudgetMs` as an outer cap, if at all).
 *
 * @example
 * ```ts
 * const small = shrink({ target, choices: found.choices, violation: found.outcome.violation, candidateRunsMax: 20_000 });
 * console.log(small.stats.decisionsBefore, "->", small.stats.decisionsAfter, small.stats.passes);
 * ```
 */
export function shrink<O extends Outcome>(options: ShrinkOptions<O>): ShrinkResult<O> {
  const candidateRunsMax = options.candidateRunsMax ?? options.maxCandidates ?? DEFAULT_CANDIDATE_RUNS_MAX;
  const state = new ShrinkState<O>({
    target: options.target,
    invariant: options.violation.invariant,
    candidateRunsMax,
    clock: options.clock,
    timeBudgetMs: options.timeBudgetMs,
    onProgress: options.onProgress,
  });
  const { choices } = options;
  const before = { decisions: choices.length, nonZero: countNonZero(choices) };
  const first = state.start(choices);
  const figures = (stoppedBy: ShrinkStop, passes: readonly PassStats[]): ShrinkStats => {
    const reproduced = stoppedBy !== "not-reproduced";
    return {
      decisionsBefore: before.decisions,
      nonZeroBefore: before.nonZero,
      decisionsAfter: reproduced ? state.best.length : before.decisions,
      nonZeroAfter: reproduced ? countNonZero(state.best) : before.nonZero,
      candidateRuns: state.runs,
      candidateRunsMax,
      cacheHits: state.hits,
      ms: state.elapsedMs(),
      converged: stoppedBy === "converged",
      rounds: state.rounds,
      stoppedBy,
      passes,
    };
  };
  if (!state.reproduces(first)) return { reproduced: false, choices: trimChoices(first.choices), outcome: first, stats: figures("not-reproduced", []) };
  const main = (options.passes ?? defaultShrinkPasses).map((name) => shrinkPasses[name]);
  const final = (options.finalPasses ?? (options.passes === undefined ? defaultFinalShrinkPasses : [])).map((name) => shrinkPasses[name]);
  const cleanup = (options.cleanupPasses ?? (options.passes === undefined ? defaultCleanupShrinkPasses : [])).map((name) => shrinkPasses[name]);
  const fixedPoint = new FixedPoint(state);
  const converged = fixedPoint.run(main, final, cleanup);
  const stoppedBy: ShrinkStop = converged ? "converged" : (state.stop ?? "converged");
  return { reproduced: true, choices: state.best, outcome: state.bestOutcome as O, stats: figures(stoppedBy, fixedPoint.stats()) };
}
