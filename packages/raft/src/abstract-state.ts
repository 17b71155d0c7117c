import { replicaAbstractState, type ClusterView } from "@cx/sim";
import type { RaftNode } from "./raft-node.js";
import { raftClusterViews } from "./replica-view.js";

/**
 * Raft's abstract state for guided search: the whiteboard picture of a
 * cluster, as seven small integers (each slot a handful of values):
 *
 * 0. live leaders (0, 1, 2+);
 * 1. the gap between the highest and lowest term, down nodes included (0, 1, 2, 3+);
 * 2. indices where two logs hold entries of different terms: conflicting suffixes (0, 1, 2+);
 * 3. commits against the logs (the live node with the highest commit index
 *    says what is committed): every log agrees below it (0); some log
 *    conflicts below it (1, e.g. a stale node that will be overwritten); a
 *    node that lacks a committed entry could still win an election, since
 *    a majority's logs are no more up to date than its own (2, the step
 *    before a committed entry is lost; Raft's election rule exists to rule
 *    it out); such a node campaigning for votes (3);
 * 4. whether a leader holds uncommitted entries of an older term than its own;
 * 5. whether the entry at a leader's commit index is of an older term than
 *    its own (what it counts as committed was written by earlier leaders);
 * 6. whether some log is more up to date than a leader's.
 *
 * It is @cx/sim's protocol-neutral `replicaAbstractState` read from
 * Raft's replica views: the slots were written for Raft first, then found
 * to need nothing of it but a term on each log entry.
 *
 * When to use: as the plug-in's `abstractState` (the plug-in wires it);
 * search then keeps and extends runs that reach a new kind of state. It
 * knows nothing of the seeded defects: every slot describes states correct
 * Raft also reaches.
 *
 * Gotchas: coarse on purpose; raw terms or indices would make every run
 * look new and the guidance would be noise.
 *
 * @example
 * ```ts
 * runScenario({ protocol, workload, choices, abstractState: raftAbstractState });
 * ```
 */
export function raftAbstractState(cluster: ClusterView<RaftNode>): number[] {
  return replicaAbstractState(raftClusterViews(cluster));
}
