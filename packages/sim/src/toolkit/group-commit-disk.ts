import type { NodeContext } from "../protocol.js";

/** What a {@link GroupCommitDisk} needs of its node's context (any `NodeContext` has it). */
export type GroupCommitContext<Persistent> = Pick<NodeContext<unknown, unknown, Persistent>, "persist" | "write" | "sync" | "setTimer">;

/** The name of the timer a {@link GroupCommitDisk} sets when it leaves a write unsynced. */
export const SYNC_TIMER = "sync";

/**
 * How a node's durable state reaches the disk: synced before `persist`
 * returns, or, with `syncLater`, written now and synced when the
 * {@link SYNC_TIMER} timer fires `syncAfterMs` later (group commit: many
 * writes, one sync), so that a crash in between loses what was written
 * while the node may already have answered on the strength of it.
 *
 * When to use: in a protocol package whose seeded defect answers before it
 * syncs (Raft's and Paxos's `reply_before_sync`), so that the defect is one
 * flag and not a second copy of the node's persistence.
 *
 * Gotchas: the node must call {@link GroupCommitDisk.sync} when its
 * `"sync"` timer fires; at most one such timer is set at a time.
 *
 * @example
 * ```ts
 * const disk = new GroupCommitDisk(ctx, defects.has("reply_before_sync"), HEARTBEAT_MS);
 * disk.persist({ term, votedFor, log });
 * // in onTimer(name):
 * if (name === SYNC_TIMER) disk.sync();
 * ```
 */
export class GroupCommitDisk<Persistent> {
  /** A write is waiting for the next sync (only with `syncLater`). */
  private syncPending = false;

  constructor(
    private readonly ctx: GroupCommitContext<Persistent>,
    /** Write now and sync `syncAfterMs` later instead of syncing at once. */
    readonly syncLater: boolean,
    private readonly syncAfterMs: number,
  ) {}

  /** Stores `state`: durable when this returns, or, with `syncLater`, at the next sync. */
  persist(state: Persistent): void {
    if (!this.syncLater) {
      this.ctx.persist(state);
      return;
    }
    this.ctx.write(state);
    if (!this.syncPending) this.ctx.setTimer(SYNC_TIMER, this.syncAfterMs);
    this.syncPending = true;
  }

  /** The sync timer fired: what was written is durable now. */
  sync(): void {
    this.ctx.sync();
    this.syncPending = false;
  }
}
