/**
 * A Paxos ballot `(round, proposer)` as one integer: `round * clusterSize +
 * proposer`. Ballots of different proposers never collide, they are totally
 * ordered by round then proposer, and 0 (round 0) means "no ballot yet".
 * This integer is what Paxos reports as the `term` of @cx/check's replica
 * observations, so the invariants compare ballots exactly as Raft's terms.
 *
 * @example
 * ```ts
 * encodeBallot(2, 1, 3); // 7: round 2 of s1 in a 3-node cluster
 * ballotProposer(7, 3); // 1
 * ```
 */
export function encodeBallot(round: number, proposer: number, clusterSize: number): number {
  return round * clusterSize + proposer;
}

/**
 * The round of an encoded ballot (0 for "no ballot").
 *
 * @example
 * ```ts
 * ballotRound(7, 3); // 2
 * ```
 */
export function ballotRound(ballot: number, clusterSize: number): number {
  return Math.floor(ballot / clusterSize);
}

/**
 * The node that owns an encoded ballot: the only node that may propose in it.
 *
 * Gotchas: meaningless for ballot 0 ("no ballot").
 *
 * @example
 * ```ts
 * ballotProposer(7, 3); // 1
 * ```
 */
export function ballotProposer(ballot: number, clusterSize: number): number {
  return ballot % clusterSize;
}

/**
 * The smallest ballot of `proposer` above `seen`: the ballot a proposer
 * tries after it has seen (promised or been refused by) `seen`.
 *
 * @example
 * ```ts
 * nextBallot(7, 0, 3); // 9: round 3 of s0
 * ```
 */
export function nextBallot(seen: number, proposer: number, clusterSize: number): number {
  return encodeBallot(ballotRound(seen, clusterSize) + 1, proposer, clusterSize);
}
