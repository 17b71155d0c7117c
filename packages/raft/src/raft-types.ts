import type { ReplicaRole } from "@cx/check";
import type { ClientSession } from "@cx/sim";

/** A Raft server's role: @cx/check's protocol-neutral {@link ReplicaRole}. */
export type RaftRole = ReplicaRole;

/** What the replicated state machine remembers per client: its last applied operation and that operation's output. */
export type { ClientSession };
