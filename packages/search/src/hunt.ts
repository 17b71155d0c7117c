import { withFeedback, type Feedback } from "./feedback.js";
import type { OperatorStats, StrategyName } from "./strategy.js";
import { createStrategy } from "./strategy.js";
import type { Outcome, Target } from "./target.js";

/** What `hunt` needs. */
export interface HuntOptions<O extends Outcome = Outcome> {
  readonly target: Target<O>;
  /**
   * The same target with its coverage probes left out (a plug-in's
   * `createTarget({ coverage: false })`), for the runs whose coverage the
   * strategy never reads (every random run, a portfolio's random half): the
   * same runs for less work. Without it every run goes to `target`.
   */
  readonly bareTarget?: Target<O>;
  readonly strategy: StrategyName;
  /** The most runs to make. */
  readonly budget: number;
  /** Everything the hunt does follows from it. */
  readonly seed: number;
  /** What guided strategies count as new (default `protocol`); `behaviours` and `both` need a target that records them. */
  readonly feedback?: Feedback;
  /** Called after every run (for a progress bar). */
  readonly onTrial?: (report: TrialReport) => void;
}

/** Progress after one run of a hunt. */
export interface TrialReport {
  /** 1-based: the number of runs made so far. */
  readonly trial: number;
  readonly budget: number;
  /** Distinct coverage features seen so far. */
  readonly coverage: number;
  readonly corpusSize: number;
  readonly violation: boolean;
}

interface HuntSummary {
  readonly strategy: StrategyName;
  readonly seed: number;
  /** Runs made, including the one that found the violation. */
  readonly trials: number;
  readonly coverage: number;
  readonly corpusSize: number;
  /** Per-operator pulls and reward (bandit only; empty otherwise). */
  readonly operatorStats: OperatorStats[];
}

/** A hunt that found a violation: the run, and the choices it consumed (replay them to reproduce it). */
export interface HuntFound<O extends Outcome = Outcome> extends HuntSummary {
  readonly found: true;
  readonly outcome: O;
  readonly choices: number[];
}

/** A hunt that spent its budget without a violation. */
export interface HuntNotFound extends HuntSummary {
  readonly found: false;
}

/** The result of `hunt`, discriminated on `found`. */
export type HuntResult<O extends Outcome = Outcome> = HuntFound<O> | HuntNotFound;

/**
 * Runs `target` up to `budget` times with the chosen strategy and stops at
 * the first violation.
 *
 * When to use: to find a failing choice sequence; then `shrink` it.
 *
 * Gotchas: deterministic given `seed` (and a deterministic target): the
 * same options find the same violation after the same number of trials.
 * The returned `choices` may be long; shrink before saving.
 *
 * @example
 * ```ts
 * const result = hunt({ target, strategy: "bandit", budget: 10_000, seed: 1 });
 * if (result.found) console.log(result.trials, result.outcome.violation);
 * ```
 */
export function hunt<O extends Outcome>(options: HuntOptions<O>): HuntResult<O> {
  const { target, bareTarget, budget, seed, onTrial } = options;
  const feedback = options.feedback ?? "protocol";
  const strategy = createStrategy(options.strategy, seed);
  const summary = (trials: number): HuntSummary => ({
    strategy: options.strategy,
    seed,
    trials,
    coverage: strategy.coverage,
    corpusSize: strategy.corpusSize,
    operatorStats: strategy.operatorStats(),
  });
  for (let t = 0; t < budget; t++) {
    const proposal = strategy.propose(t);
    const outcome = (proposal.coverage || bareTarget === undefined ? target : bareTarget).run(proposal.source);
    strategy.observe(proposal, withFeedback(outcome, feedback));
    const violation = outcome.violation !== null;
    onTrial?.({ trial: t + 1, budget, coverage: strategy.coverage, corpusSize: strategy.corpusSize, violation });
    if (violation) return { ...summary(t + 1), found: true, outcome, choices: [...outcome.choices] };
  }
  return { ...summary(budget), found: false };
}
