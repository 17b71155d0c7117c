import type { StrategyName } from "@cx/search";
import type { CampaignSummary, Interval } from "./campaign-statistics.js";
import type { ExperimentConfig } from "./experiment-config.js";

/** The version of the {@link ExperimentResults} format; bumped on any incompatible change. */
export const RESULTS_SCHEMA_VERSION = 2 as const;

/** Which strategies the experiment compares: @cx/search's names, re-exported for readers of results. */
export type { StrategyName };

/** A broken property as stored in results: which invariant, and the sentence for people. */
export interface ViolationRecord {
  readonly invariant: string;
  readonly message: string;
  /** Simulated time and event-queue step where it broke. */
  readonly time: number;
  readonly step: number;
}

/** The machine and software a results file was measured on. */
export interface MachineInfo {
  readonly platform: string;
  readonly release: string;
  readonly arch: string;
  /** `os.cpus()[0].model`. */
  readonly cpuModel: string;
  /** `os.availableParallelism()`. */
  readonly cores: number;
  readonly memoryBytes: number;
  readonly nodeVersion: string;
  /** `os.loadavg()` when the experiment started: other work on the machine skews every wall time. */
  readonly loadAverage: readonly number[];
}

/** One hunt: one strategy, one seed, at most `budget` runs, stopping at the first violation. */
export interface HuntRecord {
  readonly seed: number;
  readonly budget: number;
  readonly found: boolean;
  /** Runs made: the trial of the first violation when found, else the budget. */
  readonly trials: number;
  readonly violation: ViolationRecord | null;
  /** Length of the failing choice sequence (null when not found). */
  readonly decisions: number | null;
  /** Simulated events over all the runs of the hunt. */
  readonly events: number;
  /** Wall time of the hunt in its worker (not deterministic; every other field is). */
  readonly ms: number;
}

/** The trust run of one strategy against the correct protocol. */
export interface TrustRow {
  readonly strategy: StrategyName;
  readonly hunts: readonly HuntRecord[];
  readonly schedules: number;
  readonly violations: number;
}

/** Part 1 of the experiment, per protocol: every strategy against the correct protocol; any violation makes the rest meaningless. */
export interface TrustResults {
  readonly passed: boolean;
  readonly schedules: number;
  readonly violations: number;
  readonly rows: readonly TrustRow[];
  /** The first violation found, if any, with the choices that reproduce it on the correct protocol. */
  readonly firstViolation: { readonly strategy: StrategyName; readonly seed: number; readonly violation: ViolationRecord; readonly choices: readonly number[] } | null;
}

/** One round of hunts of a cell at one budget. */
export interface TrialsRound {
  readonly budget: number;
  readonly hunts: readonly HuntRecord[];
  readonly found: number;
  readonly seeds: number;
}

/**
 * One cell of the trials-to-first-violation table: one defect, one strategy.
 * A cell whose first round found nothing gets a second round with a larger
 * budget on the same seeds (a hunt's first N trials do not depend on its
 * budget, so the second round extends the first).
 */
export interface TrialsCell {
  readonly bug: string;
  readonly strategy: StrategyName;
  readonly rounds: readonly TrialsRound[];
  /** Figures of the last round. */
  readonly budget: number;
  readonly found: number;
  readonly seeds: number;
  /** Trials of each seed in the last round (null: not found within the budget). */
  readonly trials: readonly (number | null)[];
  /** Median over all seeds, counting a miss as more than the budget; null when half or more missed. */
  readonly medianTrials: number | null;
  /** The found rate's 95% Wilson interval (fractions); absent in files written before it. */
  readonly foundInterval?: Interval | undefined;
  /** The median's distribution-free 95% interval (a null bound: beyond the budget); absent in files written before it. */
  readonly medianTrialsInterval?: Interval | undefined;
  /** Invariants that caught it, with how many seeds each. */
  readonly invariants: Readonly<Record<string, number>>;
}

