import type { ClusterView } from "@cx/sim";
import type { LogEntry, RaftPersistent } from "./messages.js";
import { logConflicts } from "./internal/log-conflicts.js";
import type { RaftNode } from "./raft-node.js";

const NO_LOG: readonly LogEntry[] = [];
const scratchLogs: (readonly LogEntry[])[] = [];
const scratchTerms: number[] = [];

function lastTerm(log: readonly LogEntry[]): number {
  return log[log.length - 1]?.term ?? 0;
}

/** Raft's "at least as up-to-date" order on logs: last term, then length. */
function fresher(a: readonly LogEntry[], b: readonly LogEntry[]): number {
  return lastTerm(a) - lastTerm(b) || a.length - b.length;
}

/** Whether `log` lacks one of the first `commit` entries of `committed` (a different term at an index, or too short). */
function missesCommitted(log: readonly LogEntry[], committed: readonly LogEntry[], commit: number): boolean {
  if (log.length < commit) return true;
  for (let i = 0; i < commit; i++) if ((log[i] as LogEntry).term !== (committed[i] as LogEntry).term) return true;
  return false;
}

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
 * When to use: as the plug-in's `abstractState` (the plug-in wires it);
 * search then keeps and extends runs that reach a new kind of state, or a
 * new step from one kind to another. It knows nothing of the seeded
 * defects: every slot describes states correct Raft also reaches.
 *
 * Gotchas: coarse on purpose; raw terms or indices would make every run
 * look new and the guidance would be noise.
 *
 * @example
 * ```ts
 * runScenario({ protocol, workload, choices, coverage: raftCoverage, abstractState: raftAbstractState });
 * ```
 */
export function raftAbstractState(cluster: ClusterView<RaftNode>): number[] {
  const logs = scratchLogs;
  const terms = scratchTerms;
  logs.length = 0;
  terms.length = 0;
  let leaders = 0;

  let leaderOldUncommitted = 0;
  let leaderCommitOld = 0;
  for (let id = 0; id < cluster.size; id++) {
    const node = cluster.node(id);
    if (node === undefined) {
      const persisted = cluster.persisted(id) as RaftPersistent | undefined;
      logs.push(persisted?.log ?? NO_LOG);
      terms.push(persisted?.term ?? 0);
      continue;
    }
    logs.push(node.log);
    terms.push(node.currentTerm);
    if (node.role !== "leader") continue;
    leaders++;
    for (let i = Math.min(node.commitIndex, node.log.length); i < node.log.length; i++) {
      if ((node.log[i] as LogEntry).term < node.currentTerm) {
        leaderOldUncommitted = 1;
        break;
      }
    }
    const committed = node.log[node.commitIndex - 1];
    if (committed !== undefined && committed.term < node.currentTerm) leaderCommitOld = 1;
  }
  let termMin = Infinity;
  let termMax = 0;
  for (const term of terms) {
    termMin = Math.min(termMin, term);
    termMax = Math.max(termMax, term);
  }
  let committedConflict = 0;
  let bestCommit = 0;
  let committedLog: readonly LogEntry[] = NO_LOG;
  for (let id = 0; id < cluster.size; id++) {
    const node = cluster.node(id);
    // A defect may leave a commit index past the end of the log: only entries the node holds count.
    const commit = node === undefined ? 0 : Math.min(node.commitIndex, node.log.length);
    if (node !== undefined && commit > bestCommit) {
      bestCommit = commit;
      committedLog = node.log;
    }
  }
  const { conflicts, belowCommit } = logConflicts(logs, bestCommit);
  if (belowCommit) committedConflict = 1;
  // A node that lacks a committed entry yet could win an election (a majority's logs are not more up to date than its own): the step before a lost commit.
  if (bestCommit > 0) {
    const majority = Math.floor(cluster.size / 2) + 1;
    for (let id = 0; id < cluster.size; id++) {
      const log = logs[id] as readonly LogEntry[];
      if (!missesCommitted(log, committedLog, bestCommit)) continue;
      let voters = 0;
      for (const other of logs) if (fresher(other, log) <= 0) voters++;
      if (voters < majority) continue;
      const role = cluster.node(id)?.role;
      committedConflict = Math.max(committedConflict, role === "candidate" ? 3 : 2);
    }
  }
  let freshest = logs[0] ?? NO_LOG;
  for (const log of logs) if (fresher(log, freshest) > 0) freshest = log;
  let leaderBehind = 0;
  for (let id = 0; id < cluster.size; id++) {
    const node = cluster.node(id);
    if (node !== undefined && node.role === "leader" && fresher(freshest, node.log) > 0) leaderBehind = 1;
  }
  logs.length = 0;
  terms.length = 0;
  return [Math.min(leaders, 2), Math.min(termMax - termMin, 3), Math.min(conflicts, 2), committedConflict, leaderOldUncommitted, leaderCommitOld, leaderBehind];
}
