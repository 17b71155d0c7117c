/**
 * What a live replica of a leader-based replicated log is doing, in every
 * protocol's terms: `leader` (Raft's leader, Paxos's distinguished proposer,
 * VR's primary), `candidate` (standing for election, preparing a ballot,
 * starting a view change) or `follower`.
 *
 * When to use: the `role` of a `role` observation and of a `ReplicaView`
 * (which adds `"down"` for a crashed replica); a protocol's own role type
 * should be this one.
 *
 * @example
 * ```ts
 * const role: ReplicaRole = "leader";
 * ```
 */
export type ReplicaRole = "follower" | "candidate" | "leader";
