import { DEFAULT_CANDIDATE_RUNS_MAX, type StrategyName } from "@cx/search";
import { huntScenarioOverrides } from "@cx/sim";

/**
 * What the experiment's search-power phase runs: hunt campaigns of each
 * strategy on defects kept for evaluating search (mutants), not offered as
 * `--bugs` names, so that no part of the search was tuned on them.
 */
export interface MutantBenchmarkConfig {
  /** The mutants to hunt, among the defects of the mutant protocols given to `runExperiment` (`"all"`: every one). */
  readonly defects: "all" | readonly string[];
  /** The strategies compared; `random` is the baseline every other is held against (added when missing). */
  readonly strategies: readonly StrategyName[];
  /** Campaigns per cell (seeds 1 to this), each of at most `budget` runs: equal runs for every strategy. */
  readonly campaigns: number;
  readonly budget: number;
}

/**
 * The knobs of an experiment. Everything measured, apart from wall times,
 * is a pure function of this object (and the code).
 *
 * When to use: start from {@link fullExperiment} or {@link quickExperiment}
 * and override a field; tests use tiny configurations.
 *
 * @example
 * ```ts
 * const tiny: ExperimentConfig = { ...quickExperiment, bugs: ["vote_twice_in_term"], trialSeeds: [1] };
 * const everything: ExperimentConfig = { ...fullExperiment, bugs: "all" };
 * ```
 */
export interface ExperimentConfig {
  readonly strategies: readonly StrategyName[];
  /**
   * Defects to hunt, as a filter applied to every protocol's defects:
   * `"all"` (the real experiment), or names (each protocol hunts those of
   * its defects named here; every name must be a defect of some protocol).
   */
  readonly bugs: "all" | readonly string[];
  /**
   * Defects switched on in the trust run, by the same filter (none: each
   * protocol as written). Tests switch one on to see a trust failure handled.
   */
  readonly trustBugs: readonly string[];
  /** Trust run: seeds per strategy, and the budget of each hunt against correct Raft. */
  readonly trustSeeds: readonly number[];
  readonly trustBudget: number;
  /** Trials to first violation: first-round budget and seeds of every cell. */
  readonly trialBudget: number;
  readonly trialSeeds: readonly number[];
  /** A cell whose first round found nothing is run again with this budget on these seeds. */
  readonly escalatedBudget: number;
  readonly escalatedSeeds: readonly number[];
  /** Target runs a shrink may make (a count, not a time, so results reproduce). */
  readonly shrinkCandidatesMax: number;
  /**
   * Finds per defect (from the trials, strategy then seed order) shrunk one
   * by one for the normal-form figures (share reaching the same choice
   * list, spread of decisions); absent or 0 skips them.
   */
  readonly normalFormFinds?: number;
  /** Steps the story keeps at most. */
  readonly storyStepsMax: number;
  /** Throughput: runs per batch, and batches (the median is reported). */
  readonly throughputRuns: number;
  readonly throughputBatches: number;
  /** Linearizability corpus: search budget per history (histories beyond it count as unknown), or null to skip it. */
  readonly corpusBudgetSteps: number | null;
  /** Speed-up measurement: tasks of runs of the first protocol (no defects) timed on 1 and on 2 workers (0 tasks skips it). */
  readonly speedupTasks: number;
  readonly speedupRunsPerTask: number;
  /** Go on with the rest after a failed trust run (the figures are then marked meaningless). */
  readonly continueAfterTrustFailure: boolean;
  /**
   * Scenario options over each plug-in's own for every hunt (trust run and
   * trials) and every shrink of what they found; absent: the plug-in's
   * scenario. The full and quick experiments use what `cx hunt` records
   * (the drawn horizon and the swarm profile), so the figures are the ones
   * a user of `cx hunt` gets and the trust run draws every world feature.
   */
  readonly huntScenario?: Readonly<Record<string, number>> | undefined;
  /**
   * The search-power phase: strategies hunting the mutants of the protocols
   * given to `runExperiment` as `mutants` (absent, or no mutant protocols:
   * skipped).
   */
  readonly mutantBenchmark?: MutantBenchmarkConfig;
}

/**
 * The mutants random search found in at most half of 30 campaigns of 1,000
 * runs when they were chosen (results/search-power-mutants.json,
 * results/search-power-*-mutants-random.json): where guidance has room to show.
 */
const RARE_MUTANTS: readonly string[] = ["m_keep_match_index", "m_read_index_without_heartbeat", "m_commit_by_last_term", "m_reply_log_length", "m_count_stale_promises", "m_recovery_stops_at_chosen", "m_persist_promise_on_new_round"];

/** The full experiment's search-power phase: the rare mutants, random search against the portfolio and explore, at equal runs. */
const MUTANT_BENCHMARK: MutantBenchmarkConfig = { defects: RARE_MUTANTS, strategies: ["random", "portfolio", "explore"], campaigns: 30, budget: 1000 };

const STRATEGIES: readonly StrategyName[] = ["portfolio", "random", "coverage", "bandit", "explore"];

/**
 * The full experiment, for every protocol it is given, in the scenario
 * `cx hunt` runs: 100,000 schedules against the correct protocol (20 hunts
 * of 1,000 runs per strategy, so every world feature and every strategy's
 * mutants are in them); every
 * defect x five strategies (the portfolio, `cx hunt`'s default, first) x 30
 * campaigns at budget 1,000, so each cell's found rate has a Wilson
 * interval worth reading; one shrink per defect; throughput; then, once,
 * the linearizability corpus and the speed-up; and, when `runExperiment`
 * is given the mutant protocols, the rare mutants hunted by random search,
 * the portfolio and explore (30 campaigns of 1,000 runs per cell).
 */
export const fullExperiment: ExperimentConfig = {
  strategies: STRATEGIES,
  bugs: "all",
  trustBugs: [],
  trustSeeds: Array.from({ length: 20 }, (_, i) => 101 + i),
  trustBudget: 1000,
  trialBudget: 1000,
  trialSeeds: Array.from({ length: 30 }, (_, i) => i + 1),
  // The first round already runs 30 campaigns at the full budget: a miss gets no second round.
  escalatedBudget: 1000,
  escalatedSeeds: [],
  // What `cx hunt` shrinks with: the figures say whether the default budget is enough.
  shrinkCandidatesMax: DEFAULT_CANDIDATE_RUNS_MAX,
  normalFormFinds: 20,
  storyStepsMax: 15,
  throughputRuns: 200,
  throughputBatches: 5,
  corpusBudgetSteps: 5_000_000,
  speedupTasks: 16,
  // About three seconds of runs on one worker: a third of a second (60 runs a task) timed mostly the workers' start.
  speedupRunsPerTask: 600,
  continueAfterTrustFailure: false,
  huntScenario: huntScenarioOverrides,
  mutantBenchmark: MUTANT_BENCHMARK,
};

/**
 * The same shape at a fraction of the cost, for smoke tests (`cx bench --quick`):
 * every cell and every defect is present, with fewer seeds and smaller budgets.
 */
export const quickExperiment: ExperimentConfig = {
  ...fullExperiment,
  trustSeeds: [101],
  trustBudget: 60,
  trialBudget: 150,
  trialSeeds: [1, 2, 3],
  escalatedBudget: 150,
  escalatedSeeds: [],
  shrinkCandidatesMax: 300,
  normalFormFinds: 2,
  throughputRuns: 40,
  throughputBatches: 3,
  corpusBudgetSteps: 300_000,
  speedupTasks: 8,
  speedupRunsPerTask: 25,
  mutantBenchmark: { ...MUTANT_BENCHMARK, campaigns: 2, budget: 100 },
};
