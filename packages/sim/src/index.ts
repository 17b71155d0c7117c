// Choices: the one source of nondeterminism.
export type { ChoiceSource, Span } from "./choices/choice-source.js";
export { GeneratedChoices } from "./choices/generated-choices.js";
export { ReplayedChoices, type ReplayTail } from "./choices/replayed-choices.js";

// The protocol interface a consensus package implements.
export type { ClientRequest, ClientResponse, NodeContext, NodeId, Observation, Protocol, ProtocolNode, StorageFault } from "./protocol.js";
export type { Violation, ViolationOperation, ViolationSubjects } from "./violation.js";

// Clients and their histories.
export type { HistoryOperation } from "./clients/history.js";
export { registerWorkload, type ClientProgram, type ClientTurn, type OperationWorkload, type PastOperation, type RegisterInput, type RegisterOutput, type Workload } from "./clients/workload.js";
export { RegisterMachine, type AppliedOperation, type ClientOperation, type ClientSession } from "./clients/register-machine.js";

// The world.
export type { ClusterView } from "./world/cluster-view.js";
export { EventQueue, type Scheduled } from "./world/event-queue.js";
export { clientCadence, nextOperationAt, type ClientCadence } from "./world/client-cadence.js";
export {
  CLOCK_DRAWS_MAX,
  CLOCK_DRIFT_HALVES,
  CLOCK_JUMP_LEVELS,
  CLOCK_JUMP_SIZES_MS,
  CLOCK_JUMP_SPAN,
  CLOCK_OFFSET_EIGHTHS,
  CLOCK_SYNC_PERIOD_MS,
  CLOCKS_SPAN,
  clockReadingMs,
  drawClockProfile,
  oscillatorMs,
  perfectClock,
  perfectClocks,
  timerFiresAt,
  type ClockProfile,
  type NodeClock,
} from "./world/clock-profile.js";
export { calmProfile, drawFaultProfile, type FaultProfile } from "./world/fault-profile.js";
export { calmSwarm, drawSwarmProfile, SWARM_DRAWS, SWARM_DRAWS_MAX, SWARM_SPAN, withoutOmittedFaults, type SwarmProfile } from "./world/swarm-profile.js";
export type { FinishedRun, Monitor, PropertyFailure } from "./world/monitor.js";
export { atLowestLevels, reencodeFaults, type DrawnDecision, type FaultReencoding, type LevelledFaults, type ReencodedDecision, type SettingEdit } from "./world/fault-reencodings.js";
export { buildPartition, drawPartition, drawPartitionShape, PartitionShape, type Partition, type PartitionDraw } from "./world/partition.js";
export { hashTrace, type BlockedLink, type MessageFate, type TraceEvent } from "./world/trace.js";

// Scenarios.
export { CLUSTER_SIZE_MAX, defaultScenarioOptions, huntScenarioOptions, huntScenarioOverrides, type ScenarioOptions } from "./scenario/options.js";
export { drawHorizon, HORIZON_SPAN } from "./scenario/horizon.js";
export { runLayout } from "./scenario/run-layout.js";
export type { RunCounters, RunResult } from "./scenario/run-result.js";
export { runScenario, type ScenarioSpec } from "./scenario/run-scenario.js";
export { createCoverageRecorder, type AbstractStateProbe, type CoverageProbe, type CoverageRecorder } from "./scenario/coverage-recorder.js";
export { BehaviourRecorder } from "./world/behaviours.js";

// Protocol plug-ins: what a protocol package exports so the CLI, the experiment and the test helpers can run it.
export {
  PROTOCOL_PLUGIN_CONTRACT,
  PROTOCOL_PLUGIN_KIND,
  type PluginReplicaView,
  type PluginRunSpec,
  type PluginTarget,
  type ProtocolDefect,
  type ProtocolPlugin,
} from "./plugin/protocol-plugin.js";
export { protocolWords, raftWords, type ProtocolVocabulary, type ProtocolWords } from "./plugin/protocol-vocabulary.js";
export { defineProtocolPlugin, UnknownDefectError, type ProtocolPluginParts } from "./plugin/define-protocol-plugin.js";
export { checkProtocolPlugin, findProtocolPlugin, type PluginCheck } from "./plugin/find-protocol-plugin.js";
export {
  isScenarioOptionsError,
  MAX_CLOCK_DRIFT_PPM,
  MAX_FAULT_TICKS,
  MAX_SIMULATED_MS,
  scenarioOptionRanges,
  ScenarioOptionsError,
  validateScenarioOptions,
  type OptionRange,
  type ScenarioOptionError,
  type ScenarioOptionsCheck,
} from "./scenario/scenario-bounds.js";
export { defaultRunLimits, isRunLimitError, RunLimitError, type RunLimitKind, type RunLimits } from "./scenario/run-limits.js";

// An engine invariant broke (a bug in cx, not a finding).
export { EngineAssertionError, isEngineAssertion } from "./engine-assertion.js";
// A node did what its environment cannot allow (hosted code reaching for a real socket): the run stops, nothing is found.
export { isNodeEnvironmentError, NodeEnvironmentError } from "./node-environment-error.js";
export { HANDLER_ERROR } from "./world/world.js";

// Testing a protocol node by hand.
export { RecordingContext } from "./testing/recording-context.js";
export { staticClusterView, type StaticClusterParts } from "./testing/static-cluster-view.js";

// Small pieces protocols share: coverage feature hashing, quorum counting, leader timing.
export { bucketOf, countNodes, FEATURE_HASH_START, mixFeature, startFeature } from "./toolkit/feature-hash.js";
export { hashText } from "./toolkit/hash-text.js";
export { logConflicts, type LogConflicts } from "./toolkit/log-conflicts.js";
export { replicaAbstractState } from "./toolkit/replica-abstract-state.js";
export { ELECTION_TIMER, ElectionTimer, type ElectionTimerContext } from "./toolkit/election-timer.js";
export { GroupCommitDisk, SYNC_TIMER, type GroupCommitContext } from "./toolkit/group-commit-disk.js";
export { ELECTION_BASE_MS, ELECTION_JITTER_LEVELS, ELECTION_JITTER_STEP_MS, ELECTION_STAGGER_MS, HEARTBEAT_MS } from "./toolkit/leader-timing.js";
