import type { ClientRequest, NodeContext, NodeId, ProtocolNode } from "@cx/sim";
import type { CommitMessage, CommitStored, Outcome, TxInput, TxOutput } from "./commit-terms.js";

/** How often a participant in doubt asks the coordinator what became of a transaction. */
const QUERY_MS = 150;
/** The vote draw: 0 (the calm value) and most others are yes; only the highest value is no. */
const VOTE_LEVELS = 5;

/**
 * A participant (every node but 0). Asked to prepare, it votes: a yes is
 * written to its disk first (it promises to commit if told to, even after a
 * crash), a no aborts at once (it may, having promised nothing). Once
 * prepared it waits for the coordinator's decision and asks for it while in
 * doubt; it never decides on its own. Told to commit a transaction it never
 * prepared, it cannot (it has nothing to commit) and aborts it.
 */
export class Participant implements ProtocolNode<CommitMessage, TxInput> {
  private readonly prepared: Set<string>;
  private readonly decided: Map<string, Outcome>;

  constructor(
    private readonly ctx: NodeContext<CommitMessage, TxOutput, CommitStored>,
    /** The seeded defect: a yes vote is not written to disk, so a crash forgets it. */
    private readonly forgetsPrepared: boolean,
  ) {
    const restored = ctx.restore();
    const stored = restored?.kind === "participant" ? restored : undefined;
    this.prepared = new Set(stored?.prepared ?? []);
    this.decided = new Map(stored?.decided ?? []);
    ctx.setTimer("query", QUERY_MS);
  }

  onTimer(name: string): void {
    if (name !== "query") return;
    for (const tx of this.prepared) if (!this.decided.has(tx)) this.ctx.send(0, { kind: "query", tx });
    this.ctx.setTimer("query", QUERY_MS);
  }

  onMessage(from: NodeId, message: CommitMessage): void {
    switch (message.kind) {
      case "prepare":
        return this.prepare(from, message.tx);
      case "decision":
        if (message.outcome === "commit" && !this.prepared.has(message.tx)) this.record(message.tx, "abort", "it has no yes vote on record");
        else this.record(message.tx, message.outcome, "told to");
        return this.ctx.send(from, { kind: "done", tx: message.tx });
      case "vote":
      case "done":
      case "query":
        return;
    }
  }

  onClientRequest(request: ClientRequest<TxInput>): void {
    this.ctx.reply(request, { kind: "redirect", leaderHint: 0 });
  }

  private prepare(from: NodeId, tx: string): void {
    const outcome = this.decided.get(tx);
    if (outcome !== undefined || this.prepared.has(tx)) return this.ctx.send(from, { kind: "vote", tx, yes: outcome !== "abort" });
    if (this.ctx.draw(VOTE_LEVELS, "vote") === VOTE_LEVELS - 1) {
      this.record(tx, "abort", "it votes no");
      return this.ctx.send(from, { kind: "vote", tx, yes: false });
    }
    this.prepared.add(tx);
    this.ctx.emit({ kind: "prepares", tx });
    // The seeded defect: the promise is kept in memory only.
    if (!this.forgetsPrepared) this.store();
    this.ctx.send(from, { kind: "vote", tx, yes: true });
  }

  private record(tx: string, outcome: Outcome, why: string): void {
    if (this.decided.has(tx)) return;
    this.decided.set(tx, outcome);
    this.ctx.emit(outcome === "commit" ? { kind: "commits", tx } : { kind: "aborts", tx, because: why });
    this.store();
  }

  private store(): void {
    this.ctx.persist({ kind: "participant", prepared: [...this.prepared], decided: [...this.decided] });
  }
}
