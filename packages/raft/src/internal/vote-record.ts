import type { ReplicaObservation } from "@cx/check";
import type { LogEntry, RaftMessage } from "../messages.js";

/** Whether a candidate's log is behind the voter's: Raft's "at least as up to date" order (last term, then length), negated. */
export function candidateLogBehind(log: readonly LogEntry[], m: Extract<RaftMessage, { type: "RequestVote" }>): boolean {
  const lastTerm = log[log.length - 1]?.term ?? 0;
  return !(m.lastLogTerm > lastTerm || (m.lastLogTerm === lastTerm && m.lastLogIndex >= log.length));
}

/** The `voted` observation of a vote granted: both logs' ends, so monitors and stories can judge the grant. */
export function votedObservation(voter: { readonly id: number; readonly term: number; readonly log: readonly LogEntry[] }, m: Extract<RaftMessage, { type: "RequestVote" }>, behind: boolean): ReplicaObservation {
  return {
    kind: "voted",
    node: voter.id,
    term: voter.term,
    candidate: m.candidate,
    lastLogIndex: voter.log.length,
    lastLogTerm: voter.log[voter.log.length - 1]?.term ?? 0,
    candidateLastLogIndex: m.lastLogIndex,
    candidateLastLogTerm: m.lastLogTerm,
    candidateLogBehind: behind,
  };
}
