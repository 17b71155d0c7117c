// The words the coordinator, the participants, the clients and the checks
// share: transactions, outcomes, messages and what survives a crash.

/** The keys a transaction may write; each lives on one participant (see {@link participantOf}). */
export const KEYS = ["a", "b"] as const;

/** A key of {@link KEYS}. */
export type Key = (typeof KEYS)[number];

/** A client's operation: run a transaction that writes some keys, or ask what became of one. */
export type TxInput =
  /** `tx` names the transaction (`client.seq` of this operation). */
  | { readonly op: "commit"; readonly tx: string; readonly keys: readonly Key[] }
  | { readonly op: "status"; readonly tx: string };

/** What a client is told: the transaction's outcome. */
export type TxOutput = "committed" | "aborted";

/** A decision, as the coordinator and the participants record it. */
export type Outcome = "commit" | "abort";

/**
 * The participant that holds `key` in a cluster of `clusterSize` nodes
 * (node 0 coordinates; nodes 1 and up participate).
 */
export function participantOf(key: Key, clusterSize: number): number {
  return 1 + (KEYS.indexOf(key) % Math.max(1, clusterSize - 1));
}

/** The participants a transaction touches, in id order. */
export function participantsOf(keys: readonly Key[], clusterSize: number): number[] {
  return [...new Set(keys.map((key) => participantOf(key, clusterSize)))].sort((a, b) => a - b);
}

/** What the nodes send each other. */
export type CommitMessage =
  /** Coordinator to participant: can you commit `tx`? */
  | { readonly kind: "prepare"; readonly tx: string }
  /** Participant to coordinator: its vote (a yes is on its disk before it is sent). */
  | { readonly kind: "vote"; readonly tx: string; readonly yes: boolean }
  /** Coordinator to participant: the outcome (on the coordinator's disk before it is sent). */
  | { readonly kind: "decision"; readonly tx: string; readonly outcome: Outcome }
  /** Participant to coordinator: it has recorded the outcome. */
  | { readonly kind: "done"; readonly tx: string }
  /** A participant in doubt (prepared, no outcome yet) asks the coordinator. */
  | { readonly kind: "query"; readonly tx: string };

/** A message in a few words, for traces and diagrams. */
export function describeCommitMessage(message: CommitMessage): string {
  switch (message.kind) {
    case "prepare":
      return `prepare ${message.tx}`;
    case "vote":
      return `vote ${message.yes ? "yes" : "no"} on ${message.tx}`;
    case "decision":
      return `${message.outcome} ${message.tx}`;
    case "done":
      return `done ${message.tx}`;
    case "query":
      return `what of ${message.tx}?`;
  }
}

/** One decision of the coordinator, kept on its disk. */
export interface Decision {
  readonly tx: string;
  readonly outcome: Outcome;
  /** The participants to tell (empty for a transaction aborted before the coordinator knew whom it touched). */
  readonly participants: readonly number[];
}

/** What the coordinator keeps across a crash: how many times it booted, and every decision. */
export interface CoordinatorStored {
  readonly kind: "coordinator";
  readonly incarnation: number;
  readonly decisions: readonly Decision[];
}

/** What a participant keeps across a crash: the transactions it voted yes on, and every outcome it recorded. */
export interface ParticipantStored {
  readonly kind: "participant";
  readonly prepared: readonly string[];
  readonly decided: readonly (readonly [tx: string, outcome: Outcome])[];
}

/** What any node keeps across a crash. */
export type CommitStored = CoordinatorStored | ParticipantStored;
