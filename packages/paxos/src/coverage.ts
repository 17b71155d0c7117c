import { bucketOf as bucket, mixFeature as mix, startFeature as start, type ClusterView } from "@cx/sim";
import { ballotRound } from "./ballot.js";
import type { AcceptedValue, PaxosPersistent } from "./messages.js";
import type { PaxosNode } from "./paxos-node.js";

const SPREAD = [1, 2, 4, 8] as const;
const LINKS = [1, 3, 7] as const;
const CONFLICTS = [1, 2, 4] as const;

// One tag per feature group, so equal values in different groups stay different features.
const SHAPE = 1;
const BALLOTS = 2;
const SLOTS = 3;
const LEADERS = 4;

const NOTHING: readonly (AcceptedValue | null)[] = [];
const scratch: (readonly (AcceptedValue | null)[])[] = [];

/**
 * The coverage probe for guided search: a generic description of a Paxos
 * cluster state as four features, one per group, each a hash of a few
 * bucketed values.
 *
 * - shape: cluster size, phase, how many leaders and candidates, nodes
 *   down, the partition (blocked link count);
 * - ballots: the spread of promised rounds across live nodes, whether a
 *   leader's ballot is below some node's promise (a deposed leader that
 *   does not know it yet), how many distinct ballots are being proposed in;
 * - slots (acceptor state of every node, a down node's persisted): how many
 *   slots hold different accepted commands on two acceptors, whether such a
 *   slot is at or below a learned commit index, the spread of commit
 *   indices and how far acceptance runs ahead of learning;
 * - leaders: a candidate in recovery, a leader with proposals not chosen
 *   yet, a leader whose learned log is behind another node's.
 *
 * When to use: pass it as `coverage` to `runScenario` (the plug-in does).
 * It knows nothing of the seeded defects.
 *
 * @example
 * ```ts
 * runScenario({ protocol: createPaxosProtocol(), workload, choices, coverage: paxosCoverage });
 * ```
 */
export function paxosCoverage(cluster: ClusterView<PaxosNode>): number[] {
  const size = cluster.size;
  let leaders = 0;
  let candidates = 0;
  let down = 0;
  let roundMin = Infinity;
  let roundMax = 0;
  let promisedMax = 0;
  let commitMin = Infinity;
  let commitMax = 0;
  let recovering = 0;
  let leaderPending = 0;
  let proposingBallots = 0;
  let lastProposing = -1;
  const accepted = scratch;
  accepted.length = 0;
  for (let id = 0; id < size; id++) {
    const node = cluster.node(id);
    if (node === undefined) {
      down++;
      accepted.push((cluster.persisted(id) as PaxosPersistent | undefined)?.accepted ?? NOTHING);
      continue;
    }
    accepted.push(node.accepted);
    const round = ballotRound(node.promised, size);
    roundMin = Math.min(roundMin, round);
    roundMax = Math.max(roundMax, round);
    promisedMax = Math.max(promisedMax, node.promised);
    commitMin = Math.min(commitMin, node.commitIndex);
    commitMax = Math.max(commitMax, node.commitIndex);
    if (node.role === "leader") {
      leaders++;
      if (node.proposals.size > 0) leaderPending = 1;
    } else if (node.role === "candidate") {
      candidates++;
      if (node.proposals.size > 0) recovering = 1;
    }
    if (node.role !== "follower" && node.ballot !== lastProposing) {
      proposingBallots++;
      lastProposing = node.ballot;
    }
  }
  let staleLeader = 0;
  let leaderBehind = 0;
  for (let id = 0; id < size; id++) {
    const node = cluster.node(id);
    if (node === undefined || node.role !== "leader") continue;
    if (node.ballot < promisedMax) staleLeader = 1;
    if (node.commitIndex < commitMax) leaderBehind = 1;
  }

  // Slots where two acceptors hold different commands.
  let longest = 0;
  for (const a of accepted) longest = Math.max(longest, a.length);
  let conflicts = 0;
  let conflictBelowCommit = 0;
  for (let i = 0; i < longest; i++) {
    let id: string | undefined;
    for (const a of accepted) {
      const value = a[i];
      if (value === null || value === undefined) continue;
      if (id === undefined) id = value.entry.id;
      else if (value.entry.id !== id) {
        conflicts++;
        if (i < commitMax) conflictBelowCommit = 1;
        break;
      }
    }
  }
  accepted.length = 0;

  const up = size - down;
  const shape = mix(mix(mix(mix(mix(start(SHAPE, size), cluster.phase === "calm" ? 1 : 0), Math.min(leaders, 2)), Math.min(candidates, 2)), Math.min(down, 3)), bucket(cluster.blockedLinks, LINKS));
  const ballots = mix(mix(mix(start(BALLOTS, size), up === 0 ? 0 : bucket(roundMax - roundMin, SPREAD)), staleLeader), Math.min(proposingBallots, 3));
  const slots = mix(
    mix(mix(mix(start(SLOTS, size), bucket(conflicts, CONFLICTS)), conflictBelowCommit), up === 0 ? 0 : bucket(commitMax - commitMin, SPREAD)),
    up === 0 ? 0 : bucket(Math.max(0, longest - commitMax), SPREAD),
  );
  const leaderGroup = mix(mix(mix(start(LEADERS, size), recovering), leaderPending), leaderBehind);
  return [shape >>> 0, ballots >>> 0, slots >>> 0, leaderGroup >>> 0];
}
