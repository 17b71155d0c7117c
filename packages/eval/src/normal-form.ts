import { checkLinearizability, registerModel, type Model } from "@cx/check";
import { hunt, shrink, type PassStats, type ShrinkOptions, type StrategyName } from "@cx/search";
import { ReplayedChoices, type ProtocolPlugin, type RunResult, type ScenarioOptions } from "@cx/sim";
import { tellStory } from "@cx/viz";
import { median } from "./median.js";
import { faultShape } from "./fault-shape.js";
import { normalFormSummary, sameListFigures, sharedFailureAgreement } from "./normal-form-summary.js";

/** What one normal-form measurement runs: per defect, `seeds` independent hunts, each find shrunk alone. */
export interface NormalFormSpec {
  /** The protocol whose defects are hunted. */
  readonly plugin: ProtocolPlugin;
  /** Defects to measure (absent: every defect of the protocol). */
  readonly bugs?: readonly string[];
  /** How many hunt seeds per defect, from `firstSeed`; each find is shrunk on its own. */
  readonly seeds: number;
  /** The first hunt seed (default 1): another range gives finds the shrinker was never tuned on. */
  readonly firstSeed?: number;
  readonly huntBudget: number;
  readonly strategy: StrategyName;
  /** Scenario options of the hunts and shrinks (absent: the protocol's). */
  readonly scenario?: Partial<ScenarioOptions>;
  /** Extra shrink options (budgets, passes); the target, choices and violation are filled in. */
  readonly shrink?: Omit<ShrinkOptions, "target" | "choices" | "violation">;
  /** Called after each find is shrunk. */
  readonly onFind?: (bug: string, seed: number, find: NormalFormFind) => void;
  /**
   * Finds to shrink instead of hunting (e.g. saved by an earlier run through
   * `onHunt`): per defect, the finds of the same seeds in this list are
   * shrunk, so two shrinkers are compared on the very same finds.
   */
  readonly finds?: readonly HuntedFind[];
  /** Called after each hunt that found something, before the shrink: save it to compare shrinkers later. */
  readonly onHunt?: (find: HuntedFind) => void;
  /** The sequential model of the client history, to date a linearizability failure (default: the register model). */
  readonly model?: Model<unknown, unknown, unknown>;
}

/** What a hunt found, before shrinking: the input of a shrink. */
export interface HuntedFind {
  readonly bug: string;
  readonly seed: number;
  readonly choices: readonly number[];
  readonly invariant: string;
}

/** One find, shrunk. */
export interface NormalFormFind {
  readonly invariant: string;
  readonly choices: readonly number[];
  readonly decisions: number;
  readonly nonZero: number;
  readonly candidateRuns: number;
  /** Wall time of the shrink by the clock given in `shrink.clock`, or `null` without one (not deterministic). */
  readonly shrinkMs: number | null;
  readonly converged: boolean;
  /** Simulated ms from the moment the failure was evident to the end of the counterexample's run. */
  readonly tailMs: number;
  readonly endMs: number;
  readonly storySteps: number;
  /** The faults the counterexample held before its failure (see `faultShape`). */
  readonly faultShape: string;
  /** What each pass of the shrink tried, accepted and cost (the shrink's `stats.passes`). */
  readonly passes: readonly PassStats[];
}

/** The figures of one defect. */
export interface NormalFormRow {
  readonly bug: string;
  readonly hunts: number;
  readonly finds: number;
  /** Share of finds that shrank to the most common choice list (0 when none was found). */
  readonly normalFormRate: number;
  readonly distinctLists: number;
  /**
   * The invariant most finds broke (ties: the first by name), the one that
   * names the defect's failure; `null` when nothing was found.
   */
  readonly mainInvariant: string | null;
  /**
   * Share of the finds of `mainInvariant` that shrank to their most common
   * list: the shrinker keeps each find's invariant, so finds of another
   * invariant can never share a list with these and are left out here.
   */
  readonly normalFormRateMainInvariant: number;
  /** How many finds broke each invariant (finds of different invariants cannot share a list). */
  readonly invariants: Readonly<Record<string, number>>;
  readonly decisionsBest: number | null;
  readonly decisionsWorst: number | null;
  readonly decisionsMedian: number | null;
  readonly tailMsMedian: number | null;
  readonly tailMsWorst: number | null;
  readonly storyStepsWorst: number | null;
  readonly candidateRunsMedian: number | null;
  /** Median wall time of a shrink, or `null` when no clock was given (not deterministic). */
  readonly shrinkMsMedian: number | null;
  readonly converged: number;
  /** How many failures the finds broke the defect through: an invariant and a shape of faults each (see `faultShape`). */
  readonly failures: number;
  /** Of the finds of every failure two finds or more share, how many, and the share that ended on their failure's most common list. */
  readonly findsSharingAFailure: number;
  readonly normalFormRateWithinFailure: number;
}

