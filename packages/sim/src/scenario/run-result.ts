import type { ProtocolVocabulary } from "../plugin/protocol-vocabulary.js";
import type { Span } from "../choices/choice-source.js";
import type { HistoryOperation } from "../clients/history.js";
import type { ClockProfile } from "../world/clock-profile.js";
import type { FaultProfile } from "../world/fault-profile.js";
import type { SwarmProfile } from "../world/swarm-profile.js";
import type { TraceEvent } from "../world/trace.js";
import type { Violation } from "../violation.js";
import type { ScenarioOptions } from "./options.js";

/** Counters of one run. `decisions` is how many choices it consumed. */
export interface RunCounters {
  readonly events: number;
  readonly messages: number;
  readonly decisions: number;
}

/** Everything one run produced: a pure function of its choices and options. */
export interface RunResult<Input, Output> {
  readonly protocol: string;
  /** The protocol's own words (`Protocol.vocabulary`), when it declares them: stories and diagrams speak them. */
  readonly vocabulary?: ProtocolVocabulary;
  readonly clusterSize: number;
  readonly profile: FaultProfile;
  /** The run's swarm profile (`calmSwarm` when the scenario draws none). */
  readonly swarm: SwarmProfile;
  /** Each node's clock and how often clocks jump (`perfectClocks` when the scenario draws none). */
  readonly clocks: ClockProfile;
  readonly options: ScenarioOptions;
  /** The choices consumed, in order: replaying them reproduces this run. */
  readonly choices: number[];
  /** The labelled spans of those choices. */
  readonly spans: Span[];
  /** Empty unless the run was asked to record its trace. */
  readonly trace: TraceEvent[];
  readonly history: HistoryOperation<Input, Output>[];
  readonly violation: Violation | null;
  /** When the calm phase began, or `null` if the run stopped before it. */
  readonly calmStartedAt: number | null;
  /** Simulated time when the run ended. */
  readonly endTime: number;
  readonly counters: RunCounters;
  /** Opaque coverage features sampled by the protocol side's probe, in first-seen order. */
  readonly coverage: number[];
  /**
   * For each entry of `coverage`, the choice position at which the run first
   * reached it: replaying the first `coverageAt[i]` choices rebuilds the
   * cluster as it was then (how a search returns to a rare state). Absent
   * from results made before it existed.
   */
  readonly coverageAt?: number[];
  /**
   * With `behaviours: true` in the run spec: the run's causal behaviour
   * features (what each node handled after what, abstracted to roles and
   * kinds; see `BehaviourRecorder`), distinct, in first-seen order.
   */
  readonly behaviours?: number[];
  /** For each of `behaviours`, the choice position at which the run first reached it. */
  readonly behavioursAt?: number[];
  /** What the monitors counted (`commitIndex`, `leaderChanges`, ...), merged in monitor order; empty without monitors. */
  readonly figures: Readonly<Record<string, number>>;
}
