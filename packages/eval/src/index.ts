/**
 * @cx/eval: the cx experiment. Trust first (every strategy against correct
 * Raft), then trials to first violation for each defect and strategy, one
 * shrunk counterexample per defect, and performance figures; results as one
 * typed JSON document, rendered to Markdown here and to HTML by apps/report.
 */

// Running the experiment.
export { runExperiment, readResults, writeResults, type ExperimentOptions, type ExperimentPhase, type ExperimentProgress } from "./run-experiment.js";
export { fullExperiment, quickExperiment, type ExperimentConfig } from "./experiment-config.js";

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
  type SectionStatus,
  type ShrinkRow,
  type SpeedupResults,
  type StrategyName,
  type ThroughputResults,
  type TrialsCell,
  type TrialsRound,
  type TrustResults,
  type TrustRow,
  type ViolationRecord,
} from "./results.js";
export { resultsJsonSchema } from "./results-json-schema.js";
export { deterministicView } from "./deterministic-view.js";
export { computeHeadline, type HeadlineInput } from "./headline.js";

// Rendering.
export { buildResultTables, formatCount, formatMs, formatRatio, type ResultTable } from "./result-tables.js";
export { renderSummaryMarkdown } from "./render-summary.js";

// The pieces, for custom experiments.
export { runTask } from "./run-task.js";
export { createTaskPool, defaultWorkers, type TaskPool } from "./task-pool.js";
export { createTaskCache, type TaskCache } from "./task-cache.js";
export { taskKey, type BatchOutput, type BatchTask, type CorpusOutput, type CorpusTask, type EvalOutput, type EvalTask, type HuntOutput, type HuntTask, type OutputOf, type ShrinkOutput, type ShrinkTask } from "./tasks.js";
export { measureThroughput } from "./throughput.js";
export { buildCorpusResults, corpusTasks, type CorpusEntry } from "./corpus.js";
export { describeMachine } from "./machine.js";
export { findCorpusDir, findRepoRoot } from "./repo-root.js";
export { median } from "./median.js";
export { evalVersion } from "./version.js";

// The shrinker's normal-form measurement (a bench; the experiment may call it).
export { failureEvidentAt, measureNormalForm, type NormalFormFind, type NormalFormRow, type NormalFormSpec } from "./normal-form.js";
