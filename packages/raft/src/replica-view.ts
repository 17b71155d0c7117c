import type { ReplicaView } from "@cx/check";
import type { ClusterView, NodeId } from "@cx/sim";
import type { RaftPersistent } from "./messages.js";
import type { RaftNode } from "./raft-node.js";

/**
 * A Raft server as @cx/check's protocol-neutral {@link ReplicaView}: a
 * running node, or (while it is down) what it last persisted.
 *
 * When to use: to run @cx/check's snapshot invariants on a Raft cluster, or
 * to draw it. Another protocol supplies the same function for its own node
 * type and every invariant works unchanged.
 *
 * Gotchas: a down node shows role `down` and commit/applied index 0 (those
 * are volatile); its log and term are what it persisted.
 *
 * @example
 * ```ts
 * const views = Array.from({ length: cluster.size }, (_, id) => raftReplicaView(id, cluster.node(id), cluster.persisted(id)));
 * ```
 */
export function raftReplicaView(id: NodeId, node: RaftNode | undefined, persisted: unknown): ReplicaView {
  if (node !== undefined) {
    return { node: id, role: node.role, term: node.currentTerm, log: node.log, commitIndex: node.commitIndex, appliedIndex: node.lastApplied };
  }
  const stored = persisted as RaftPersistent | undefined;
  return { node: id, role: "down", term: stored?.term ?? 0, log: stored?.log ?? [], commitIndex: 0, appliedIndex: 0 };
}

/**
 * Every server of a running Raft cluster as a {@link ReplicaView}, in id order.
 *
 * @example
 * ```ts
 * checkSnapshot(raftClusterViews(cluster));
 * ```
 */
export function raftClusterViews(cluster: ClusterView<RaftNode>): ReplicaView[] {
  const views: ReplicaView[] = [];
  for (let id = 0; id < cluster.size; id++) views.push(raftReplicaView(id, cluster.node(id), cluster.persisted(id)));
  return views;
}
