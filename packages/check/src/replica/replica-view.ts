import type { ReplicaRole } from "./replica-role.js";

/**
 * A protocol-neutral view of one replica of a replicated log: enough for the
 * safety invariants to judge any leader-based protocol (Raft, Multi-Paxos,
 * Viewstamped Replication) without knowing which it is.
 *
 * @example
 * ```ts
 * const view: ReplicaView = { node: 0, role: "leader", term: 3, log: [{ term: 3, id: "noop" }], commitIndex: 1, appliedIndex: 1 };
 * ```
 */
export interface ReplicaView {
  /** The replica's index in the cluster (shown as `s0`, `s1`, ...). */
  readonly node: number;
  /** `down` while crashed. */
  readonly role: ReplicaRole | "down";
  /** The current term: Raft's term, Paxos's ballot, VR's view (one concept, see `ReplicaObservation`). */
  readonly term: number;
  /** The log, index 1 first (`log[0]` is entry 1). */
  readonly log: readonly LogEntryView[];
  /** Highest index known committed (0 = none). */
  readonly commitIndex: number;
  /** Highest index applied to the state machine (0 = none). */
  readonly appliedIndex: number;
}

/** One log entry: the term it was created in and a stable identity of its command. */
export interface LogEntryView {
  readonly term: number;
  /**
   * Identifies the command, e.g. `c1#4 write 1.4` or `noop`; two entries
   * with the same term and index must have equal ids (Log Matching).
   */
  readonly id: string;
}
