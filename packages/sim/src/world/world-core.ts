import type { HistoryOperation } from "../clients/history.js";
import type { NodeId, Observation, ProtocolNode, StorageFault } from "../protocol.js";
import type { FaultProfile } from "./fault-profile.js";
import type { NodeClocks } from "./node-clocks.js";
import type { TraceEvent } from "./trace.js";
import type { WorldSchedule } from "./world-events.js";
import type { WorldSetup } from "./world-setup.js";

/** One node's place in the world: survives the node object across crashes. */
export interface NodeSlot<Node> {
  node: Node | undefined;
  up: boolean;
  /** Bumped by every crash: timers and replies of an older boot are ignored. */
  epoch: number;
  /** Messages sent in an epoch below this one were lost with a crash that lost its sends (a power loss); 0 when none. */
  lostSendsBelow: number;
  /** The live token per timer name; 0 means none (entries are zeroed, not deleted: a Map shrinking on delete allocates). */
  timers: Map<string, number>;
  /** What the node last synced: what a restart restores. */
  persisted: unknown;
  /** Written since the last sync, if anything was (a crash loses it). */
  unsynced: { readonly state: unknown } | undefined;
  /** What the storage layer found wrong with the synced state at this boot (`diskFaults`), or null. */
  storageFault: StorageFault | null;
}

/**
 * What the parts of the world (network, faults, clients, nodes) share: the
 * clock, the nodes' own clocks, the schedule, the node slots, the trace, and the few calls that
 * belong to the world as a whole. The world implements it; each part holds
 * it instead of the world, so the parts never import one another in a circle.
 */
export interface WorldCore<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>> {
  readonly setup: WorldSetup<Message, Input, Output, Persistent, Node>;
  readonly size: number;
  readonly time: number;
  readonly step: number;
  readonly phase: "fault" | "calm";
  readonly schedule: WorldSchedule<Message, Input, Output>;
  readonly slots: readonly NodeSlot<Node>[];
  readonly trace: TraceEvent[];
  /** The nodes' own clocks (what `now()` reads, when timers fire, jumps). */
  readonly clocks: NodeClocks;
  /** The network's and the fault clock's profile: the drawn one, then its calm form. */
  readonly profile: FaultProfile;
  /** A client operation ended (answered, or given up): let the monitors judge the history. */
  operationEnded(operation: HistoryOperation<Input, Output>): void;
  /** A node emitted an observation: trace it, and let the monitors judge it. */
  observe(id: NodeId, observation: Observation): void;
  /**
   * A node's handler (its start, a message, a timer, a client request)
   * threw: the run stops with a `HandlerError` violation naming the node,
   * what it was handling and the error, unless the error is cx's own
   * (an engine assertion, or a monitor that threw), which is rethrown.
   */
  nodeThrew(id: NodeId, handling: string, error: unknown): void;
  /** Samples the coverage probe (at the calm phase, at the end). */
  sampleCoverage(): void;
  /**
   * At a fault tick: samples the coverage probe if at least the scenario's
   * `faultTickMs` of simulated time passed since the last sample, so a
   * swarm profile's faster fault clock brings more faults, not more samples.
   */
  sampleCoverageAtTick(): void;
  /** A client finished its operations: the run may be over. */
  maybeStop(): void;
}
