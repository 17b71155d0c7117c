import type { NodeContext, RegisterOutput } from "@cx/sim";
import type { PaxosMessage, PaxosPersistent } from "../messages.js";
import { HEARTBEAT_MS } from "./timing.js";

/**
 * How the acceptor's promise and accepted values reach the disk: synced
 * before any reply that depends on them, or, under the `reply_before_sync`
 * defect, written now (the reply goes at once) and synced with the next
 * heartbeat, so a crash in between loses them.
 */
export class AcceptorDisk {
  /** Under `reply_before_sync`: a write is waiting for the next sync. */
  private syncPending = false;

  /** `syncLater`: the `reply_before_sync` defect is seeded. */
  constructor(
    private readonly ctx: NodeContext<PaxosMessage, RegisterOutput, PaxosPersistent>,
    readonly syncLater: boolean,
  ) {}

  persist(state: PaxosPersistent): void {
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
