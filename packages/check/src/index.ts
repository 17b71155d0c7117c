/**
 * @cx/check: a standalone linearizability checker (and, for replicated logs,
 * safety invariants). No runtime dependencies.
 */

// Linearizability: the checker, its model contract and results.
export type { Operation } from "./linearizability/operation.js";
export type { Model, StepResult } from "./linearizability/model.js";
export type { ModelDecision } from "./linearizability/model-decision.js";
export type {
  BlockedOperation,
  CheckLimit,
  CheckOptions,
  LinearizabilityResult,
  LinearizabilityWitness,
  Suspect,
  WitnessStep,
} from "./linearizability/result.js";
export { checkLinearizability, DEFAULT_BUDGET_STEPS, DEFAULT_MEMO_BYTES_MAX } from "./linearizability/check-linearizability.js";
export { describeResult } from "./linearizability/describe-result.js";
export { fromNondeterministic } from "./linearizability/nondeterministic-model.js";
export type { NondeterministicModel } from "./linearizability/nondeterministic-model.js";
export type { DescribeOptions } from "./linearizability/describe-result.js";

// Linearizability: built-in models.
export { registerModel } from "./models/register-model.js";
export type { RegisterInput, RegisterOutput, RegisterState } from "./models/register-model.js";
export { kvModel } from "./models/kv-model.js";
export type { KvInput, KvOutput, KvState } from "./models/kv-model.js";
export { setModel } from "./models/set-model.js";
export type { SetInput, SetOutput, SetState } from "./models/set-model.js";
export { queueModel } from "./models/queue-model.js";
export type { QueueInput, QueueOutput, QueueState } from "./models/queue-model.js";
export { counterModel } from "./models/counter-model.js";
export type { CounterInput, CounterOutput, CounterState } from "./models/counter-model.js";
export { lockModel } from "./models/lock-model.js";
export type { LockInput, LockOutput, LockState } from "./models/lock-model.js";
export { builtInModels } from "./models/built-in-models.js";
export type { BuiltInModel, BuiltInModelName, BuiltInModelTypes } from "./models/built-in-models.js";

// Linearizability: history files (JSON lines).
export { parseHistory } from "./history/parse-history.js";
export { operationsFromEvents } from "./history/history-events.js";
export type { HistoryEvent } from "./history/history-events.js";
export type { HistoryModelName, ParsedHistory, ParseHistoryOptions } from "./history/parse-history.js";
export { formatHistoryError } from "./history/history-error.js";
export { checkHistories, historyVerdict, tallyHistories } from "./history/check-histories.js";
export type { CheckedHistory, CheckHistoriesOptions, HistoryInput, HistoryTally, HistoryVerdict } from "./history/check-histories.js";
export { decodeUtf8, stripBom, type DecodedText } from "./history/decode-utf8.js";
export type { HistoryError } from "./history/history-error.js";

// Safety invariants (for replicated logs): exported below by the invariants module.

// ---- Replicated-log vocabulary, safety invariants and liveness ----
export type { ReplicaObservation } from "./replica/replica-observation.js";
export type { ReplicaRole } from "./replica/replica-role.js";
export type { LogEntryView, ReplicaView } from "./replica/replica-view.js";
export { nodeName } from "./replica/node-name.js";
export { describeObservation } from "./replica/describe-observation.js";
export { isReplicaObservation, recogniseReplicaObservation } from "./replica/recognise-replica-observation.js";
export type { CommittedEntry, InvariantName, InvariantViolation } from "./invariants/invariant-violation.js";
export type { OperationSubject, ViolationSubjects } from "./invariants/violation-subjects.js";
export { createSafetyMonitor, type SafetyMonitor } from "./invariants/safety-monitor.js";
export {
  createReplicaMonitor,
  REPLICA_LINEARIZABILITY_BUDGET_STEPS,
  type ReplicaClusterPhase,
  type ReplicaFigures,
  type ReplicaFinishedRun,
  type ReplicaHistoryOperation,
  type ReplicaMonitor,
  type ReplicaMonitorOptions,
} from "./replica/replica-monitor.js";
export { checkElectionSafety, checkLeaderCompleteness, checkLogMatching, checkSnapshot, checkStateMachineSafety } from "./invariants/check-snapshot.js";
export { checkLiveness, createLivenessTracker, type LivenessInput, type LivenessTracker } from "./liveness/liveness.js";
