import type { ClusterView } from "@cx/sim";
import { ballotRound } from "./ballot.js";
import type { AcceptedValue, PaxosEntry, PaxosPersistent } from "./messages.js";
import type { PaxosNode } from "./paxos-node.js";

const NOTHING: readonly (AcceptedValue | null)[] = [];
const scratch: (readonly (AcceptedValue | null)[])[] = [];

/**
 * Multi-Paxos's abstract state for guided search: the whiteboard picture
 * of a cluster, as six small integers (each slot a handful of values):
 *
 * 0. live leaders (0, 1, 2+);
 * 1. the gap between the highest and lowest promised round of live nodes (0, 1, 2, 3+);
 * 2. slots where two acceptors (a down one through what it persisted) hold
 *    different commands (0, 1, 2+);
 * 3. chosen slots against the acceptors (the live node that learned most
 *    says what is chosen): every acceptor agrees or holds nothing (0); an
 *    acceptor holds another command in a chosen slot at a lower ballot (1,
 *    harmless); at a higher ballot than any acceptor of the chosen command
 *    (2, the step before a chosen value is lost: Paxos's rule that a new
 *    proposer adopts the highest-ballot accepted value exists to rule it out);
 * 4. whether a leader has proposals not chosen yet;
 * 5. whether a leader's ballot is below some live node's promise (a deposed
 *    leader that does not know it yet).
 *
 * When to use: as the plug-in's `abstractState` (the plug-in wires it). It
 * knows nothing of the seeded defects: every slot describes states correct
 * Paxos also reaches, except 3 = 2, which it never should.
 *
 * @example
 * ```ts
 * runScenario({ protocol, workload, choices, coverage: paxosCoverage, abstractState: paxosAbstractState });
 * ```
 */
export function paxosAbstractState(cluster: ClusterView<PaxosNode>): number[] {
  const size = cluster.size;
  const accepted = scratch;
  accepted.length = 0;
  let leaders = 0;
  let roundMin = Infinity;
  let roundMax = 0;
  let promisedMax = 0;
  let pending = 0;
  let learned: readonly PaxosEntry[] = [];
  for (let id = 0; id < size; id++) {
    const node = cluster.node(id);
    if (node === undefined) {
      accepted.push((cluster.persisted(id) as PaxosPersistent | undefined)?.accepted ?? NOTHING);
      continue;
    }
    accepted.push(node.accepted);
    const round = ballotRound(node.promised, size);
    roundMin = Math.min(roundMin, round);
    roundMax = Math.max(roundMax, round);
    promisedMax = Math.max(promisedMax, node.promised);
    if (node.log.length > learned.length) learned = node.log;
    if (node.role === "leader") {
      leaders++;
      if (node.proposals.size > 0) pending = 1;
    }
  }
  let stale = 0;
  for (let id = 0; id < size; id++) {
    const node = cluster.node(id);
    if (node !== undefined && node.role === "leader" && node.ballot < promisedMax) stale = 1;
  }
  let longest = 0;
  for (const a of accepted) longest = Math.max(longest, a.length);
  let conflicts = 0;
  let chosenConflict = 0;
  for (let i = 0; i < longest; i++) {
    let id: string | undefined;
    let conflict = false;
    for (const a of accepted) {
      const value = a[i];
      if (value === null || value === undefined) continue;
      if (id === undefined) id = value.entry.id;
      else if (value.entry.id !== id) conflict = true;
    }
    if (!conflict) continue;
    conflicts++;
    const chosen = learned[i];
    if (chosen === undefined) continue;
    // The highest ballot at which an acceptor holds the chosen command, against the highest at which one holds another.
    let chosenBallot = -1;
    let otherBallot = -1;
    for (const a of accepted) {
      const value = a[i];
      if (value === null || value === undefined) continue;
      if (value.entry.id === chosen.id) chosenBallot = Math.max(chosenBallot, value.ballot);
      else otherBallot = Math.max(otherBallot, value.ballot);
    }
    if (otherBallot < 0) continue;
    chosenConflict = Math.max(chosenConflict, otherBallot > chosenBallot ? 2 : 1);
  }
  accepted.length = 0;
  const up = roundMax >= roundMin;
  return [Math.min(leaders, 2), up ? Math.min(roundMax - roundMin, 3) : 0, Math.min(conflicts, 2), chosenConflict, pending, stale];
}
