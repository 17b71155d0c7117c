/**
 * @cx/eval: the cx experiment, for any protocol plug-ins it is given. Trust
 * first (every strategy against each correct protocol), then trials to
 * first violation for each defect and strategy, one shrunk counterexample
 * per defect, and performance figures; results as one typed JSON document
 * with a section per protocol, rendered to Markdown here and to HTML by
 * apps/report. It names no protocol itself.
 */

// Running the experiment.
export { runExperiment, type ExperimentOptions, type ExperimentPhase, type ExperimentProgress } from "./run-experiment.js";
export { readResults, writeResults } from "./results-io.js";
export { fullExperiment, quickExperiment, type ExperimentConfig, type MutantBenchmarkConfig } from "./experiment-config.js";
export { checkExperimentProtocols, protocolRef, selectDefects, type ExperimentProtocol, type ProtocolRef } from "./experiment-protocol.js";

// The results file.
export {
  RESULTS_SCHEMA_VERSION,
  type Counterexample,
  type CorpusRecord,
  type CorpusResults,
  type ExperimentResults,
  type Headline,
  type HuntRecord,
  type MachineInfo,
  type MutantBenchmarkResults,
  type MutantRow,
  type PassAccount,
  type ProtocolHeadline,
  type ProtocolResults,
  type SectionStatus,
  type ShrinkRow,
  type SpeedupResults,
  type StrategyHeadline,
  type StrategyName,
  type ThroughputResults,
  type TrialsCell,
  type TrialsRound,
  type TrustResults,
  type TrustRow,
  type ViolationRecord,
} from "./results.js";
export { resultsJsonSchema, resultsSchema } from "./results-schema.js";
export { deterministicView } from "./deterministic-view.js";
export { computeHeadline, computeProtocolHeadline, type HeadlineInput } from "./headline.js";

// Rendering.
export { buildResultSections, buildResultTables, type ResultSections } from "./result-tables.js";
export { buildProtocolTables, medianTimeToFindMs, protocolSlug } from "./protocol-tables.js";
export { formatCount, formatMs, formatRatio, formatStorySteps, type ResultTable } from "./result-format.js";
export { renderSummaryMarkdown } from "./render-summary.js";

// The pieces, for custom experiments.
export { runTask } from "./run-task.js";
export { loadPluginModule } from "./load-plugin-module.js";
export { createTaskPool, defaultWorkers, type TaskPool } from "./task-pool.js";
export { createTaskCache, type TaskCache } from "./task-cache.js";
export { taskKey, type BatchOutput, type BatchTask, type CorpusOutput, type CorpusTask, type EvalOutput, type EvalTask, type HuntOutput, type HuntTask, type OutputOf, type ShrinkOutput, type ShrinkTask } from "./tasks.js";
export { measureThroughput } from "./throughput.js";
export { measureSpeedup } from "./measure-speedup.js";
export { buildCorpusResults, corpusTasks, type CorpusEntry } from "./corpus.js";
export { describeMachine } from "./machine.js";
export { findCorpusDir, findRepoRoot } from "./repo-root.js";
export { median } from "./median.js";
export { passesWithout } from "./passes-without.js";
export { accountPasses, decidedByPass, passAccountingTables, type Ablation, type PassDecision } from "./pass-accounting.js";
export { mutantBenchmarkTable, mutantBenchmarkTasks, summariseMutantBenchmark } from "./mutant-benchmark.js";
export { censoredMedian, summariseCampaigns, wilsonInterval, type CampaignSummary, type CensoredMedian, type Interval } from "./campaign-statistics.js";
export { evalVersion } from "./version.js";

// The shrinker's normal-form measurement (a bench; the experiment may call it).
export { faultShape } from "./fault-shape.js";
export { failureEvidentAt, measureNormalForm, normalFormRow, type HuntedFind, type NormalFormFind, type NormalFormRow, type NormalFormSpec } from "./normal-form.js";
