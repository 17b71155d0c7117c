import type { RegisterInput } from "@cx/sim";

/**
 * One command of the replicated log: a client operation, or a no-op a new
 * leader proposes to fill a slot nobody reported. `ballot` is the ballot in
 * which the command was first proposed (its origin): it travels with the
 * command when a later leader proposes it again, like an entry's term in
 * Raft, and it is what the `appended` observation reports as the entry's
 * term. `id` names the command for invariants and stories (`c0#2 write
 * 0.2`, `noop b7`). Entries are immutable and shared.
 */
export interface PaxosEntry {
  readonly ballot: number;
  readonly id: string;
  /** `null` for a no-op. */
  readonly client: number | null;
  readonly seq: number | null;
  readonly input: RegisterInput | null;
}

/** What an acceptor accepted for one slot: the ballot of the Accept and the entry. */
export interface AcceptedValue {
  readonly ballot: number;
  readonly entry: PaxosEntry;
}

/** An accepted value as a promise reports it, with its slot. */
export interface ReportedValue extends AcceptedValue {
  readonly slot: number;
}

/**
 * What Multi-Paxos nodes send each other. Ballots are encoded integers (see
 * `encodeBallot`). Phase 1 is Prepare/Promise (a promise carries every value
 * the acceptor accepted from `fromSlot` on), phase 2 is Accept/Accepted, one
 * slot each; Chosen tells learners what was chosen (with no entries it is the
 * leader's heartbeat) and ChosenAck asks the leader for what a learner lacks.
 * A refusal carries the higher ballot the acceptor promised, so the
 * proposer steps down.
 */
export type PaxosMessage =
  | { readonly type: "Prepare"; readonly ballot: number; readonly fromSlot: number; readonly lastIndex: number; readonly lastTerm: number }
  | { readonly type: "Promise"; readonly ballot: number; readonly ok: boolean; readonly promised: number; readonly accepted: readonly ReportedValue[] }
  | { readonly type: "Accept"; readonly ballot: number; readonly slot: number; readonly entry: PaxosEntry }
  | { readonly type: "Accepted"; readonly ballot: number; readonly slot: number; readonly ok: boolean; readonly promised: number }
  | { readonly type: "Chosen"; readonly ballot: number; readonly fromSlot: number; readonly entries: readonly PaxosEntry[]; readonly commitIndex: number }
  | { readonly type: "ChosenAck"; readonly ballot: number; readonly commitIndex: number };

/**
 * What an acceptor keeps on stable storage: its promise and what it
 * accepted per slot (`accepted[slot - 1]`, `null` where it accepted
 * nothing). Everything else, the learned log included, is volatile.
 */
export interface PaxosPersistent {
  readonly promised: number;
  readonly accepted: readonly (AcceptedValue | null)[];
}

/**
 * A message in a few words for traces and diagrams.
 *
 * @example
 * ```ts
 * describePaxosMessage({ type: "Accepted", ballot: 7, slot: 3, ok: true, promised: 7 }); // "Accepted(b7, slot 3)"
 * ```
 */
export function describePaxosMessage(message: PaxosMessage): string {
  switch (message.type) {
    case "Prepare":
      return `Prepare(b${message.ballot}, from slot ${message.fromSlot})`;
    case "Promise":
      return message.ok ? `Promise(b${message.ballot}, ${message.accepted.length} accepted)` : `Promise(b${message.ballot}, refused: promised b${message.promised})`;
    case "Accept":
      return `Accept(b${message.ballot}, slot ${message.slot}: ${message.entry.id})`;
    case "Accepted":
      return message.ok ? `Accepted(b${message.ballot}, slot ${message.slot})` : `Accepted(b${message.ballot}, slot ${message.slot}, refused: promised b${message.promised})`;
    case "Chosen": {
      const n = message.entries.length;
      if (n === 0) return `Heartbeat(b${message.ballot}, commit ${message.commitIndex})`;
      return n === 1 ? `Chosen(b${message.ballot}, slot ${message.fromSlot})` : `Chosen(b${message.ballot}, slots ${message.fromSlot}..${message.fromSlot + n - 1})`;
    }
    case "ChosenAck":
      return `ChosenAck(b${message.ballot}, have ${message.commitIndex})`;
  }
}
