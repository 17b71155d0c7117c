import type { NodeContext, RegisterOutput } from "@cx/sim";
import type { RaftMessage, RaftPersistent } from "../messages.js";
import { HEARTBEAT_MS } from "./timing.js";

/**
 * How a node's term, vote and log reach the disk: synced before any message
 * that depends on them, or, under the `reply_before_sync` defect, written
 * now (the answer goes at once) and synced with the next heartbeat, so a
 * crash in between loses them.
 */
export class RaftDisk {
  /** Under `reply_before_sync`: a write is waiting for the next sync. */
  private syncPending = false;

  /** `syncLater`: the `reply_before_sync` defect is seeded. */
  constructor(
    private readonly ctx: NodeContext<RaftMessage, RegisterOutput, RaftPersistent>,
    readonly syncLater: boolean,
  ) {}

  persist(state: RaftPersistent): void {
    if (!this.syncLater) {
      this.ctx.persist(state);
      return;
    }
    // The seeded defect: write now, answer now, sync with the next heartbeat.
    this.ctx.write(state);
    if (!this.syncPending) this.ctx.setTimer("sync", HEARTBEAT_MS);
    this.syncPending = true;
  }

  /** The `sync` timer fired: what was written is durable now. */
  sync(): void {
    this.ctx.sync();
    this.syncPending = false;
  }
}
