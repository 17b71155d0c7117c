// The words the replicas, the checks and the story share: log entries,
// messages, what survives a crash, and who is primary of a view.
import type { RegisterInput } from "@cx/sim";

/**
 * One operation in a replica's log: a client's request and the view in
 * which a primary gave it its op-number. Entries are immutable and shared
 * between logs, messages and persisted state; `id` names the command for the
 * checks and the story (`c0#2 write 0.2`).
 */
export interface VrEntry {
  /** The view whose primary assigned this op-number (the "term" of @cx/check's observations). */
  readonly view: number;
  readonly id: string;
  readonly client: number;
  readonly seq: number;
  readonly input: RegisterInput;
}

/** A replica's status (VR-Revisited's `recovering` is not needed: every replica keeps its state on disk). */
export type VrStatus = "normal" | "view-change";

/**
 * What a replica keeps on stable storage, written before any message that
 * depends on it is sent: the view it is in, its status, the last view in
 * which it was normal, and its log. The commit-number and the state machine
 * are volatile: the primary tells the first again, the log rebuilds the second.
 */
export interface VrStored {
  readonly view: number;
  readonly status: VrStatus;
  readonly lastNormalView: number;
  readonly log: readonly VrEntry[];
}

/**
 * What replicas send each other (VR-Revisited, Liskov and Cowling 2012,
 * figures 2 and 3, with op-numbers counted from 1: op-number = log length).
 */
export type VrMessage =
  /** Primary to backups: the operation at op-number `op`, and the primary's commit-number. */
  | { readonly kind: "prepare"; readonly view: number; readonly op: number; readonly entry: VrEntry; readonly commit: number }
  /** Backup to primary: it holds every operation of the view's log up to `op` (on its disk). */
  | { readonly kind: "prepare-ok"; readonly view: number; readonly op: number }
  /** Primary to backups, as a heartbeat: its commit-number, and its op-number so a backup sees what it lacks. */
  | { readonly kind: "commit"; readonly view: number; readonly commit: number; readonly op: number }
  /** A replica that lacks part of the view's log asks the primary for it. */
  | { readonly kind: "get-state"; readonly view: number }
  /** A replica that moved to view `view` asks the others to move too. */
  | { readonly kind: "start-view-change"; readonly view: number }
  /** To the new primary: the sender's log, the last view it was normal in, and its commit-number. */
  | { readonly kind: "do-view-change"; readonly view: number; readonly log: readonly VrEntry[]; readonly lastNormalView: number; readonly commit: number }
  /** The new primary's log (also its answer to a get-state): the receiver adopts it. */
  | { readonly kind: "start-view"; readonly view: number; readonly log: readonly VrEntry[]; readonly commit: number };

/** The primary of `view` in a cluster of `size` replicas: replica `view mod size`. */
export function primaryOf(view: number, size: number): number {
  return view % size;
}

/** How many replicas make a majority of `size` (f + 1 when size = 2f + 1): every quorum of VR is one. */
export function majorityOf(size: number): number {
  return Math.floor(size / 2) + 1;
}

/** A message in a few words, for traces and diagrams (`Prepare(v2, op 3, commit 2)`). */
export function describeVrMessage(message: VrMessage): string {
  switch (message.kind) {
    case "prepare":
      return `Prepare(v${message.view}, op ${message.op}, commit ${message.commit})`;
    case "prepare-ok":
      return `PrepareOK(v${message.view}, op ${message.op})`;
    case "commit":
      return `Commit(v${message.view}, commit ${message.commit})`;
    case "get-state":
      return `GetState(v${message.view})`;
    case "start-view-change":
      return `StartViewChange(v${message.view})`;
    case "do-view-change":
      return `DoViewChange(v${message.view}, ${message.log.length} ops, last normal v${message.lastNormalView})`;
    case "start-view":
      return `StartView(v${message.view}, ${message.log.length} ops, commit ${message.commit})`;
  }
}
