import type { ReplicaView } from "@cx/check";
import type { ClusterView, NodeId } from "@cx/sim";
import type { PaxosPersistent } from "./messages.js";
import type { PaxosNode } from "./paxos-node.js";

/**
 * A Paxos node as @cx/check's protocol-neutral {@link ReplicaView}: its term
 * is its promised ballot, its log the slots it learned chosen in order (each
 * entry with the ballot that first proposed it), its commit index the
 * length of that log.
 *
 * When to use: to run @cx/check's snapshot invariants on a Paxos cluster, or
 * to draw it.
 *
 * Gotchas: a down node shows role `down`, an empty log and commit/applied
 * index 0: the learned log is volatile (only acceptor state is persisted);
 * its term is the ballot it persisted.
 *
 * @example
 * ```ts
 * const views = Array.from({ length: cluster.size }, (_, id) => paxosReplicaView(id, cluster.node(id), cluster.persisted(id)));
 * ```
 */
export function paxosReplicaView(id: NodeId, node: PaxosNode | undefined, persisted: unknown): ReplicaView {
  if (node !== undefined) {
    return { node: id, role: node.role, term: node.promised, log: node.viewLog(), commitIndex: node.commitIndex, appliedIndex: node.lastApplied };
  }
  const stored = persisted as PaxosPersistent | undefined;
  return { node: id, role: "down", term: stored?.promised ?? 0, log: [], commitIndex: 0, appliedIndex: 0 };
}

/**
 * Every node of a running Paxos cluster as a {@link ReplicaView}, in id order.
 *
 * @example
 * ```ts
 * checkSnapshot(paxosClusterViews(cluster));
 * ```
 */
export function paxosClusterViews(cluster: ClusterView<PaxosNode>): ReplicaView[] {
  const views: ReplicaView[] = [];
  for (let id = 0; id < cluster.size; id++) views.push(paxosReplicaView(id, cluster.node(id), cluster.persisted(id)));
  return views;
}
