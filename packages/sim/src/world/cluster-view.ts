import type { NodeId } from "../protocol.js";

/**
 * What monitors and coverage probes may look at between steps: the
 * running node objects, who is down, what is persisted, the partition.
 * Read-only by contract.
 */
export interface ClusterView<Node> {
  readonly size: number;
  /** Simulated time of the step just processed. */
  readonly time: number;
  /** Index of the step just processed. */
  readonly step: number;
  readonly phase: "fault" | "calm";
  /** The running node, or `undefined` while it is down. */
  node(id: NodeId): Node | undefined;
  isUp(id: NodeId): boolean;
  /** What the node last persisted (survives crashes), or `undefined`. */
  persisted(id: NodeId): unknown;
  /** Whether the partition currently blocks messages from `from` to `to`. */
  isBlocked(from: NodeId, to: NodeId): boolean;
  /** How many directed links the current partition blocks (0 when healed). */
  readonly blockedLinks: number;
}
