import type { LogEntry } from "../messages.js";

/** How a leader counts the replicas of an entry: fixed for a node's life (the arrays are its own, filled in place). */
export interface CommitCount {
  readonly peers: readonly number[];
  readonly clusterSize: number;
  /** Per node, the last index it is taken to hold: its matchIndex (or, for the `m_commit_by_next_index` mutant, its nextIndex). */
  readonly replicated: readonly number[];
  /** What to subtract from `replicated` (1 for nextIndex, which is one past what was sent). */
  readonly sentAhead: number;
  /** How many copies the leader's own counts for (2 for the `m_count_self_twice` mutant). */
  readonly self: number;
  /** Count entries of earlier terms too (the `commit_any_term` defect; Raft's Figure 8 forbids it). */
  readonly anyTerm: boolean;
  /** Judge Figure 8 by the term of the log's last entry, not of the entry counted (the `m_commit_by_last_term` mutant). */
  readonly lastEntryTerm: boolean;
}

/**
 * The highest index a leader may commit now, or 0 for none: the last entry
 * of its own term (Figure 8) that a majority holds, counting the leader.
 */
export function committableIndex(log: readonly LogEntry[], leader: { readonly commitIndex: number; readonly currentTerm: number }, count: CommitCount): number {
  for (let n = log.length; n > leader.commitIndex; n--) {
    if (!count.anyTerm && (log[count.lastEntryTerm ? log.length - 1 : n - 1] as LogEntry).term !== leader.currentTerm) return 0;
    let copies = count.self;
    for (const peer of count.peers) if ((count.replicated[peer] as number) - count.sentAhead >= n) copies++;
    if (copies * 2 > count.clusterSize) return n;
  }
  return 0;
}
