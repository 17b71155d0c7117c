import type { ClusterView } from "@cx/sim";
import type { RaftNode } from "./raft-node.js";

function bucket(value: number, bounds: readonly number[]): number {
  let b = 0;
  while (b < bounds.length && value >= (bounds[b] as number)) b++;
  return b;
}

const SPREAD = [1, 2, 4, 8] as const;
const LINKS = [1, 3, 7] as const;

/**
 * The coverage probe for search: a generic signature of a cluster state,
 * hashed to a number. Features: the role mix (leaders, candidates), nodes
 * down, the partition (blocked link count), the spread of terms, of log
 * lengths and of commit indices across live nodes, and the phase, each
 * bucketed so that nearby states share a feature.
 *
 * When to use: pass it as `coverage` to `runScenario` (runRaft does). It
 * knows nothing of the eight defects; it only says "a new kind of cluster
 * state was reached".
 *
 * @example
 * ```ts
 * runScenario({ protocol, workload, choices, coverage: raftCoverage });
 * ```
 */
export function raftCoverage(cluster: ClusterView<RaftNode>): number {
  let leaders = 0;
  let candidates = 0;
  let down = 0;
  let termMin = Infinity;
  let termMax = 0;
  let logMin = Infinity;
  let logMax = 0;
  let commitMin = Infinity;
  let commitMax = 0;
  for (let id = 0; id < cluster.size; id++) {
    const node = cluster.node(id);
    if (node === undefined) {
      down++;
      continue;
    }
    if (node.role === "leader") leaders++;
    else if (node.role === "candidate") candidates++;
    termMin = Math.min(termMin, node.currentTerm);
    termMax = Math.max(termMax, node.currentTerm);
    logMin = Math.min(logMin, node.log.length);
    logMax = Math.max(logMax, node.log.length);
    commitMin = Math.min(commitMin, node.commitIndex);
    commitMax = Math.max(commitMax, node.commitIndex);
  }
  const up = cluster.size - down;
  const features = [
    cluster.size === 3 ? 0 : 1,
    cluster.phase === "calm" ? 1 : 0,
    Math.min(leaders, 2),
    Math.min(candidates, 2),
    Math.min(down, 3),
    bucket(cluster.blockedLinks, LINKS),
    up === 0 ? 0 : bucket(termMax - termMin, SPREAD),
    up === 0 ? 0 : bucket(logMax - logMin, SPREAD),
    up === 0 ? 0 : bucket(commitMax - commitMin, SPREAD),
  ];
  // FNV-1a over the small feature values: stable on every machine.
  let hash = 0x811c9dc5;
  for (const f of features) {
    hash ^= f;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
