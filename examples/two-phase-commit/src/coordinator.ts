import type { ClientRequest, NodeContext, NodeId, ProtocolNode } from "@cx/sim";
import { participantsOf, type CommitMessage, type CommitStored, type CoordinatorStored, type Decision, type Outcome, type TxInput, type TxOutput } from "./commit-terms.js";

/** How often the coordinator sends again what was not answered (prepares, decisions) and syncs its disk. */
const RESEND_MS = 100;
/** How long it waits for every vote before it aborts, on its own clock. */
const VOTE_TIMEOUT_MS = 400;

/** The seeded mistakes a coordinator can make. */
export interface CoordinatorDefects {
  /** Answers the client as soon as a decision is written, before it is synced (the disk is synced, and the participants told, at the next tick). */
  readonly answerBeforeSync: boolean;
  /** Commits once a majority of the nodes a transaction involves (itself and its participants) is for it, not every participant. */
  readonly commitOnMajority: boolean;
}

/** A transaction whose votes are being collected. */
interface Collecting {
  readonly participants: readonly number[];
  readonly votes: Map<number, boolean>;
  readonly startedAt: number;
  /** Client requests (the commit and any status query) answered once it is decided. */
  readonly waiting: ClientRequest<TxInput>[];
}

const told = (outcome: Outcome): TxOutput => (outcome === "commit" ? "committed" : "aborted");

/**
 * The coordinator (node 0). It asks every participant a transaction
 * touches to prepare, commits if every one votes yes and aborts otherwise
 * (or when a vote does not come in time). A decision goes on its disk
 * before anyone hears it; then it answers the client and tells the
 * participants, again and again until each says it is done. It remembers
 * nothing else: a transaction it has no decision for after a crash is
 * aborted when anyone asks (presumed abort), and that abort goes on disk
 * too, so it can never commit it later.
 */
export class Coordinator implements ProtocolNode<CommitMessage, TxInput> {
  private readonly decisions: Map<string, Decision>;
  private readonly incarnation: number;
  private readonly collecting = new Map<string, Collecting>();
  /** Participants not yet done with each decision (after a restart: every participant of every decision). */
  private readonly unfinished = new Map<string, Set<number>>();

  constructor(
    private readonly ctx: NodeContext<CommitMessage, TxOutput, CommitStored>,
    private readonly defects: CoordinatorDefects,
  ) {
    const restored = ctx.restore();
    const stored = restored?.kind === "coordinator" ? restored : undefined;
    this.incarnation = (stored?.incarnation ?? 0) + 1;
    this.decisions = new Map((stored?.decisions ?? []).map((d) => [d.tx, d]));
    for (const d of this.decisions.values()) if (d.participants.length > 0) this.unfinished.set(d.tx, new Set(d.participants));
    ctx.persist(this.stored());
    ctx.emit({ kind: "role", node: ctx.id, role: "leader", term: this.incarnation });
    ctx.setTimer("resend", RESEND_MS);
  }

  onTimer(name: string): void {
    if (name !== "resend") return;
    const now = this.ctx.now();
    for (const [tx, collecting] of [...this.collecting]) {
      if (now - collecting.startedAt >= VOTE_TIMEOUT_MS) this.decide({ tx, outcome: "abort", participants: collecting.participants }, "times out");
      else for (const p of collecting.participants) if (!collecting.votes.has(p)) this.ctx.send(p, { kind: "prepare", tx });
    }
    // Whatever was written is made durable before any participant hears of it.
    this.ctx.sync();
    for (const [tx, participants] of this.unfinished) {
      const decision = this.decisions.get(tx);
      if (decision !== undefined) for (const p of participants) this.ctx.send(p, { kind: "decision", tx, outcome: decision.outcome });
    }
    this.ctx.setTimer("resend", RESEND_MS);
  }

