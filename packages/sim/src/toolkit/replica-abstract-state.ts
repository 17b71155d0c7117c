import type { PluginReplicaView } from "../plugin/protocol-plugin.js";
import { logConflicts } from "./log-conflicts.js";

type Log = PluginReplicaView["log"];

function lastTerm(log: Log): number {
  return log[log.length - 1]?.term ?? 0;
}

/** The usual "at least as up to date" order on logs: the last entry's term, then the length. */
function fresher(a: Log, b: Log): number {
  return lastTerm(a) - lastTerm(b) || a.length - b.length;
}

/** Whether `log` lacks one of the first `commit` entries of `committed`: too short, or another term at some index. */
function missesCommitted(log: Log, committed: Log, commit: number): boolean {
  if (log.length < commit) return true;
  for (let i = 0; i < commit; i++) if (log[i]?.term !== committed[i]?.term) return true;
  return false;
}

/**
 * An abstract state for any replicated log, read from the replica views a
 * plug-in already gives the checkers: the whiteboard picture of a cluster
 * in seven small integers, with no knowledge of the protocol beyond "each
 * entry carries the term (view, ballot) it was written in".
 *
 * 0. live leaders (0, 1, 2+);
 * 1. the gap between the highest and lowest term, down replicas included (0 to 3+);
 * 2. indices where two logs hold entries of different terms (0, 1, 2+);
 * 3. commits against the logs, the live replica with the highest commit
 *    index saying what is committed: every log agrees below it (0); some
 *    log conflicts below it (1); a replica that lacks a committed entry
 *    holds a log at least as up to date as a majority's, so it could win
 *    an election (2: the step before a committed entry is lost); such a
 *    replica is a candidate (3);
 * 4. whether a leader holds uncommitted entries of an older term than its own;
 * 5. whether the entry at a leader's commit index is of an older term than its own;
 * 6. whether some log is more up to date than a leader's.
 *
 * When to use: @cx/sim's `defineProtocolPlugin` uses it for a plug-in that
 * gives `replicaViews` but no `abstractState` (a hosted library, a new
 * protocol package), so guided search has a map of its states from the
 * start. A protocol that knows better states writes its own.
 *
 * Gotchas: coarse on purpose (raw terms or indices would make every run
 * look new); "up to date" is the last entry's term, then the length, which
 * is Raft's and Viewstamped Replication's election rule and only a proxy
 * for other protocols.
 *
 * @example
 * ```ts
 * const state = replicaAbstractState(protocolPlugin.replicaViews(cluster)); // e.g. [1, 0, 0, 0, 0, 0, 0]
 * ```
 */
export function replicaAbstractState(views: readonly PluginReplicaView[]): number[] {
  let leaders = 0;
  let termMin = Infinity;
  let termMax = 0;
  let leaderOldUncommitted = 0;
  let leaderCommitOld = 0;
  let bestCommit = 0;
  let committedLog: Log = [];
  for (const view of views) {
    termMin = Math.min(termMin, view.term);
    termMax = Math.max(termMax, view.term);
    if (view.role === "down") continue;
    // A defect may leave a commit index past the end of the log: only entries the replica holds count.
    const commit = Math.min(view.commitIndex, view.log.length);
    if (commit > bestCommit) {
      bestCommit = commit;
      committedLog = view.log;
    }
    if (view.role !== "leader") continue;
    leaders++;
    for (let i = commit; i < view.log.length && leaderOldUncommitted === 0; i++) if ((view.log[i]?.term ?? 0) < view.term) leaderOldUncommitted = 1;
    if ((view.log[commit - 1]?.term ?? view.term) < view.term) leaderCommitOld = 1;
  }
  const { conflicts: count, belowCommit } = logConflicts(views.map((view) => view.log), bestCommit);
  let committedConflict = belowCommit ? 1 : 0;
  if (bestCommit > 0) {
    const majority = Math.floor(views.length / 2) + 1;
    for (const view of views) {
      if (!missesCommitted(view.log, committedLog, bestCommit)) continue;
      let voters = 0;
      for (const other of views) if (fresher(other.log, view.log) <= 0) voters++;
      if (voters >= majority) committedConflict = Math.max(committedConflict, view.role === "candidate" ? 3 : 2);
    }
  }
  let freshest: Log = views[0]?.log ?? [];
  for (const view of views) if (fresher(view.log, freshest) > 0) freshest = view.log;
  const leaderBehind = views.some((view) => view.role === "leader" && fresher(freshest, view.log) > 0) ? 1 : 0;
  const gap = views.length === 0 ? 0 : Math.min(termMax - termMin, 3);
  return [Math.min(leaders, 2), gap, Math.min(count, 2), committedConflict, leaderOldUncommitted, leaderCommitOld, leaderBehind];
}