/**
 * When a run's failure became evident: the violation's own time for a
 * property checked as the run goes (the run stops there), and for the
 * end-of-run linearizability check the earliest time at which the history
 * cut there (later calls dropped, later returns pending) is already illegal.
 */
export function failureEvidentAt(run: RunResult<unknown, unknown>, model: Model<unknown, unknown, unknown> = registerModel as Model<unknown, unknown, unknown>): number {
  const violation = run.violation;
  if (violation === null) return run.endTime;
  if (violation.invariant !== "Linearizability") return violation.time;
  const times = [...new Set(run.history.flatMap((op) => (op.return === null ? [op.call] : [op.call, op.return])))].sort((a, b) => a - b);
  const illegalAt = (t: number): boolean => {
    const cut = run.history.filter((op) => op.call <= t).map((op) => (op.return !== null && op.return <= t ? op : { ...op, return: null, output: null }));
    return checkLinearizability(model, cut).verdict === "illegal";
  };
  let lo = 0;
  let hi = times.length - 1;
  if (hi < 0 || !illegalAt(times[hi] as number)) return violation.time;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (illegalAt(times[mid] as number)) hi = mid;
    else lo = mid + 1;
  }
  return times[lo] as number;
}

/** Steps of the counterexample's whole story, or -1 when @cx/viz cannot tell it. */
function countStorySteps(run: RunResult<unknown, unknown>): number {
  try {
    return tellStory(run).stepsTotal;
  } catch {
    return -1;
  }
}

function shrinkFind(bug: string, spec: NormalFormSpec, found: { choices: readonly number[]; invariant: string }): NormalFormFind {
  const options = spec.scenario;
  const target = spec.plugin.createTarget({ defects: [bug], coverage: false, ...(options === undefined ? {} : { options }) });
  const result = shrink({ ...spec.shrink, target, choices: found.choices, violation: { invariant: found.invariant } });
  const replay = spec.plugin.run({ defects: [bug], choices: new ReplayedChoices(result.choices), recordTrace: true, ...(options === undefined ? {} : { options }) });
  const storySteps = countStorySteps(replay);
  return {
    invariant: found.invariant,
    choices: result.choices,
    decisions: result.choices.length,
    nonZero: result.stats.nonZeroAfter,
    candidateRuns: result.stats.candidateRuns,
    shrinkMs: result.stats.ms,
    converged: result.stats.converged,
    tailMs: replay.endTime - failureEvidentAt(replay, spec.model),
    endMs: replay.endTime,
    storySteps,
    faultShape: faultShape(replay.trace, replay.violation?.time ?? replay.endTime),
    passes: result.stats.passes,
  };
}

/**
 * The row of one defect from its shrunk finds: the normal-form rate over
 * all finds and within the invariant most of them broke, the spread of
 * decisions, tails and story steps.
 *
 * When to use: by `measureNormalForm`; exported to summarise finds shrunk
 * elsewhere (a saved set of finds re-shrunk by another shrinker).
 *
 * @example
 * ```ts
 * const row = normalFormRow("vote_twice_in_term", 20, finds);
 * console.log(row.normalFormRate, row.normalFormRateMainInvariant);
 * ```
 */
