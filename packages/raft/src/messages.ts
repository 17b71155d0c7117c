import type { RegisterInput } from "@cx/sim";

/**
 * One log entry: a client command and the term it was created in. Entries
 * are immutable and shared between logs, messages and persisted state.
 * `id` names the command for invariants and stories (`c0#2 write 0.2`).
 */
export interface LogEntry {
  readonly term: number;
  readonly id: string;
  readonly client: number;
  readonly seq: number;
  readonly input: RegisterInput;
}

/**
 * What Raft nodes send each other: the two RPCs of the paper and their
 * replies. `hint` in a failed append reply is the index the leader should
 * try next (conflict backtracking). `sentAt` is there only with lease reads.
 */
export type RaftMessage =
  | { readonly type: "RequestVote"; readonly term: number; readonly candidate: number; readonly lastLogIndex: number; readonly lastLogTerm: number }
  | { readonly type: "Vote"; readonly term: number; readonly granted: boolean }
  | {
      readonly type: "AppendEntries";
      readonly term: number;
      readonly leader: number;
      readonly prevLogIndex: number;
      readonly prevLogTerm: number;
      readonly entries: readonly LogEntry[];
      readonly leaderCommit: number;
      /** With lease reads: the send time on the leader's clock, echoed by the reply. */
      readonly sentAt?: number;
    }
  | { readonly type: "AppendReply"; readonly term: number; readonly success: boolean; readonly matchIndex: number; readonly hint: number; readonly sentAt?: number };

/** What a Raft node keeps on stable storage: it survives a crash, everything else does not. */
export interface RaftPersistent {
  readonly term: number;
  readonly votedFor: number | null;
  readonly log: readonly LogEntry[];
}

/**
 * A message in a few words for traces and diagrams.
 *
 * @example
 * ```ts
 * describeRaftMessage({ type: "Vote", term: 3, granted: true }); // "Vote(t3, granted)"
 * ```
 */
export function describeRaftMessage(message: RaftMessage): string {
  switch (message.type) {
    case "RequestVote":
      return `RequestVote(t${message.term}, last ${message.lastLogIndex}@t${message.lastLogTerm})`;
    case "Vote":
      return `Vote(t${message.term}, ${message.granted ? "granted" : "denied"})`;
    case "AppendEntries": {
      const n = message.entries.length;
      const what = n === 0 ? "heartbeat" : `${n} ${n === 1 ? "entry" : "entries"}`;
      return `AppendEntries(t${message.term}, ${what} after ${message.prevLogIndex}@t${message.prevLogTerm}, commit ${message.leaderCommit})`;
    }
    case "AppendReply":
      return message.success ? `AppendReply(t${message.term}, ok up to ${message.matchIndex})` : `AppendReply(t${message.term}, rejected, try ${message.hint})`;
  }
}
