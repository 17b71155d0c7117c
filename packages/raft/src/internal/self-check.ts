import type { NodeId } from "@cx/sim";
import type { LogEntry } from "../messages.js";

/** What the self-check reads of a Raft node after each event it handles. */
export interface CheckedRaftNode {
  readonly role: "follower" | "candidate" | "leader";
  readonly currentTerm: number;
  readonly commitIndex: number;
  readonly lastApplied: number;
  readonly log: readonly LogEntry[];
}

/** The node's leader bookkeeping, read in place (the node fills these arrays, never replaces them). */
export interface LeaderIndexes {
  readonly id: NodeId;
  readonly peers: readonly NodeId[];
  readonly nextIndex: readonly number[];
  readonly matchIndex: readonly number[];
}

/**
 * The error a {@link RaftSelfCheck} throws. The world turns an error thrown
 * by a node's handler into a `HandlerError` violation, so a defect that
 * breaks the node's own bookkeeping is reported with its schedule, like any
 * other finding, instead of stopping the hunt.
 */
export class RaftSelfCheckError extends Error {
  override readonly name = "RaftSelfCheckError";
}

/**
 * Invariants of the node's own bookkeeping, checked after every event it
 * handles: its term and commit index never go back, it never applies past
 * what it committed, its last entry is of no later term than its own, and a
 * leader's match and next indices stay inside its log. Correct Raft keeps
 * them whatever the network does, and so do the seeded defects (a defect
 * breaks Raft's safety, which the monitors catch); a defect that breaks
 * one of these (a term that is not persisted, say) is reported as a
 * `HandlerError` violation naming the broken invariant. Not checked here,
 * because seeded defects do break it: commit index within the log (a stale
 * or over-eager truncation shortens a log below it).
 *
 * When to use: one per node object; `after` at the end of each handler.
 *
 * @example
 * ```ts
 * const check = new RaftSelfCheck({ id: ctx.id, peers: ctx.peers, nextIndex, matchIndex });
 * check.after(node, "AppendEntries");
 * ```
 */
export class RaftSelfCheck {
  private term = 0;
  private commit = 0;

  constructor(private readonly indexes: LeaderIndexes) {}

  /** Throws a {@link RaftSelfCheckError} naming the state if an invariant broke while handling `what`. */
  after(node: CheckedRaftNode, what: string): void {
    const { currentTerm, commitIndex, lastApplied, log } = node;
    if (currentTerm < this.term) this.fail(what, `term went back from ${this.term} to ${currentTerm}`);
    if (commitIndex < this.commit) this.fail(what, `commit index went back from ${this.commit} to ${commitIndex}`);
    if (lastApplied > commitIndex) this.fail(what, `applied up to ${lastApplied}, past the commit index ${commitIndex}`);
    const lastTerm = log[log.length - 1]?.term ?? 0;
    if (lastTerm > currentTerm) this.fail(what, `last log entry of term ${lastTerm}, later than the node's term ${currentTerm}`);
    this.term = currentTerm;
    this.commit = commitIndex;
    if (node.role === "leader") this.leader(log.length, what);
  }

  private leader(logLength: number, what: string): void {
    const { peers, nextIndex, matchIndex } = this.indexes;
    for (const peer of peers) {
      const match = matchIndex[peer] as number;
      const next = nextIndex[peer] as number;
      if (match > logLength || next <= match || next > logLength + 1) {
        this.fail(what, `as leader with ${logLength} entries, peer ${peer} has match index ${match} and next index ${next}`);
      }
    }
  }

  private fail(what: string, state: string): never {
    throw new RaftSelfCheckError(`raft node ${this.indexes.id} after ${what}: ${state}`);
  }
}