/** The minimised counterexample of one defect: enough to read it, draw it and replay it. */
export interface Counterexample {
  readonly bugs: readonly string[];
  /** Replaying these (zeros past the end) on the protocol with `bugs` and its scenario reproduces `violation`. */
  readonly choices: readonly number[];
  readonly violation: ViolationRecord;
  /** The faults the run held before its failure, by kind (see `faultShape`); absent from older results. */
  readonly faultShape?: string;
  readonly storyHeadline: string;
  /** The numbered story as shown, one plain (unescaped) line per step: at most the configured `storyStepsMax`. */
  readonly storySteps: readonly { readonly number: number; readonly time: number; readonly kind: string; readonly text: string }[];
  /** Every step the story had before the display cap (`storySteps.length` of them are shown). */
  readonly storyStepsTotal: number;
  /** The story as rendered for a terminal by @cx/viz. */
  readonly storyText: string;
  /** The space-time diagram from @cx/viz (an SVG document; untrusted by readers: embed it as an image); empty when `renderError`. */
  readonly svg: string;
  /** Why the story or diagram is missing (a renderer failed), or null. */
  readonly renderError: string | null;
  /** A ready repro.json (format version 1) for `cx replay`. */
  readonly repro: string;
}

/** One row of the shrink table: one found failure of one defect, shrunk. */
export interface ShrinkRow {
  readonly bug: string;
  /** Which hunt found the failure that was shrunk. */
  readonly source: { readonly strategy: StrategyName; readonly seed: number; readonly budget: number; readonly trials: number } | null;
  /** `not-found`: no hunt found this defect, so nothing was shrunk. */
  readonly status: "shrunk" | "not-found" | "not-reproduced";
  readonly decisionsBefore: number | null;
  readonly decisionsAfter: number | null;
  readonly nonZeroBefore: number | null;
  readonly nonZeroAfter: number | null;
  /** Steps of the full story, every one counted (null when there is no story). */
  readonly storyStepsTotal: number | null;
  /** Of those, the steps shown (the story keeps at most the configured `storyStepsMax`). */
  readonly storyStepsShown: number | null;
  readonly candidateRuns: number | null;
  readonly converged: boolean | null;
  readonly stoppedBy: string | null;
  /** Wall time of the shrink (not deterministic). */
  readonly ms: number | null;
  /** The shrunk choices replayed to the same invariant and the same message. */
  readonly replaysExactly: boolean | null;
  readonly counterexample: Counterexample | null;
  /**
   * How the shrink went: `[candidate runs so far, decisions left]`, at the
   * start (0 runs, the found length) and at every improvement, the last
   * point at the final run count. Absent in results written before it was
   * recorded.
   */
  readonly progress?: readonly (readonly [number, number])[] | undefined;
  /** The shrinker's normal form for this defect: its finds in the trials shrunk one by one (absent when the config asks for none). */
  readonly normalForm?: NormalFormSummary | null;
}

/** How canonical the shrinker's output is for one defect, over several independent finds each shrunk alone. */
export interface NormalFormSummary {
  readonly finds: number;
  /** Share of the finds that shrank to the most common choice list. */
  readonly normalFormRate: number;
  readonly distinctLists: number;
  /** Decisions after shrinking: the spread over the finds (null when none reproduced). */
  readonly decisionsMin: number | null;
  readonly decisionsMedian: number | null;
  readonly decisionsMax: number | null;
  readonly candidateRunsMedian: number;
  /** How many of the shrinks converged (a whole round of passes changed nothing); the others stopped at the budget (absent from older results). */
  readonly converged?: number;
  /** The same figures for the finds of each invariant broken, most finds first (absent from older results): the shrinker keeps a find's invariant, so finds of different invariants never share a list. */
  readonly byInvariant?: readonly InvariantNormalForm[];
  /**
   * The same figures for the finds of each failure, most finds first
   * (absent from older results): one invariant broken through one shape of
   * faults (see `faultShape`). Finds of different shapes broke the defect
   * in different ways, which no shrink turns into one another; finds of one
   * shape on different lists are what the shrinker itself left unsettled.
   */
  readonly byFailure?: readonly FailureNormalForm[];
}

/** The normal-form figures of the finds of one defect that broke one invariant through one shape of faults. */
export interface FailureNormalForm extends InvariantNormalForm {
  readonly faultShape: string;
}

/** The normal-form figures of the finds of one defect that broke one invariant. */
export interface InvariantNormalForm {
  readonly invariant: string;
  readonly finds: number;
  /** Share of these finds that shrank to their most common choice list. */
  readonly normalFormRate: number;
  readonly distinctLists: number;
  readonly decisionsMin: number | null;
  readonly decisionsMax: number | null;
}

