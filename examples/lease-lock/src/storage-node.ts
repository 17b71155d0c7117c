import type { ClientRequest, NodeContext, NodeId, ProtocolNode } from "@cx/sim";
import { emptyTable, type LeaseInput, type LeaseMessage, type LeaseOutput, type LeaseStored, type StorageStored } from "./lease-terms.js";

/**
 * The storage (the last node): it holds the resource the lock guards and the
 * lock table the primary copies to it, and it is the one place that says
 * which lock server is primary: it grants each epoch to one claimant and
 * refuses the copies of older epochs. A write is accepted only under the
 * token that holds the lock in the stored table (the fencing check), so a
 * client whose lease ran out, or whose write was held up in the network,
 * cannot overwrite the next holder's work.
 */
export class StorageNode implements ProtocolNode<LeaseMessage, LeaseInput> {
  private state: StorageStored;

  constructor(
    private readonly ctx: NodeContext<LeaseMessage, LeaseOutput, LeaseStored>,
    /** The seeded defect: accept every write, whatever its token. */
    private readonly unfenced: boolean,
  ) {
    const restored = ctx.restore();
    this.state = restored?.kind === "storage" ? restored : { kind: "storage", epoch: 0, primary: -1, round: 0, table: emptyTable, value: null, writes: [] };
  }

  onTimer(): void {}

  onMessage(from: NodeId, message: LeaseMessage): void {
    const state = this.state;
    switch (message.kind) {
      case "claim":
        if (message.epoch !== state.epoch) return this.ctx.send(from, { kind: "deposed", epoch: state.epoch, primary: state.primary });
        this.store({ ...state, epoch: state.epoch + 1, primary: from, round: 0 });
        return this.ctx.send(from, { kind: "claimed", epoch: state.epoch + 1, table: state.table });
      case "copy": {
        if (message.epoch !== state.epoch || from !== state.primary) return this.ctx.send(from, { kind: "deposed", epoch: state.epoch, primary: state.primary });
        if (message.round > state.round) {
          // Leases the primary ended by granting the lock again: from now on writes under them are refused.
          for (const token of message.table.expired.slice(state.table.expired.length)) this.ctx.emit({ kind: "fenced out", token });
          this.store({ ...state, round: message.round, table: message.table });
        }
        return this.ctx.send(from, { kind: "ack", epoch: state.epoch, round: this.state.round });
      }
      case "claimed":
      case "deposed":
      case "ack":
      case "heartbeat":
        return;
    }
  }

  onClientRequest(request: ClientRequest<LeaseInput>): void {
    const { input, client, seq } = request;
    const state = this.state;
    switch (input.op) {
      case "acquire":
      case "release":
        return this.ctx.reply(request, state.primary < 0 ? { kind: "redirect" } : { kind: "redirect", leaderHint: state.primary });
      case "read":
        return this.ctx.reply(request, { kind: "ok", output: state.value });
      case "write": {
        const last = state.writes.find(([c]) => c === client);
        // A late attempt of an earlier write is never applied; a retry gets the first answer.
        if (last !== undefined && seq < last[1]) return;
        if (last !== undefined && seq === last[1]) return this.ctx.reply(request, { kind: "ok", output: last[2] });
        const { table } = state;
        const accepted = this.unfenced || (table.held && table.token === input.token);
        if (accepted) this.ctx.emit({ kind: "accepted write", token: input.token, client, seq });
        this.store({
          ...state,
          value: accepted ? input.value : state.value,
          writes: [...state.writes.filter(([c]) => c !== client), [client, seq, accepted]],
        });
        return this.ctx.reply(request, { kind: "ok", output: accepted });
      }
    }
  }

  private store(state: StorageStored): void {
    this.state = state;
    this.ctx.persist(state);
  }
}
