import type { ClientSession } from "@cx/sim";

/**
 * A Multi-Paxos node's role as a proposer: a follower only accepts and
 * learns; a candidate runs phase 1 for its ballot and then re-proposes what
 * the promises reported (recovery); a leader has finished recovery and
 * proposes client commands in fresh slots.
 */
export type PaxosRole = "follower" | "candidate" | "leader";

/** What the replicated state machine remembers per client: its last applied operation and that operation's output. */
export type PaxosClientSession = ClientSession;