/** Throughput of the protocol's scenario with no defect, single thread. */
export interface ThroughputResults {
  readonly runs: number;
  readonly batches: number;
  /** Medians over the batches. */
  readonly runsPerSecond: number;
  readonly eventsPerSecond: number;
  readonly meanEventsPerRun: number;
  /** The same runs with every monitor switched off (the baseline measured in the same process). */
  readonly baselineRunsPerSecond: number;
  /** runsPerSecond / baselineRunsPerSecond: what checking costs. */
  readonly ratioToBaseline: number;
  /** Runs stopped by a run limit (a protocol whose messages or timers never let up); absent when none was. */
  readonly runaways?: number;
}

/** One corpus history checked. */
export interface CorpusRecord {
  readonly file: string;
  readonly model: string;
  readonly ops: number;
  readonly expected: "ok" | "illegal";
  readonly verdict: "ok" | "illegal" | "unknown";
  readonly ms: number;
  readonly porcupineMs: number;
  readonly steps: number | null;
}

/** Linearizability checking time on the shared corpus against Porcupine's recorded times. */
export interface CorpusResults {
  readonly directory: string;
  readonly histories: number;
  readonly matched: number;
  readonly mismatched: number;
  readonly unknown: number;
  readonly budgetSteps: number;
  readonly totalMs: number;
  readonly porcupineTotalMs: number;
  /** Over histories with a verdict (not unknown): our time and Porcupine's, and their ratio. */
  readonly decidedMs: number;
  readonly decidedPorcupineMs: number;
  readonly ratioToPorcupine: number;
  readonly records: readonly CorpusRecord[];
}

/** Wall time of the same fixed work on 1 and on 2 workers (best of interleaved repetitions), and whether all results agreed. */
export interface SpeedupResults {
  /** The protocol whose runs were timed (the first of the experiment). */
  readonly protocol: string;
  readonly tasks: number;
  readonly runsPerTask: number;
  readonly oneWorkerMs: number;
  readonly twoWorkersMs: number;
  readonly speedup: number;
  /**
   * CPU time over wall time of the 2-worker measurement: the cores the
   * process actually got. Well below 2 means other work on the machine took
   * the second core, and the speed-up says more about the machine than cx.
   */
  readonly twoWorkersCores: number;
  readonly identical: boolean;
}

/** One (mutant, strategy) cell: its campaigns summarised, and whether it beat random search. */
export interface MutantRow extends CampaignSummary {
  /** The mutant protocol's plug-in name. */
  readonly protocol: string;
  readonly defect: string;
  readonly strategy: StrategyName;
  /** Runs over every campaign of the cell. */
  readonly runs: number;
  /** Wall time of those runs in the workers (not deterministic). */
  readonly ms: number;
  /** At least twice random search's found rate on the same mutant, with 95% intervals that do not overlap (always false for random). */
  readonly beatsRandom: boolean;
}

/** The search-power phase's results. */
export interface MutantBenchmarkResults {
  readonly campaigns: number;
  readonly budget: number;
  readonly strategies: readonly StrategyName[];
  readonly rows: readonly MutantRow[];
  /** Per strategy, its wall time per run over random's, over every campaign of the phase: machine-dependent, for reading the table at equal time. */
  readonly costPerRun: readonly { readonly strategy: StrategyName; readonly overRandom: number | null }[];
}

/** One shrink pass's work summed over many shrinks (see `accountPasses`). */
export interface PassAccount {
  readonly name: string;
  /** Candidates it proposed, those answered from the cache included. */
  readonly tried: number;
  /** New bests it made. */
  readonly accepted: number;
  /** Target runs it spent. */
  readonly runs: number;
  /** Shrinks where it made at least one new best. */
  readonly findsHelped: number;
}

/** Whether a section of the results was measured. */
export type SectionStatus = "done" | "skipped" | "pending";

/** Per strategy: defects with at least one seed that found them, seeds that found one, and the median trials when found. */
export interface StrategyHeadline {
  readonly strategy: StrategyName;
  readonly bugsFound: number;
  readonly seedsFound: number;
  readonly seeds: number;
  readonly medianTrials: number | null;
}

