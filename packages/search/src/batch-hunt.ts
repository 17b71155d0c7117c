import { withFeedback, type Feedback } from "./feedback.js";
import type { HuntFound, HuntNotFound, TrialReport } from "./hunt.js";
import { createStrategy, type ChoicesSpec, type Proposal, type StrategyName } from "./strategy.js";
import type { Outcome } from "./target.js";

/**
 * Trials per batch of a batched hunt. Part of its meaning (a guided strategy
 * sees a batch's outcomes only after the whole batch), so it is fixed, never
 * derived from the number of workers.
 */
export const HUNT_BATCH_TRIALS = 16;

/**
 * Batches a batched hunt has proposed and not yet observed: while the
 * strategy reads one, the workers run the others, so they never wait for
 * it, and a long run at the end of one batch does not leave a worker idle.
 * Part of the hunt's meaning too (a guided strategy sees an outcome this
 * many batches late), so fixed.
 */
export const BATCHES_IN_FLIGHT = 2;

/** What {@link huntInBatches} needs. */
export interface BatchHuntOptions<O extends Outcome = Outcome> {
  readonly strategy: StrategyName;
  readonly budget: number;
  readonly seed: number;
  /** What guided strategies count as new (default `protocol`), as in `hunt`. */
  readonly feedback?: Feedback;
  /**
   * Runs a batch of proposed runs, anywhere (worker threads, processes),
   * and returns their outcomes in the same order. Each outcome must be what
   * the target returns for `choicesFromSpec(spec)`; where `coverage[i]` is
   * false the strategy never reads that run's coverage, so it may run on a
   * target that leaves the probes out.
   */
  runBatch(specs: readonly ChoicesSpec[], coverage: readonly boolean[]): Promise<readonly O[]>;
  /** Trials per batch; {@link HUNT_BATCH_TRIALS} unless a test says otherwise. */
  readonly batchTrials?: number;
  readonly onTrial?: (report: TrialReport) => void;
}

/** A proposed batch whose outcomes are on their way. */
interface InFlight<O extends Outcome> {
  readonly first: number;
  readonly proposals: readonly Proposal[];
  readonly outcomes: Promise<readonly O[]>;
}

/** What a batched hunt returns: as `hunt`'s result, with the batches it ran. */
export type BatchHuntResult<O extends Outcome = Outcome> = (HuntFound<O> | HuntNotFound) & { readonly batches: number };

/**
 * A hunt whose runs can go to many workers at once: the strategy proposes
 * a whole batch of trials, `runBatch` runs them (in parallel), and the
 * outcomes are observed in trial order. Two batches are in flight: batch
 * k + 1 is proposed when batch k - 1 has been observed, so the workers
 * never wait for the strategy. The hunt stops after the first batch with a
 * violation and reports the violation of the lowest trial index in it.
 *
 * When to use: `cx hunt --workers N`. The batches do not depend on how
 * `runBatch` spreads them, so the answer (trial, choices, violation) is the
 * same for any number of workers.
 *
 * Gotchas: for `random` the trials are exactly `hunt`'s; a guided strategy
 * observes a batch's outcomes only after proposing all of it and the batch
 * after it, so its later trials differ from a sequential `hunt` with the
 * same seed. A find abandons the batch after it, already running: up to
 * one batch of runs more than the trials reported.
 *
 * @example
 * ```ts
 * const result = await huntInBatches({ strategy: "random", budget: 1000, seed: 1, runBatch: async (specs) => specs.map((s) => target.run(choicesFromSpec(s))) });
 * ```
 */
export async function huntInBatches<O extends Outcome>(options: BatchHuntOptions<O>): Promise<BatchHuntResult<O>> {
  const { budget, seed, onTrial } = options;
  const feedback = options.feedback ?? "protocol";
  const size = Math.max(1, Math.floor(options.batchTrials ?? HUNT_BATCH_TRIALS));
  const strategy = createStrategy(options.strategy, seed);
  const summary = (trials: number, batches: number) => ({
    strategy: options.strategy,
    seed,
    trials,
    batches,
    coverage: strategy.coverage,
    corpusSize: strategy.corpusSize,
    operatorStats: strategy.operatorStats(),
  });
  // Batches k + 1 .. k + BATCHES_IN_FLIGHT - 1 are proposed before batch k is observed, so the workers run them while the strategy reads it.
  const start = (first: number): InFlight<O> | null => {
    if (first >= budget) return null;
    const proposals: Proposal[] = [];
    for (let t = first; t < Math.min(budget, first + size); t++) proposals.push(strategy.propose(t));
    const outcomes = options.runBatch(
      proposals.map((p) => p.spec),
      proposals.map((p) => p.coverage),
    );
    // A batch still running when an earlier one finds is abandoned: its failure must not surface as an unhandled rejection.
    outcomes.catch(() => undefined);
    return { first, proposals, outcomes };
  };
  let batches = 0;
  const inFlight: InFlight<O>[] = [];
  for (let k = 0; k < BATCHES_IN_FLIGHT; k++) {
    const batch = start(k * size);
    if (batch !== null) inFlight.push(batch);
  }
  for (let current = inFlight.shift(); current !== undefined; current = inFlight.shift()) {
    const { first, proposals } = current;
    const outcomes = await current.outcomes;
    batches++;
    let found: { trial: number; outcome: O } | null = null;
    proposals.forEach((proposal, i) => {
      const outcome = outcomes[i];
      if (outcome === undefined) throw new Error(`runBatch returned ${outcomes.length} outcomes for ${proposals.length} runs`);
      strategy.observe(proposal, withFeedback(outcome, feedback));
      const trial = first + i + 1;
      const violation = outcome.violation !== null;
      if (violation && found === null) found = { trial, outcome };
      onTrial?.({ trial, budget, coverage: strategy.coverage, corpusSize: strategy.corpusSize, violation });
    });
    if (found !== null) {
      const { trial, outcome } = found as { trial: number; outcome: O };
      return { ...summary(trial, batches), found: true, outcome, choices: [...outcome.choices] };
    }
    const later = start(first + BATCHES_IN_FLIGHT * size);
    if (later !== null) inFlight.push(later);
  }
  return { ...summary(budget, batches), found: false };
}
