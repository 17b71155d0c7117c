import type { ReplicaRole } from "./replica-role.js";

/**
 * What a replica reports as it runs: the protocol-neutral vocabulary the
 * safety invariants, the coverage probe and the story are built on. A
 * protocol emits these through its node context.
 *
 * A **term** is the one epoch concept of this vocabulary: a number that only
 * grows, at most one leader per value. It is Raft's term, Multi-Paxos's
 * ballot number, Viewstamped Replication's view number; every `term` field
 * here, in {@link ReplicaView} and in a violation's `subjects.terms` means
 * that number, whatever the protocol calls it.
 *
 * @example
 * ```ts
 * ctx.emit({ kind: "role", node: ctx.id, role: "leader", term: 3 } satisfies ReplicaObservation);
 * ```
 */
export type ReplicaObservation =
  /**
   * The replica's role, status or term changed. `status` is the protocol's
   * own word for the state within the role (VR's `recovering`, a
   * `view-change`): stories and diagrams show it instead of the role's name;
   * the invariants read only `role` and `term`.
   */
  | { readonly kind: "role"; readonly node: number; readonly role: ReplicaRole; readonly term: number; readonly status?: string }
  /** An entry was written at `index` (new or overwriting a conflicting one). */
  | { readonly kind: "appended"; readonly node: number; readonly index: number; readonly term: number; readonly id: string }
  /** Entries from `fromIndex` on were removed from the log. */
  | { readonly kind: "truncated"; readonly node: number; readonly fromIndex: number }
  /**
   * The commit index advanced to `index`; `term` is the replica's current
   * term when it learned this (Leader Completeness needs it).
   */
  | { readonly kind: "committed"; readonly node: number; readonly index: number; readonly term: number }
  /**
   * The entry at `index` was applied to the state machine. `effect` is false
   * when the command was recognised as a duplicate and skipped (at-most-once).
   */
  | { readonly kind: "applied"; readonly node: number; readonly index: number; readonly id: string; readonly client: number | null; readonly seq: number | null; readonly effect: boolean }
  /**
   * The replica granted its vote (or promise) to `candidate` in `term`, with
   * the last log entries of both. `candidateLogBehind` is the protocol's own
   * verdict on what the voter knew: the candidate's log was less up to date
   * than the voter's (by the protocol's rule, e.g. Raft's election
   * restriction), so a correct replica would have refused.
   */
  | {
      readonly kind: "voted";
      readonly node: number;
      readonly term: number;
      readonly candidate: number;
      readonly lastLogIndex: number;
      readonly lastLogTerm: number;
      readonly candidateLastLogIndex: number;
      readonly candidateLastLogTerm: number;
      readonly candidateLogBehind: boolean;
    }
  /** The replica booted again after a crash, with what it restored. */
  | { readonly kind: "restarted"; readonly node: number; readonly term: number; readonly logLength: number };
