import type { ReplicaObservation } from "@cx/check";
import type { AcceptedValue, PaxosEntry, PaxosMessage, ReportedValue } from "../messages.js";

/** An acceptor's accepted values with `value` at `slot`: a new array (persisted states share the old one), padded with nulls. */
export function withAccepted(accepted: readonly (AcceptedValue | null)[], slot: number, value: AcceptedValue): (AcceptedValue | null)[] {
  const next = accepted.slice();
  while (next.length < slot - 1) next.push(null);
  next[slot - 1] = value;
  return next;
}

/** The values an acceptor accepted from `fromSlot` on, as a promise reports them. */
export function reportFrom(accepted: readonly (AcceptedValue | null)[], fromSlot: number): ReportedValue[] {
  const out: ReportedValue[] = [];
  for (let slot = fromSlot; slot <= accepted.length; slot++) {
    const value = accepted[slot - 1];
    if (value !== null && value !== undefined) out.push({ slot, ballot: value.ballot, entry: value.entry });
  }
  return out;
}

/**
 * The `voted` observation of a promise granted: the acceptor's learned log
 * against the candidate's. Behind is a fact, not a fault: a Paxos proposer
 * may be behind, it learns the accepted values from the promises.
 */
export function promisedObservation(acceptor: { readonly id: number; readonly commitIndex: number; readonly log: readonly PaxosEntry[] }, from: number, m: Extract<PaxosMessage, { type: "Prepare" }>): ReplicaObservation {
  const lastTerm = acceptor.log[acceptor.log.length - 1]?.ballot ?? 0;
  return {
    kind: "voted",
    node: acceptor.id,
    term: m.ballot,
    candidate: from,
    lastLogIndex: acceptor.commitIndex,
    lastLogTerm: lastTerm,
    candidateLastLogIndex: m.lastIndex,
    candidateLastLogTerm: m.lastTerm,
    candidateLogBehind: m.lastTerm < lastTerm || (m.lastTerm === lastTerm && m.lastIndex < acceptor.commitIndex),
  };
}
