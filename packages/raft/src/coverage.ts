import { bucketOf as bucket, logConflicts, mixFeature as mix, startFeature as start, type ClusterView } from "@cx/sim";
import type { LogEntry, RaftPersistent } from "./messages.js";
import type { RaftNode } from "./raft-node.js";

const SPREAD = [1, 2, 4, 8] as const;
const LINKS = [1, 3, 7] as const;
const CONFLICTS = [1, 2, 4] as const;

// One tag per feature group, so equal values in different groups stay different features.
const SHAPE = 1;
const SPREADS = 2;
const LOGS = 3;
const LEADERS = 4;

const NO_LOG: readonly LogEntry[] = [];
const scratchLogs: (readonly LogEntry[])[] = [];

function lastTerm(log: readonly LogEntry[]): number {
  return log[log.length - 1]?.term ?? 0;
}

/** Raft's "at least as up-to-date" order on logs: last term, then length. */
function fresher(a: readonly LogEntry[], b: readonly LogEntry[]): number {
  return lastTerm(a) - lastTerm(b) || a.length - b.length;
}

/**
 * The coverage probe for search: a generic description of a cluster state
 * as four features, one per group, each a hash of a few bucketed values.
 *
 * - shape: cluster size, phase, role mix (leaders, candidates), nodes down,
 *   the partition (blocked link count);
 * - spreads: of terms, of log lengths and of commit indices across live nodes;
 * - logs (every node, a down node through its persisted log): how many
 *   indices hold entries of different terms on two nodes, whether such a
 *   conflict lies at or below a live node's commit index, and whether the
 *   most up-to-date log (last term, then length) is shorter than the longest;
 * - leaders: distinct terms among leaders and candidates, whether some node's
 *   log is more up to date than a leader's, whether a leader holds no entry
 *   of its own term yet, and whether a leader has uncommitted entries.
 *
 * When to use: pass it as `coverage` to `runScenario` (runRaft does). It
 * knows nothing of the eight defects; it only says "a new kind of cluster
 * state was reached". Separate groups (rather than one hash of everything)
 * let search see progress in one aspect without a new combination of all.
 *
 * @example
 * ```ts
 * runScenario({ protocol, workload, choices, coverage: raftCoverage });
 * ```
 */
export function raftCoverage(cluster: ClusterView<RaftNode>): number[] {
  let leaders = 0;
  let candidates = 0;
  let down = 0;
  let termMin = Infinity;
  let termMax = 0;
  let logMin = Infinity;
  let logMax = 0;
  let commitMin = Infinity;
  let commitMax = 0;
  // Reused between calls (the probe is not re-entrant, and nothing keeps these).
  const logs = scratchLogs;
  logs.length = 0;
  let contenderTerms = 0;
  let leaderBehind = 0;
  let leaderWithoutOwnEntry = 0;
  let leaderUncommitted = 0;
  for (let id = 0; id < cluster.size; id++) {
    const node = cluster.node(id);
    if (node === undefined) {
      down++;
      logs.push((cluster.persisted(id) as RaftPersistent | undefined)?.log ?? NO_LOG);
      continue;
    }
    logs.push(node.log);
    if (node.role === "leader") {
      leaders++;
      if (lastTerm(node.log) < node.currentTerm) leaderWithoutOwnEntry = 1;
      if (node.commitIndex < node.log.length) leaderUncommitted = 1;
    } else if (node.role === "candidate") candidates++;
    if (node.role !== "follower" && !contenderTermSeenBefore(cluster, id)) contenderTerms++;
    termMin = Math.min(termMin, node.currentTerm);
    termMax = Math.max(termMax, node.currentTerm);
    logMin = Math.min(logMin, node.log.length);
    logMax = Math.max(logMax, node.log.length);
    commitMin = Math.min(commitMin, node.commitIndex);
    commitMax = Math.max(commitMax, node.commitIndex);
  }
  const up = cluster.size - down;

  // Conflicting indices: some two nodes hold entries of different terms there.
  const { conflicts, belowCommit, longest } = logConflicts(logs, commitMax);
  const conflictBelowCommit = belowCommit ? 1 : 0;
  let freshest = logs[0] ?? NO_LOG;
  for (const log of logs) if (fresher(log, freshest) > 0) freshest = log;
  const freshestIsShorter = freshest.length < longest ? 1 : 0;
  for (let id = 0; id < cluster.size; id++) {
    const node = cluster.node(id);
    if (node !== undefined && node.role === "leader" && fresher(freshest, node.log) > 0) leaderBehind = 1;
  }
  logs.length = 0;

  const size = cluster.size;
  const shape = mix(mix(mix(mix(mix(start(SHAPE, size), cluster.phase === "calm" ? 1 : 0), Math.min(leaders, 2)), Math.min(candidates, 2)), Math.min(down, 3)), bucket(cluster.blockedLinks, LINKS));
  const spreads = mix(mix(mix(start(SPREADS, size), up === 0 ? 0 : bucket(termMax - termMin, SPREAD)), up === 0 ? 0 : bucket(logMax - logMin, SPREAD)), up === 0 ? 0 : bucket(commitMax - commitMin, SPREAD));
  const logGroup = mix(mix(mix(start(LOGS, size), bucket(conflicts, CONFLICTS)), conflictBelowCommit), freshestIsShorter);
  const leaderGroup = mix(mix(mix(mix(start(LEADERS, size), Math.min(contenderTerms, 3)), leaderBehind), leaderWithoutOwnEntry), leaderUncommitted);
  return [shape >>> 0, spreads >>> 0, logGroup >>> 0, leaderGroup >>> 0];
}


/** Whether a live leader or candidate before `id` already has `id`'s term: distinct contender terms are counted without a Set. */
function contenderTermSeenBefore(cluster: ClusterView<RaftNode>, id: number): boolean {
  const term = (cluster.node(id) as RaftNode).currentTerm;
  for (let other = 0; other < id; other++) {
    const node = cluster.node(other);
    if (node !== undefined && node.role !== "follower" && node.currentTerm === term) return true;
  }
  return false;
}