/** What a person reads first about one protocol (or, in {@link Headline}, about all of them). */
export interface ProtocolHeadline {
  readonly trustSchedules: number;
  readonly trustViolations: number;
  readonly bugsFound: number;
  readonly bugsTotal: number;
  readonly byStrategy: readonly StrategyHeadline[];
  readonly medianDecisionsBefore: number | null;
  readonly medianDecisionsAfter: number | null;
  /** Median length of the shrunk counterexamples' stories, every step counted. */
  readonly medianStorySteps: number | null;
  /** Median of the steps shown (after the display cap): never quote this as the story length. */
  readonly medianStoryStepsShown: number | null;
  readonly runsPerSecond: number | null;
  readonly eventsPerSecond: number | null;
}

/** What a person reads first: every protocol together (throughput stays per protocol), the corpus and the speed-up. */
export interface Headline extends Omit<ProtocolHeadline, "runsPerSecond" | "eventsPerSecond"> {
  /** The protocols covered, in order. */
  readonly protocols: readonly string[];
  readonly corpusRatioToPorcupine: number | null;
  readonly speedup: number | null;
}

/**
 * Everything measured for one protocol: its trust run, trials table, shrink
 * table and throughput, with the plug-in's name, version and the defects
 * hunted.
 */
export interface ProtocolResults {
  /** The plug-in's short name (`raft`). */
  readonly name: string;
  readonly version: string;
  readonly summary: string;
  /** The defects hunted (the config's `bugs` filter applied to the plug-in's defects). */
  readonly bugs: readonly { readonly name: string; readonly mistake: string; readonly caughtBy: string }[];
  readonly headline: ProtocolHeadline;
  readonly trust: TrustResults;
  /** `skipped` when this protocol's trust run failed and the experiment stopped there; `pending` while it runs. */
  readonly trials: { readonly status: SectionStatus; readonly cells: readonly TrialsCell[] };
  readonly shrinks: { readonly status: SectionStatus; readonly rows: readonly ShrinkRow[] };
  readonly throughput: ThroughputResults | null;
  /** Every shrink pass's work over this protocol's shrinks (absent from older results). */
  readonly passes?: { readonly shrinks: number; readonly rows: readonly PassAccount[] };
}

/**
 * Everything one experiment measured: the content of `results/results.json`.
 *
 * When to use: reading results (apps/report, a notebook) or writing them
 * (`runExperiment`). One section per protocol (`protocols`), and once for
 * the whole experiment the linearizability corpus and the speed-up (on the
 * first protocol); the report and summary are made from it alone.
 *
 * Gotchas: wall times (`ms`, throughput, speed-up, timestamps) differ from
 * run to run; everything else is a pure function of `config` and the code
 * (see `deterministicView`). Strings come from runs and must be escaped by
 * whoever renders them; `svg` is markup from @cx/viz and should be shown
 * as an image, not inlined.
 *
 * @example
 * ```ts
 * const results = JSON.parse(readFileSync("results/results.json", "utf8")) as ExperimentResults;
 * console.log(results.headline.bugsFound, "/", results.headline.bugsTotal);
 * for (const p of results.protocols) console.log(p.name, p.headline.bugsFound, "/", p.headline.bugsTotal);
 * ```
 */
export interface ExperimentResults {
  readonly schemaVersion: typeof RESULTS_SCHEMA_VERSION;
  readonly kind: "cx-experiment";
  /** False while the experiment is still running (or was interrupted): later sections are `pending` or null. */
  readonly complete: boolean;
  readonly mode: "full" | "quick" | "custom";
  readonly cxVersion: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly elapsedMs: number;
  readonly machine: MachineInfo;
  readonly workers: number;
  /** Tasks taken from the resume cache instead of run. */
  readonly resumedTasks: number;
  readonly config: ExperimentConfig;
  readonly headline: Headline;
  /** One section per protocol, in the order they were given. */
  readonly protocols: readonly ProtocolResults[];
  /** True when every protocol's trust run passed. */
  readonly trustPassed: boolean;
  readonly corpus: CorpusResults | null;
  readonly speedup: SpeedupResults | null;
  /** The search-power phase on the mutant benchmark; null when skipped, absent from documents made before it existed. */
  readonly mutants?: MutantBenchmarkResults | null;
}
