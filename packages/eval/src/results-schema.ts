import { z } from "zod";
import type { ExperimentConfig } from "./experiment-config.js";
import { RESULTS_SCHEMA_VERSION, type ExperimentResults } from "./results.js";

// The one place the results format is written twice, and checked: each
// schema below `satisfies` the TypeScript type it mirrors, so a field the
// type requires cannot be missing here (a compile error), and the schemas
// are strict, so a results document with a field the schema lacks fails
// validation (a test validates a real document).

const count = z.number().int().min(0);
const strategy = z.enum(["random", "coverage", "bandit", "explore", "sparse", "portfolio"]);
const status = z.enum(["done", "skipped", "pending"]);

const violation = z.strictObject({ invariant: z.string(), message: z.string(), time: z.number(), step: count });

const hunt = z.strictObject({
  seed: z.number().int(),
  budget: count,
  found: z.boolean(),
  trials: count,
  violation: violation.nullable(),
  decisions: count.nullable(),
  events: count,
  ms: z.number(),
});

const machine = z.strictObject({
  platform: z.string(),
  release: z.string(),
  arch: z.string(),
  cpuModel: z.string(),
  cores: count,
  memoryBytes: count,
  nodeVersion: z.string(),
  loadAverage: z.array(z.number()),
});

const config = z.strictObject({
  strategies: z.array(strategy),
  bugs: z.union([z.literal("all"), z.array(z.string())]),
  trustBugs: z.array(z.string()),
  trustSeeds: z.array(z.number().int()),
  trustBudget: count,
  trialBudget: count,
  trialSeeds: z.array(z.number().int()),
  escalatedBudget: count,
  escalatedSeeds: z.array(z.number().int()),
  shrinkCandidatesMax: count,
  normalFormFinds: count.exactOptional(),
  storyStepsMax: count,
  throughputRuns: count,
  throughputBatches: count,
  corpusBudgetSteps: count.nullable(),
  speedupTasks: count,
  speedupRunsPerTask: count,
  continueAfterTrustFailure: z.boolean(),
  huntScenario: z.record(z.string(), z.number()).optional(),
  mutantBenchmark: z
    .strictObject({ defects: z.union([z.literal("all"), z.array(z.string())]), strategies: z.array(strategy), campaigns: count, budget: count })
    .exactOptional(),
}) satisfies z.ZodType<ExperimentConfig>;

const trust = z.strictObject({
  passed: z.boolean(),
  schedules: count,
  violations: count,
  rows: z.array(z.strictObject({ strategy, hunts: z.array(hunt), schedules: count, violations: count })),
  firstViolation: z.strictObject({ strategy, seed: z.number().int(), violation, choices: z.array(count) }).nullable(),
});

/** The normal-form figures of one group of a defect's finds (those of one invariant, or of one failure). */
const groupFigures = {
  finds: count,
  normalFormRate: z.number().min(0).max(1),
  distinctLists: count,
  decisionsMin: count.nullable(),
  decisionsMax: count.nullable(),
};

const interval = z.strictObject({ low: z.number().nullable(), high: z.number().nullable(), confidence: z.number() });

const cell = z.strictObject({
  bug: z.string(),
  strategy,
  rounds: z.array(z.strictObject({ budget: count, hunts: z.array(hunt), found: count, seeds: count })),
  budget: count,
  found: count,
  seeds: count,
  trials: z.array(count.nullable()),
  medianTrials: z.number().nullable(),
  foundInterval: interval.optional(),
  medianTrialsInterval: interval.optional(),
  invariants: z.record(z.string(), count),
});

