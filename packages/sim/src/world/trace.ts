import type { ClientResponse, NodeId, Observation, StorageFault } from "../protocol.js";
import { hashText } from "../toolkit/hash-text.js";
import type { Violation } from "../violation.js";

/** Where a message went. `partitioned`: blocked by a partition; `dropped`: lost by the network (on a `deliver` event: lost because its sender lost power before it arrived, see `SwarmProfile.crashLosesSends`). */
export type MessageFate = "delivered" | "dropped" | "partitioned" | "to-down-node";

/** One link a partition blocks, from `from` to `to` (a symmetric partition blocks both directions). */
export interface BlockedLink {
  readonly from: NodeId;
  readonly to: NodeId;
}

/**
 * Everything that happened in a run, in order. `step` is the index of the
 * event-queue step it happened in; `time` is simulated milliseconds on the
 * world's clock (a node's own clock is told by its `clock` and `clock-jump`
 * events).
 */
export type TraceEvent =
  | { readonly kind: "send"; readonly time: number; readonly step: number; readonly id: number; readonly from: NodeId; readonly to: NodeId; readonly message: string; readonly fate: MessageFate; readonly deliverAt: number; readonly duplicate: boolean }
  | { readonly kind: "deliver"; readonly time: number; readonly step: number; readonly id: number; readonly from: NodeId; readonly to: NodeId; readonly message: string; readonly fate: MessageFate }
  | { readonly kind: "timer"; readonly time: number; readonly step: number; readonly node: NodeId; readonly name: string }
  /** `lostUnsynced`: the node had written state it had not synced, which the crash lost (absent when it had not). */
  | { readonly kind: "crash"; readonly time: number; readonly step: number; readonly node: NodeId; readonly downMs: number; readonly lostUnsynced?: true }
  /** `storageFault`: the node's synced state read back corrupt or unreadable, so it starts as if its disk were blank (`diskFaults`). */
  | { readonly kind: "restart"; readonly time: number; readonly step: number; readonly node: NodeId; readonly storageFault?: StorageFault }
  | { readonly kind: "partition"; readonly time: number; readonly step: number; readonly shape: string; readonly blocked: readonly BlockedLink[] }
  | { readonly kind: "heal"; readonly time: number; readonly step: number }
  | { readonly kind: "client-call"; readonly time: number; readonly step: number; readonly client: number; readonly seq: number; readonly node: NodeId; readonly operation: string; readonly attempt: number }
  | { readonly kind: "client-response"; readonly time: number; readonly step: number; readonly client: number; readonly seq: number; readonly node: NodeId; readonly response: ClientResponse<unknown> }
  | { readonly kind: "client-give-up"; readonly time: number; readonly step: number; readonly client: number; readonly seq: number }
  | { readonly kind: "observation"; readonly time: number; readonly step: number; readonly node: NodeId; readonly observation: Observation }
  /** A node's clock, drawn at setup, when it is not perfect: it read `offsetMs` at world time 0 and runs `driftPpm` fast (negative: slow). Once per node, before the first boot. */
  | { readonly kind: "clock"; readonly time: number; readonly step: number; readonly node: NodeId; readonly offsetMs: number; readonly driftPpm: number }
  /** A node's clock jumped `jumpMs` (negative: back) and now reads `readsMs`; its pending timers are not moved. */
  | { readonly kind: "clock-jump"; readonly time: number; readonly step: number; readonly node: NodeId; readonly jumpMs: number; readonly readsMs: number }
  | { readonly kind: "phase"; readonly time: number; readonly step: number; readonly phase: "calm" }
  | { readonly kind: "violation"; readonly time: number; readonly step: number; readonly violation: Violation };

/** A 32-bit FNV-1a hash of a trace: equal traces give equal hashes on any machine. */
export function hashTrace(trace: readonly TraceEvent[]): string {
  return hashText(JSON.stringify(trace));
}
