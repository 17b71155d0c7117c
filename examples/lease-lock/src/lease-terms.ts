// The words the lock service, its storage, its clients and its checks share:
// operations, the lock table, the messages, and the lease's length.
import type { LockOutput } from "@cx/check";

/**
 * How long a client may use the lock after it asked for it, in ms of true
 * time: its lease counts from the moment it called `acquire`, so it ends no
 * later than any lease the service could have meant to grant.
 */
export const LEASE_MS = 1000;

/**
 * The drift the service assumes its clocks keep within, in parts per
 * million (5%: a clock gains or loses at most 50 ms a second). The plug-in
 * runs with the same bound (`clockDriftPpm`), so a correct service is tested
 * inside its assumption.
 */
export const DRIFT_BOUND_PPM = 50_000;

/**
 * How long the primary holds a lease on its own clock before it may grant
 * the lock to someone else: the lease's length, stretched by the drift
 * bound (a clock running fast by 5% counts 1050 ms in 1000 ms of true time),
 * plus a millisecond for the clock's rounding.
 */
export const LEASE_HOLD_MS = Math.ceil((LEASE_MS * (1_000_000 + DRIFT_BOUND_PPM)) / 1_000_000) + 1;

/** A client's operation: take the lock, give it back, write the guarded resource under a token, read it. */
export type LeaseInput =
  /** `at`: when the client asked (its lease counts from here); the service never reads it. */
  | { readonly op: "acquire"; readonly at: number }
  | { readonly op: "release"; readonly token: number }
  | { readonly op: "write"; readonly token: number; readonly value: string }
  | { readonly op: "read" };

/** The token granted (`null`: refused, the lock is held), whether a release or write was accepted, or the value read. The shape of `@cx/check`'s `lockModel`. */
export type LeaseOutput = LockOutput;

/**
 * The lock's state, as the primary keeps it and the storage stores it.
 * Never mutated: each change is a new table.
 */
export interface LockTable {
  /** The last token granted: 0 before the first grant, then 1, 2, 3... */
  readonly token: number;
  /** Whether the lock is held (by the last token granted). */
  readonly held: boolean;
  /** The client holding the lock, or -1. */
  readonly holder: number;
  /** Tokens whose leases ran out before they were released, in order: the storage stops accepting writes under them. */
  readonly expired: readonly number[];
  /** Each client's last lock operation and its answer, so that a retry is answered again, not applied again. */
  readonly answers: readonly (readonly [client: number, seq: number, output: LeaseOutput])[];
}

/** The lock before anyone took it. */
export const emptyTable: LockTable = { token: 0, held: false, holder: -1, expired: [], answers: [] };

/** What the nodes send each other. */
export type LeaseMessage =
  /** A lock server asks the storage to make it primary of the epoch after `epoch`. */
  | { readonly kind: "claim"; readonly epoch: number }
  /** The storage granted a claim: the claimant is primary of `epoch`, with the stored table. */
  | { readonly kind: "claimed"; readonly epoch: number; readonly table: LockTable }
  /** The storage refused a claim or a copy: `epoch` is current and `primary` holds it. */
  | { readonly kind: "deposed"; readonly epoch: number; readonly primary: number }
  /** The primary's table as of `round` (every client request makes a round): stored before any answer of that round goes out. */
  | { readonly kind: "copy"; readonly epoch: number; readonly round: number; readonly table: LockTable }
  /** The storage holds the primary's table up to `round`. */
  | { readonly kind: "ack"; readonly epoch: number; readonly round: number }
  /** The primary of `epoch` is alive: the other lock servers stay standbys. */
  | { readonly kind: "heartbeat"; readonly epoch: number };

/** A message in a few words, for traces and diagrams. */
export function describeLeaseMessage(message: LeaseMessage): string {
  switch (message.kind) {
    case "claim":
      return `claim after epoch ${message.epoch}`;
    case "claimed":
      return `claimed epoch ${message.epoch}`;
    case "deposed":
      return `deposed: epoch ${message.epoch} is s${message.primary}'s`;
    case "copy":
      return `copy e${message.epoch} r${message.round} (token ${message.table.token}${message.table.held ? ` held by client ${message.table.holder}` : ", free"})`;
    case "ack":
      return `ack e${message.epoch} r${message.round}`;
    case "heartbeat":
      return `heartbeat e${message.epoch}`;
  }
}

/** What a lock server keeps across a crash: the highest epoch it knows of (its table lives on the storage). */
export interface ServerStored {
  readonly kind: "server";
  readonly epoch: number;
}

/** What the storage keeps across a crash: the epoch and its primary, the lock table, the resource, and each client's last write. */
export interface StorageStored {
  readonly kind: "storage";
  readonly epoch: number;
  /** The lock server the current epoch belongs to (-1 before the first claim). */
  readonly primary: number;
  /** The primary's last round stored in this epoch. */
  readonly round: number;
  readonly table: LockTable;
  /** The guarded resource: the last write accepted, `null` before any. */
  readonly value: string | null;
  /** Each client's last write and its answer, so that a retried or late write is not applied twice. */
  readonly writes: readonly (readonly [client: number, seq: number, accepted: boolean])[];
}

/** What any node keeps across a crash. */
export type LeaseStored = ServerStored | StorageStored;
