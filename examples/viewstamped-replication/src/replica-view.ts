import type { ReplicaView } from "@cx/check";
import type { ClusterView, NodeId } from "@cx/sim";
import type { VrReplica } from "./replica.js";
import type { VrEntry, VrStored } from "./vr-terms.js";

const asLog = (log: readonly VrEntry[]): ReplicaView["log"] => log.map((entry) => ({ term: entry.view, id: entry.id }));

/**
 * A replica as @cx/check's protocol-neutral {@link ReplicaView} (a view is
 * its "term"): a running replica, or (while it is down) what it persisted.
 *
 * @example
 * ```ts
 * const view = vrReplicaView(0, cluster.node(0), cluster.persisted(0));
 * ```
 */
export function vrReplicaView(id: NodeId, node: VrReplica | undefined, persisted: unknown): ReplicaView {
  if (node !== undefined) return { node: id, role: node.role, term: node.view, log: asLog(node.log), commitIndex: node.commit, appliedIndex: node.applied };
  const stored = persisted as VrStored | undefined;
  return { node: id, role: "down", term: stored?.view ?? 0, log: asLog(stored?.log ?? []), commitIndex: 0, appliedIndex: 0 };
}

/**
 * Every replica of a cluster as a {@link ReplicaView}, in id order: what the
 * contract kit compares with the monitor's mirror of each log.
 *
 * @example
 * ```ts
 * checkSnapshot(vrClusterViews(cluster));
 * ```
 */
export function vrClusterViews(cluster: ClusterView<VrReplica>): ReplicaView[] {
  return Array.from({ length: cluster.size }, (_, id) => vrReplicaView(id, cluster.node(id), cluster.persisted(id)));
}
