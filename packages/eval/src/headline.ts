import { median } from "./median.js";
import type { CorpusResults, Headline, ShrinkRow, SpeedupResults, StrategyName, ThroughputResults, TrialsCell, TrustResults } from "./results.js";

/** What {@link computeHeadline} reads. */
export interface HeadlineInput {
  readonly trust: TrustResults | null;
  readonly cells: readonly TrialsCell[];
  readonly shrinks: readonly ShrinkRow[];
  readonly throughput: ThroughputResults | null;
  readonly corpus: CorpusResults | null;
  readonly speedup: SpeedupResults | null;
  readonly bugsTotal: number;
  readonly strategies: readonly StrategyName[];
}

const medianOrNull = (values: readonly number[]): number | null => (values.length === 0 ? null : median(values));

/**
 * The figures a person reads first, derived from the sections of a results file.
 *
 * @example
 * ```ts
 * computeHeadline({ trust, cells, shrinks, throughput, corpus, speedup, bugsTotal: 8, strategies: ["random"] }).bugsFound;
 * ```
 */
export function computeHeadline(input: HeadlineInput): Headline {
  const foundBugs = new Set(input.cells.filter((c) => c.found > 0).map((c) => c.bug));
  const shrunk = input.shrinks.filter((r) => r.status === "shrunk");
  return {
    trustSchedules: input.trust?.schedules ?? 0,
    trustViolations: input.trust?.violations ?? 0,
    bugsFound: foundBugs.size,
    bugsTotal: input.bugsTotal,
    byStrategy: input.strategies.map((strategy) => {
      const cells = input.cells.filter((c) => c.strategy === strategy);
      const trials = cells.flatMap((c) => c.trials.filter((t): t is number => t !== null));
      return {
        strategy,
        bugsFound: cells.filter((c) => c.found > 0).length,
        seedsFound: cells.reduce((n, c) => n + c.found, 0),
        seeds: cells.reduce((n, c) => n + c.seeds, 0),
        medianTrials: medianOrNull(trials),
      };
    }),
    medianDecisionsBefore: medianOrNull(shrunk.map((r) => r.decisionsBefore ?? 0)),
    medianDecisionsAfter: medianOrNull(shrunk.map((r) => r.decisionsAfter ?? 0)),
    medianStorySteps: medianOrNull(shrunk.flatMap((r) => (r.storySteps === null ? [] : [r.storySteps]))),
    runsPerSecond: input.throughput?.runsPerSecond ?? null,
    eventsPerSecond: input.throughput?.eventsPerSecond ?? null,
    corpusRatioToPorcupine: input.corpus === null || !Number.isFinite(input.corpus.ratioToPorcupine) ? null : input.corpus.ratioToPorcupine,
    speedup: input.speedup?.speedup ?? null,
  };
}