const counterexample = z.strictObject({
  bugs: z.array(z.string()),
  choices: z.array(count),
  violation,
  faultShape: z.string().exactOptional().meta({ description: "The faults the run held before its failure, by kind" }),
  storyHeadline: z.string(),
  storySteps: z.array(z.strictObject({ number: count, time: z.number(), kind: z.string(), text: z.string() })),
  storyStepsTotal: count,
  storyText: z.string(),
  svg: z.string().meta({ description: "An SVG document from @cx/viz: untrusted, show it as an image" }),
  renderError: z.string().nullable(),
  repro: z.string().meta({ description: "A repro.json for cx replay" }),
});

const shrinkRow = z.strictObject({
  bug: z.string(),
  source: z.strictObject({ strategy, seed: z.number().int(), budget: count, trials: count }).nullable(),
  status: z.enum(["shrunk", "not-found", "not-reproduced"]),
  decisionsBefore: count.nullable(),
  decisionsAfter: count.nullable(),
  nonZeroBefore: count.nullable(),
  nonZeroAfter: count.nullable(),
  storyStepsTotal: count.nullable().meta({ description: "Steps of the full story, every one counted" }),
  storyStepsShown: count.nullable().meta({ description: "Of those, the steps shown after the display cap" }),
  candidateRuns: count.nullable(),
  converged: z.boolean().nullable(),
  stoppedBy: z.string().nullable(),
  ms: z.number().nullable(),
  replaysExactly: z.boolean().nullable(),
  counterexample: counterexample.nullable(),
  progress: z.array(z.tuple([count, count])).optional().meta({ description: "How the shrink went: [candidate runs so far, decisions left], at the start and at every improvement" }),
  normalForm: z
    .strictObject({
      finds: count,
      normalFormRate: z.number().min(0).max(1),
      distinctLists: count,
      decisionsMin: count.nullable(),
      decisionsMedian: z.number().nullable(),
      decisionsMax: count.nullable(),
      candidateRunsMedian: z.number(),
      converged: count.exactOptional(),
      byInvariant: z
        .array(z.strictObject({ invariant: z.string(), ...groupFigures }))
        .exactOptional()
        .meta({ description: "The same figures for the finds of each invariant broken, most finds first" }),
      byFailure: z
        .array(z.strictObject({ invariant: z.string(), faultShape: z.string(), ...groupFigures }))
        .exactOptional()
        .meta({ description: "The same figures for the finds of each failure (invariant broken and faults held before it), most finds first" }),
    })
    .nullable()
    .exactOptional()
    .meta({ description: "The defect's finds in the trials shrunk one by one: share reaching the most common choice list, spread of decisions" }),
});

const throughput = z.strictObject({
  runs: count,
  batches: count,
  runsPerSecond: z.number(),
  eventsPerSecond: z.number(),
  meanEventsPerRun: z.number(),
  baselineRunsPerSecond: z.number(),
  ratioToBaseline: z.number(),
  runaways: count.exactOptional().meta({ description: "Runs stopped by a run limit (a protocol whose messages or timers never let up), counted as runs at the time they took" }),
});

const byStrategy = z.strictObject({ strategy, bugsFound: count, seedsFound: count, seeds: count, medianTrials: z.number().nullable() });
const headlineFigures = {
  trustSchedules: count,
  trustViolations: count,
  bugsFound: count,
  bugsTotal: count,
  byStrategy: z.array(byStrategy),
  medianDecisionsBefore: z.number().nullable(),
  medianDecisionsAfter: z.number().nullable(),
  medianStorySteps: z.number().nullable().meta({ description: "Median story length, every step counted" }),
  medianStoryStepsShown: z.number().nullable(),
};

const protocol = z.strictObject({
  name: z.string(),
  version: z.string(),
  summary: z.string(),
  bugs: z.array(z.strictObject({ name: z.string(), mistake: z.string(), caughtBy: z.string() })),
  headline: z.strictObject({ ...headlineFigures, runsPerSecond: z.number().nullable(), eventsPerSecond: z.number().nullable() }),
  trust,
  trials: z.strictObject({ status, cells: z.array(cell) }),
  shrinks: z.strictObject({ status, rows: z.array(shrinkRow) }),
  throughput: throughput.nullable(),
  passes: z.strictObject({ shrinks: count, rows: z.array(z.strictObject({ name: z.string(), tried: count, accepted: count, runs: count, findsHelped: count })) }).exactOptional(),
});