  onMessage(from: NodeId, message: CommitMessage): void {
    switch (message.kind) {
      case "vote":
        return this.vote(from, message.tx, message.yes);
      case "done":
        this.unfinished.get(message.tx)?.delete(from);
        if (this.unfinished.get(message.tx)?.size === 0) this.unfinished.delete(message.tx);
        return;
      case "query": {
        if (this.collecting.has(message.tx)) return;
        const decision = this.decisions.get(message.tx);
        // Presumed abort: no decision on disk means it never committed, and now never will (deciding tells the participant).
        if (decision === undefined) return void this.decide({ tx: message.tx, outcome: "abort", participants: [from] }, "presumes abort");
        return this.ctx.send(from, { kind: "decision", tx: message.tx, outcome: decision.outcome });
      }
      case "prepare":
      case "decision":
        return;
    }
  }

  onClientRequest(request: ClientRequest<TxInput>): void {
    const { input } = request;
    const decision = this.decisions.get(input.tx);
    if (decision !== undefined) return this.ctx.reply(request, { kind: "ok", output: told(decision.outcome) });
    const collecting = this.collecting.get(input.tx);
    if (collecting !== undefined) {
      collecting.waiting.push(request);
      return;
    }
    if (input.op === "status") {
      // Asked about a transaction it has no record of: it aborts it, as a participant's question would.
      this.decide({ tx: input.tx, outcome: "abort", participants: [] }, "presumes abort");
      return this.ctx.reply(request, { kind: "ok", output: "aborted" });
    }
    const participants = participantsOf(input.keys, this.ctx.clusterSize);
    this.collecting.set(input.tx, { participants, votes: new Map(), startedAt: this.ctx.now(), waiting: [request] });
    for (const p of participants) this.ctx.send(p, { kind: "prepare", tx: input.tx });
  }

  private vote(from: NodeId, tx: string, yes: boolean): void {
    const collecting = this.collecting.get(tx);
    if (collecting === undefined || !collecting.participants.includes(from)) return;
    collecting.votes.set(from, yes);
    if (!yes) {
      this.decide({ tx, outcome: "abort", participants: collecting.participants });
      return;
    }
    const yeses = [...collecting.votes.values()].filter(Boolean).length;
    // The seeded defect: a majority of the nodes involved (the coordinator counts itself) is not every participant.
    const enough = this.defects.commitOnMajority ? 2 * (1 + yeses) > 1 + collecting.participants.length : yeses === collecting.participants.length;
    if (enough) this.decide({ tx, outcome: "commit", participants: collecting.participants });
  }

  /**
   * Records a decision on disk (written and synced), then answers whoever
   * waits and tells the participants: whoever hears a decision can count on
   * it surviving a crash.
   */
  private decide(decision: Decision, unusual?: "presumes abort" | "times out"): void {
    const { tx, outcome, participants } = decision;
    // Routine decisions show in the client's answer; the two that recovery and failures force are worth a line of the story.
    if (unusual !== undefined) this.ctx.emit({ kind: unusual, tx });
    this.decisions.set(tx, decision);
    this.ctx.write(this.stored());
    const waiting = this.collecting.get(tx)?.waiting ?? [];
    this.collecting.delete(tx);
    if (participants.length > 0) this.unfinished.set(tx, new Set(participants));
    const answer = (): void => {
      for (const request of waiting) this.ctx.reply(request, { kind: "ok", output: told(outcome) });
    };
    if (this.defects.answerBeforeSync) {
      // The seeded defect: the client hears the decision before it is on disk. The next tick syncs the disk and
      // then tells the participants (as for any decision not yet done); a crash before then loses the decision.
      return answer();
    }
    this.ctx.sync();
    answer();
    for (const p of participants) this.ctx.send(p, { kind: "decision", tx, outcome });
  }

  private stored(): CoordinatorStored {
    return { kind: "coordinator", incarnation: this.incarnation, decisions: [...this.decisions.values()] };
  }
}