export function normalFormRow(bug: string, hunts: number, finds: readonly NormalFormFind[]): NormalFormRow {
  const all = sameListFigures(finds);
  const byInvariant = [...new Set(finds.map((f) => f.invariant))].sort().map((i) => [i, finds.filter((f) => f.invariant === i).length] as const);
  const main = byInvariant.reduce<readonly [string, number] | null>((top, entry) => (top === null || entry[1] > top[1] ? entry : top), null);
  const decisions = finds.map((f) => f.decisions);
  const tails = finds.map((f) => f.tailMs);
  const times = finds.flatMap((f) => (f.shrinkMs === null ? [] : [f.shrinkMs]));
  const byFailure = normalFormSummary(finds)?.byFailure ?? [];
  const { sharing, agreeing } = sharedFailureAgreement(byFailure);
  return {
    bug,
    hunts,
    finds: finds.length,
    normalFormRate: all.rate,
    distinctLists: all.distinct,
    mainInvariant: main?.[0] ?? null,
    normalFormRateMainInvariant: main === null ? 0 : sameListFigures(finds.filter((f) => f.invariant === main[0])).rate,
    invariants: Object.fromEntries(byInvariant),
    decisionsBest: finds.length === 0 ? null : Math.min(...decisions),
    decisionsWorst: finds.length === 0 ? null : Math.max(...decisions),
    decisionsMedian: finds.length === 0 ? null : median(decisions),
    tailMsMedian: finds.length === 0 ? null : median(tails),
    tailMsWorst: finds.length === 0 ? null : Math.max(...tails),
    storyStepsWorst: finds.length === 0 ? null : Math.max(...finds.map((f) => f.storySteps)),
    candidateRunsMedian: finds.length === 0 ? null : median(finds.map((f) => f.candidateRuns)),
    shrinkMsMedian: times.length === 0 ? null : median(times),
    converged: finds.filter((f) => f.converged).length,
    failures: byFailure.length,
    findsSharingAFailure: sharing,
    normalFormRateWithinFailure: sharing === 0 ? 0 : agreeing / sharing,
  };
}

/**
 * Measures how canonical the shrinker's output is: per defect, hunt with
 * seeds 1..`seeds`, shrink each find on its own, and report the share that
 * reached the most common minimal choice list, the spread of decisions and
 * how long each counterexample runs past the moment its failure was evident.
 *
 * When to use: in a bench (it makes thousands of runs per defect), or from
 * the experiment to report the normal-form rate.
 *
 * @example
 * ```ts
 * const rows = measureNormalForm({ plugin, bugs: ["vote_twice_in_term"], seeds: 20, huntBudget: 1000, strategy: "bandit" });
 * console.log(rows[0]?.normalFormRate);
 * ```
 */
export function measureNormalForm(spec: NormalFormSpec): NormalFormRow[] {
  const bugs = spec.bugs ?? spec.plugin.defects.map((b) => b.name);
  const rows: NormalFormRow[] = [];
  for (const bug of bugs) {
    const finds: NormalFormFind[] = [];
    const firstSeed = spec.firstSeed ?? 1;
    for (let seed = firstSeed; seed < firstSeed + spec.seeds; seed++) {
      const found = spec.finds === undefined ? huntFind(bug, seed, spec) : spec.finds.find((f) => f.bug === bug && f.seed === seed);
      if (found === undefined) continue;
      if (spec.finds === undefined) spec.onHunt?.(found);
      const find = shrinkFind(bug, spec, found);
      finds.push(find);
      spec.onFind?.(bug, seed, find);
    }
    rows.push(normalFormRow(bug, spec.seeds, finds));
  }
  return rows;
}

/** One hunt with `seed` for `bug`, or undefined when it found nothing. */
function huntFind(bug: string, seed: number, spec: NormalFormSpec): HuntedFind | undefined {
  const target = spec.plugin.createTarget({ defects: [bug], ...(spec.scenario === undefined ? {} : { options: spec.scenario }) });
  const found = hunt({ target, strategy: spec.strategy, budget: spec.huntBudget, seed });
  if (!found.found || found.outcome.violation === null) return undefined;
  return { bug, seed, choices: found.choices, invariant: found.outcome.violation.invariant };
}
