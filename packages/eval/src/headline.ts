import { median } from "./median.js";
import type { CorpusResults, Headline, ProtocolHeadline, ShrinkRow, SpeedupResults, StrategyHeadline, StrategyName, ThroughputResults, TrialsCell, TrustResults } from "./results.js";

/** The sections of one protocol that {@link computeProtocolHeadline} reads. */
export interface HeadlineInput {
  readonly trust: TrustResults | null;
  readonly cells: readonly TrialsCell[];
  readonly shrinks: readonly ShrinkRow[];
  readonly throughput: ThroughputResults | null;
  readonly bugsTotal: number;
  readonly strategies: readonly StrategyName[];
}

type Part = Omit<HeadlineInput, "throughput" | "strategies">;

const medianOrNull = (values: readonly number[]): number | null => (values.length === 0 ? null : median(values));

/** The figures every headline shares, over one protocol or several (defects are counted per protocol: two protocols may name a defect alike). */
function summarize(parts: readonly Part[], strategies: readonly StrategyName[]): Omit<ProtocolHeadline, "runsPerSecond" | "eventsPerSecond"> {
  const cells = parts.flatMap((p) => p.cells);
  const shrunk = parts.flatMap((p) => p.shrinks).filter((r) => r.status === "shrunk");
  const byStrategy = strategies.map((strategy): StrategyHeadline => {
    const mine = cells.filter((c) => c.strategy === strategy);
    return {
      strategy,
      bugsFound: mine.filter((c) => c.found > 0).length,
      seedsFound: mine.reduce((n, c) => n + c.found, 0),
      seeds: mine.reduce((n, c) => n + c.seeds, 0),
      medianTrials: medianOrNull(mine.flatMap((c) => c.trials.filter((t): t is number => t !== null))),
    };
  });
  return {
    trustSchedules: parts.reduce((n, p) => n + (p.trust?.schedules ?? 0), 0),
    trustViolations: parts.reduce((n, p) => n + (p.trust?.violations ?? 0), 0),
    bugsFound: parts.reduce((n, p) => n + new Set(p.cells.filter((c) => c.found > 0).map((c) => c.bug)).size, 0),
    bugsTotal: parts.reduce((n, p) => n + p.bugsTotal, 0),
    byStrategy,
    medianDecisionsBefore: medianOrNull(shrunk.map((r) => r.decisionsBefore ?? 0)),
    medianDecisionsAfter: medianOrNull(shrunk.map((r) => r.decisionsAfter ?? 0)),
    medianStorySteps: medianOrNull(shrunk.flatMap((r) => (r.storyStepsTotal === null ? [] : [r.storyStepsTotal]))),
    medianStoryStepsShown: medianOrNull(shrunk.flatMap((r) => (r.storyStepsShown === null ? [] : [r.storyStepsShown]))),
  };
}

/**
 * The figures a person reads first about one protocol, derived from its sections.
 *
 * Gotchas: `medianStorySteps` counts every step of each story; the steps
 * shown after the display cap are `medianStoryStepsShown`.
 *
 * @example
 * ```ts
 * computeProtocolHeadline({ trust, cells, shrinks, throughput, bugsTotal: 8, strategies: ["random"] }).bugsFound;
 * ```
 */
export function computeProtocolHeadline(input: HeadlineInput): ProtocolHeadline {
  return {
    ...summarize([input], input.strategies),
    runsPerSecond: input.throughput?.runsPerSecond ?? null,
    eventsPerSecond: input.throughput?.eventsPerSecond ?? null,
  };
}

/**
 * The figures a person reads first about the whole experiment: every
 * protocol's trust run, defects and shrinks together, the corpus and the
 * speed-up.
 *
 * @example
 * ```ts
 * computeHeadline({ protocols: [{ name: "raft", trust, cells, shrinks, bugsTotal: 8 }], strategies: ["random"], corpus: null, speedup: null }).bugsFound;
 * ```
 */
export function computeHeadline(input: {
  readonly protocols: readonly (Part & { readonly name: string })[];
  readonly strategies: readonly StrategyName[];
  readonly corpus: CorpusResults | null;
  readonly speedup: SpeedupResults | null;
}): Headline {
  return {
    protocols: input.protocols.map((p) => p.name),
    ...summarize(input.protocols, input.strategies),
    corpusRatioToPorcupine: input.corpus === null || !Number.isFinite(input.corpus.ratioToPorcupine) ? null : input.corpus.ratioToPorcupine,
    speedup: input.speedup?.speedup ?? null,
  };
}