const corpus = z.strictObject({
  directory: z.string(),
  histories: count,
  matched: count,
  mismatched: count,
  unknown: count,
  budgetSteps: count,
  totalMs: z.number(),
  porcupineTotalMs: z.number(),
  decidedMs: z.number(),
  decidedPorcupineMs: z.number(),
  ratioToPorcupine: z.number(),
  records: z.array(
    z.strictObject({
      file: z.string(),
      model: z.string(),
      ops: count,
      expected: z.enum(["ok", "illegal"]),
      verdict: z.enum(["ok", "illegal", "unknown"]),
      ms: z.number(),
      porcupineMs: z.number(),
      steps: count.nullable(),
    }),
  ),
});

const speedup = z.strictObject({
  protocol: z.string(),
  tasks: count,
  runsPerTask: count,
  oneWorkerMs: z.number(),
  twoWorkersMs: z.number(),
  speedup: z.number(),
  twoWorkersCores: z.number(),
  identical: z.boolean(),
});

const mutants = z.strictObject({
  campaigns: count,
  budget: count,
  strategies: z.array(strategy),
  rows: z.array(
    z.strictObject({
      protocol: z.string(),
      defect: z.string(),
      strategy,
      campaigns: count,
      found: count,
      foundRate: z.number().min(0).max(1),
      foundInterval: interval,
      medianTrials: count.nullable(),
      medianInterval: interval,
      runs: count,
      ms: z.number(),
      beatsRandom: z.boolean(),
    }),
  ),
  costPerRun: z.array(z.strictObject({ strategy, overRandom: z.number().nullable() })),
});

/**
 * The results format as a zod schema, checked at compile time against
 * {@link ExperimentResults} (the documented TypeScript type) and strict
 * about unknown fields: validate a results document from anywhere with
 * `resultsSchema.safeParse(data)`.
 *
 * When to use: before trusting a results.json that did not come from this
 * cx (a notebook, another tool); `readResults` only checks kind and version.
 *
 * @example
 * ```ts
 * const checked = resultsSchema.safeParse(JSON.parse(readFileSync("results/results.json", "utf8")));
 * if (!checked.success) console.error(z.prettifyError(checked.error));
 * ```
 */
export const resultsSchema = z.strictObject({
  schemaVersion: z.literal(RESULTS_SCHEMA_VERSION),
  kind: z.literal("cx-experiment"),
  complete: z.boolean(),
  mode: z.enum(["full", "quick", "custom"]),
  cxVersion: z.string(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  elapsedMs: z.number(),
  machine,
  workers: count,
  resumedTasks: count,
  config,
  headline: z.strictObject({
    protocols: z.array(z.string()),
    ...headlineFigures,
    corpusRatioToPorcupine: z.number().nullable(),
    speedup: z.number().nullable(),
  }),
  protocols: z.array(protocol),
  trustPassed: z.boolean(),
  corpus: corpus.nullable(),
  speedup: speedup.nullable(),
  mutants: mutants.nullable().exactOptional(),
}) satisfies z.ZodType<ExperimentResults>;

/**
 * A JSON Schema (draft 2020-12) of `results.json`, generated from
 * {@link resultsSchema}: for validating results outside TypeScript. The
 * bench writes it beside the results as `results.schema.json`.
 *
 * @example
 * ```ts
 * writeFileSync("results/results.schema.json", JSON.stringify(resultsJsonSchema, null, 2));
 * ```
 */
export const resultsJsonSchema: Record<string, unknown> = {
  title: "cx experiment results",
  ...z.toJSONSchema(resultsSchema, { target: "draft-2020-12" }),
};
