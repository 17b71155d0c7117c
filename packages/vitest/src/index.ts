/**
 * @cx/vitest: properties over schedules inside vitest tests (hunt, shrink,
 * save and replay the schedule that breaks a protocol), and the protocol
 * contract kit every protocol package runs from its tests.
 */

// A property over schedules.
export { scheduleProperty, REPLAY_ENV } from "./schedule-property.js";
export { OptionsError, resolveScheduleOptions, scheduleDefaults, type ResolvedScheduleOptions, type SchedulePropertyOptions } from "./schedule-options.js";
export { ScheduleFailure, type FailureOrigin, type FailureReport } from "./schedule-failure.js";
export { runScheduleProperty, type ScheduleBroken, type ScheduleEnvironment, type SchedulePassed, type ScheduleTestIdentity, type ScheduleVerdict } from "./run-schedule-property.js";
export { replayCommands, type ReplayCommands, type ReplayCommandSpec } from "./replay-commands.js";
export { loadRepro, ReproFileError, type LoadedRepro } from "./repro/load-repro.js";
export { reproPathFor, sanitiseTestName } from "./repro/repro-path.js";

// The protocol contract kit.
export { describeProtocolContract, type ProtocolContractOptions } from "./contract/describe-protocol-contract.js";
export { findSafetyMonitor, healthProblems, mirrorProblems, repeatedTraces, runDifferences } from "./contract/contract-checks.js";
export { CLUSTER_SIZE_MIN_ANSWERED, clusterSizeProblems } from "./contract/cluster-size-problems.js";
// The same runs' trace hashes here, in a worker thread and in a second process (determinism at scale, in benchmarks).
export { hashInProcess, hashInWorker } from "./contract/hash-in-worker.js";
export { traceHashes, type TraceHashRequest } from "./contract/trace-hashes.js";
// A protocol's trust run and the rate at which random schedules expose each defect (the example benches).
export { runTrustBench, trustBenchLines, writeTrustBenchReport, type DefectExposure, type TrustBenchOptions, type TrustBenchResult } from "./bench/trust-bench.js";
