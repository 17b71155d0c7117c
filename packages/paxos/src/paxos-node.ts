import type { ReplicaObservation } from "@cx/check";
import { countNodes, ElectionTimer, GroupCommitDisk, RegisterMachine, SYNC_TIMER, registerWorkload, type ClientOperation, type ClientRequest, type NodeContext, type NodeId, type ProtocolNode, type RegisterInput, type RegisterOutput } from "@cx/sim";
import { ballotProposer, ballotRound, nextBallot } from "./ballot.js";
import type { PaxosDefectName } from "./defects.js";
import { promisedObservation, reportFrom, withAccepted } from "./internal/accepted-values.js";
import { ClientWaits } from "./internal/client-waits.js";
import { LearnedLog, type LearnedEntryView } from "./internal/learned-log.js";
import { PromiseTally } from "./internal/promise-tally.js";
import { HEARTBEAT_MS, MAX_BATCH } from "./internal/timing.js";
import type { AcceptedValue, PaxosEntry, PaxosMessage, PaxosPersistent, ReportedValue } from "./messages.js";
import type { PaxosRole } from "./paxos-types.js";

/** A proposal of the current ballot that is not chosen yet: the entry and which acceptors accepted it (a bit per node). */
interface Proposal {
  readonly entry: PaxosEntry;
  acks: number;
}

const NO_OP_APPLIED = { effect: true, output: null } as const;
const NO_ENTRIES: readonly PaxosEntry[] = [];
const NO_REPORTS: readonly ReportedValue[] = [];

/**
 * One Multi-Paxos node (Lamport's Paxos Made Simple, with a distinguished
 * proposer) running a replicated register with at-most-once client
 * semantics, driven by @cx/sim. Every node is proposer, acceptor and
 * learner.
 *
 * When to use: through {@link createPaxosProtocol} / the plug-in; the world
 * creates one per boot. Its public fields are for monitors, views and
 * coverage probes: read-only by contract.
 *
 * Details:
 * - A node that hears nothing from a leader for its (staggered, jittered)
 *   timeout picks a ballot above every ballot it has seen and runs phase 1
 *   from the first slot it has not learned. Once a majority promised, it
 *   proposes again, in its own ballot, the highest-ballot value reported for
 *   each slot (a no-op where none was), and becomes leader when all of them
 *   are chosen. Only then does it take client commands.
 * - The acceptor's promise and accepted values are persisted before any
 *   reply that depends on them; a crash loses the learned log and the state
 *   machine, which the leader sends again (Chosen catch-up).
 * - Any ballot above the node's promise, seen in any message, is adopted:
 *   a leader or candidate then steps down.
 * - Reads and writes both take a slot; the leader answers a client once
 *   the slot is applied. Followers redirect with a leader hint.
 * - Each seeded defect is one `defects.has(...)` guard around the correct check.
 *
 * Gotchas: the accepted array is replaced, never mutated, so a persisted state
 * or a sent message that shares it stays valid (the learned log grows in place).
 */
export class PaxosNode implements ProtocolNode<PaxosMessage, RegisterInput> {
  role: PaxosRole = "follower";
  /** The acceptor's promise: the highest ballot seen (persisted). This is the node's term in observations. */
  promised = 0;
  /** What this acceptor accepted per slot, `accepted[slot - 1]` (persisted). */
  accepted: readonly (AcceptedValue | null)[] = [];
  /** What this node learned chosen: its log and the slots beyond it. */
  private readonly learned = new LearnedLog();
  lastApplied = 0;
  /** The ballot this node proposes in while candidate or leader (0 otherwise). */
  ballot = 0;
  /** Who this node believes leads, for client redirects. */
  leaderHint: NodeId | undefined = undefined;
  /** The replicated state machine: the register and its at-most-once table (in memory, rebuilt from the log). */
  readonly machine = new RegisterMachine();
  /** Proposals of the current ballot that are not chosen yet, by slot. */
  readonly proposals = new Map<number, Proposal>();

  private readonly ctx: NodeContext<PaxosMessage, RegisterOutput, PaxosPersistent>;
  private readonly defects: ReadonlySet<PaxosDefectName>;
  /** The first slot phase 1 asked about. */
  private prepareFrom = 1;
  /** Phase 1: who answered and who promised, and the values they reported. */
  private readonly tally: PromiseTally;
  /** While recovering: the last slot that must be chosen before leading (-1: still in phase 1). */
  private recoverTo = -1;
  private nextSlot = 1;
  /** Client requests not answered yet: held while no leader is known, or waiting for their slot. */
  private readonly clients = new ClientWaits();
  private readonly election: ElectionTimer;
  private readonly disk: GroupCommitDisk<PaxosPersistent>;

  constructor(ctx: NodeContext<PaxosMessage, RegisterOutput, PaxosPersistent>, defects: ReadonlySet<PaxosDefectName>) {
    this.ctx = ctx;
    this.election = new ElectionTimer(ctx);
    this.defects = defects;
    this.tally = new PromiseTally({ ignoreReports: defects.has("ignore_promised_values"), firstReportWins: defects.has("m_harvest_first_report") });
    this.disk = new GroupCommitDisk(ctx, defects.has("reply_before_sync"), HEARTBEAT_MS);
    const restored = ctx.restore();
    if (restored !== undefined) {
      this.accepted = restored.accepted;
      if (!defects.has("forget_promise_on_restart")) {
        this.promised = restored.promised;
      }
      this.emit({ kind: "restarted", node: ctx.id, term: this.promised, logLength: 0 });
    } else if (ctx.storageFault() !== null) {
      // The disk failed it at this restart (a scenario with diskFaults): it starts blank, but it did restart, and what it
      // had applied is gone with the rest; the format below (under reply_before_sync) happens again at its next boot.
      this.emit({ kind: "restarted", node: ctx.id, term: this.promised, logLength: 0 });
    } else if (this.disk.syncLater) {
      // Under this defect a crash can lose every write of a boot: format the disk at the first boot, so that a
      // restart always finds a synced state to restore (and says so), however little it kept.
      ctx.persist({ promised: this.promised, accepted: this.accepted });
    }
    this.election.redraw();
    this.touchElection();
  }

  /** The learned log, read-only to everyone else. */
  get log(): readonly PaxosEntry[] {
    return this.learned.log;
  }

  /** The learned log as a replica view shows it (see {@link LearnedLog.view}). */
  viewLog(): readonly LearnedEntryView[] {
    return this.learned.view();
  }

  /** How many slots are known chosen in order (the commit index). */
  get commitIndex(): number {
    return this.learned.log.length;
  }

  // ---- events ------------------------------------------------------------

  onMessage(from: NodeId, message: PaxosMessage): void {
    switch (message.type) {
      case "Prepare":
        return this.onPrepare(from, message);
      case "Promise":
        return this.onPromise(from, message);
      case "Accept":
        return this.onAccept(from, message);
      case "Accepted":
        return this.onAccepted(from, message);
      case "Chosen":
        return this.onChosen(from, message);
      case "ChosenAck":
        return this.onChosenAck(from, message);
    }
  }

  onTimer(name: string): void {
    if (name === SYNC_TIMER) {
      this.disk.sync();
      return;
    }
    if (name === "election") {
      if (this.election.fire(this.role === "leader")) this.startCandidacy();
      return;
    }
    if (this.role === "follower") return;
    // Messages are retried: whoever has not answered is asked again.
    if (this.role === "candidate" && this.recoverTo < 0) this.sendPrepares();
    this.resendAccepts();
    if (this.role === "leader") this.broadcast({ type: "Chosen", ballot: this.ballot, fromSlot: this.commitIndex + 1, entries: NO_ENTRIES, commitIndex: this.commitIndex });
    this.ctx.setTimer("heartbeat", HEARTBEAT_MS);
  }

  onClientRequest(request: ClientRequest<RegisterInput>): void {
    if (this.role !== "leader") {
      const hint = this.leaderHint;
      if (hint === undefined || hint === this.ctx.id) {
        // Redirecting blindly during an election only bounces the client around: hold the request until a leader is known.
        this.clients.hold(request);
        return;
      }
      this.ctx.reply(request, { kind: "redirect", leaderHint: hint });
      return;
    }
    const earlier = this.machine.answered(request.client, request.seq);
    if (earlier !== undefined) {
      // Already applied: answer from the at-most-once table (a stale retry of an older operation gets nothing).
      if (earlier !== "stale") this.ctx.reply(request, { kind: "ok", output: earlier.output });
      return;
    }
    if (request.input.op === "read" && this.defects.has("stale_local_read")) {
      this.ctx.reply(request, { kind: "ok", output: this.machine.value });
      return;
    }
    const entry: PaxosEntry = { ballot: this.ballot, id: `c${request.client}#${request.seq} ${registerWorkload.describe(request.input)}`, client: request.client, seq: request.seq, input: request.input };
    const slot = this.nextSlot++;
    this.clients.wait(slot, request);
    this.propose(slot, entry);
  }

  // ---- phase 1 -------------------------------------------------------------

  /** Pushes the suspicion deadline back (heard from the leader, promised a candidate). */
  private touchElection(): void {
    if (this.role === "leader") return;
    this.election.touch();
  }

  private startCandidacy(): void {
    this.clearProposer();
    this.ballot = nextBallot(this.promised, this.ctx.id, this.ctx.clusterSize);
    this.promised = this.ballot;
    this.role = "candidate";
    this.leaderHint = undefined;
    this.persist();
    this.emit({ kind: "role", node: this.ctx.id, role: "candidate", term: this.ballot });
    this.prepareFrom = this.commitIndex + 1;
    this.tally.begin(this.ctx.id, reportFrom(this.accepted, this.prepareFrom));
    this.election.redraw();
    this.touchElection();
    this.ctx.setTimer("heartbeat", HEARTBEAT_MS);
    if (this.isQuorum(this.tally.promises)) this.startRecovery();
    else this.sendPrepares();
  }

  private sendPrepares(): void {
    const message: PaxosMessage = { type: "Prepare", ballot: this.ballot, fromSlot: this.prepareFrom, lastIndex: this.commitIndex, lastTerm: this.lastTerm() };
    for (const peer of this.ctx.peers) if (!this.tally.hasAnswered(peer)) this.ctx.send(peer, message);
  }

  private onPrepare(from: NodeId, m: Extract<PaxosMessage, { type: "Prepare" }>): void {
    if (m.ballot > this.promised) this.adopt(m.ballot);
    // Re-promising the ballot already promised is idempotent (the candidate retried).
    const lowerPromised = this.defects.has("m_promise_lower_ballot") && m.ballot < this.promised && ballotProposer(m.ballot, this.ctx.clusterSize) === from;
    if (!lowerPromised && (m.ballot !== this.promised || ballotProposer(m.ballot, this.ctx.clusterSize) !== from)) {
      this.ctx.send(from, { type: "Promise", ballot: m.ballot, ok: false, promised: this.promised, accepted: NO_REPORTS });
      return;
    }
    this.touchElection();
    this.emit(promisedObservation({ id: this.ctx.id, commitIndex: this.commitIndex, log: this.log }, from, m));
    this.ctx.send(from, { type: "Promise", ballot: m.ballot, ok: true, promised: this.promised, accepted: reportFrom(this.accepted, this.defects.has("m_report_from_commit") ? Math.max(m.fromSlot, this.commitIndex + 1) : m.fromSlot) });
  }

  private onPromise(from: NodeId, m: Extract<PaxosMessage, { type: "Promise" }>): void {
    if (m.promised > this.promised) {
      this.adopt(m.promised);
      return;
    }
    if (this.role !== "candidate" || this.recoverTo >= 0 || (m.ballot !== this.ballot && !this.defects.has("m_count_stale_promises"))) return;
    if (!this.tally.answer(from, m)) return;
    if (this.isQuorum(this.tally.promises)) this.startRecovery();
  }

  private isQuorum(mask: number): boolean {
    const count = countNodes(mask);
    if (this.defects.has("minority_quorum")) return count * 2 >= this.ctx.clusterSize - 1;
    return count * 2 > this.ctx.clusterSize;
  }

  // ---- recovery and phase 2 ------------------------------------------------

  /** A majority promised: propose again, in this ballot, every slot it might have to (a no-op where nothing was reported). */
  private startRecovery(): void {
    let last = this.commitIndex;
    if (!this.defects.has("m_recover_committed_only")) for (const slot of this.tally.reported.keys()) last = Math.max(last, slot);
    for (const slot of this.learned.aheadSlots()) last = Math.max(last, slot);
    this.recoverTo = last;
    this.nextSlot = last + 1;
    for (let slot = this.commitIndex + 1; slot <= last; slot++) {
      if (this.learned.knows(slot) && !this.defects.has("m_recover_over_chosen")) {
        if (this.defects.has("m_recovery_stops_at_chosen")) break;
        continue;
      }
      const entry = this.tally.reported.get(slot)?.entry ?? { ballot: this.ballot, id: `noop b${this.ballot}`, client: null, seq: null, input: null };
      this.propose(slot, entry);
      // A quorum of one (the minority_quorum defect) chooses at once, and may finish recovery inside the loop.
      if (this.role !== "candidate") break;
    }
    this.tally.reported.clear();
    this.checkRecovered();
  }

  private checkRecovered(): void {
    if (this.role === "candidate" && this.recoverTo >= 0 && this.commitIndex >= this.recoverTo) this.becomeLeader();
  }

  private becomeLeader(): void {
    this.role = "leader";
    this.leaderHint = this.ctx.id;
    this.emit({ kind: "role", node: this.ctx.id, role: "leader", term: this.ballot });
    this.election.cancel();
    this.broadcast({ type: "Chosen", ballot: this.ballot, fromSlot: this.commitIndex + 1, entries: NO_ENTRIES, commitIndex: this.commitIndex });
    if (this.clients.holding) this.releaseHeld();
  }

  /** Answers the requests held while no leader was known: served here if we lead, redirected otherwise. */
  private releaseHeld(): void {
    for (const request of this.clients.release()) this.onClientRequest(request);
  }

  /** Proposes `entry` for `slot` in the current ballot: accepts it locally, then asks every peer. */
  private propose(slot: number, entry: PaxosEntry): void {
    this.store(slot, { ballot: this.ballot, entry });
    this.persist();
    const proposal: Proposal = { entry, acks: 1 << this.ctx.id };
    this.proposals.set(slot, proposal);
    const message: PaxosMessage = { type: "Accept", ballot: this.ballot, slot, entry };
    for (const peer of this.ctx.peers) this.ctx.send(peer, message);
    if (this.isQuorum(proposal.acks)) this.choose(slot, proposal);
  }

  private resendAccepts(): void {
    for (const [slot, proposal] of this.proposals) {
      const message: PaxosMessage = { type: "Accept", ballot: this.ballot, slot, entry: proposal.entry };
      for (const peer of this.ctx.peers) if ((proposal.acks & (1 << peer)) === 0) this.ctx.send(peer, message);
    }
  }

  private onAccept(from: NodeId, m: Extract<PaxosMessage, { type: "Accept" }>): void {
    if (m.ballot > this.promised) this.adopt(m.ballot);
    if (m.ballot < this.promised) {
      if (!this.defects.has("accept_lower_ballot")) {
        const acksAnyway = this.defects.has("m_ack_on_reject");
        this.ctx.send(from, { type: "Accepted", ballot: m.ballot, slot: m.slot, ok: acksAnyway, promised: acksAnyway ? m.ballot : this.promised });
        return;
      }
      // Only with the defect: the acceptor takes the Accept's ballot as its promise, breaking the one it made.
      this.promised = m.ballot;
    }
    this.heardFromLeader(from);
    this.store(m.slot, { ballot: m.ballot, entry: m.entry });
    this.persist();
    if (this.defects.has("m_learn_on_accept")) this.learn(m.slot, m.entry);
    this.ctx.send(from, { type: "Accepted", ballot: m.ballot, slot: m.slot, ok: true, promised: this.promised });
  }

  private onAccepted(from: NodeId, m: Extract<PaxosMessage, { type: "Accepted" }>): void {
    if (m.promised > this.promised) {
      this.adopt(m.promised);
      return;
    }
    if (!m.ok || this.role === "follower" || (m.ballot !== this.ballot && !this.defects.has("m_count_stale_accepts"))) return;
    const proposal = this.proposals.get(m.slot);
    if (proposal === undefined) return;
    proposal.acks |= 1 << from;
    if (this.isQuorum(proposal.acks)) this.choose(m.slot, proposal);
  }

  /** A majority accepted the proposal in this ballot: it is chosen. Learn it and tell everyone. */
  private choose(slot: number, proposal: Proposal): void {
    this.proposals.delete(slot);
    const ballot = this.ballot;
    this.learn(slot, proposal.entry);
    this.broadcast({ type: "Chosen", ballot, fromSlot: slot, entries: [proposal.entry], commitIndex: this.commitIndex });
  }

  // ---- learning --------------------------------------------------------------

  private onChosen(from: NodeId, m: Extract<PaxosMessage, { type: "Chosen" }>): void {
    if (m.ballot > this.promised) this.adopt(m.ballot);
    if (m.ballot === this.promised && from !== this.ctx.id) this.heardFromLeader(from);
    // A chosen value is a fact whoever reports it: learn it even from a deposed leader.
    for (let k = 0; k < m.entries.length; k++) this.learn(m.fromSlot + k, m.entries[k] as PaxosEntry);
    if (m.ballot < this.promised || m.commitIndex > this.commitIndex) this.ctx.send(from, { type: "ChosenAck", ballot: this.promised, commitIndex: this.commitIndex });
  }

  private onChosenAck(from: NodeId, m: Extract<PaxosMessage, { type: "ChosenAck" }>): void {
    if (m.ballot > this.promised) {
      this.adopt(m.ballot);
      return;
    }
    if (this.role !== "leader" || m.commitIndex >= this.commitIndex) return;
    const fromSlot = m.commitIndex + 1;
    this.ctx.send(from, { type: "Chosen", ballot: this.ballot, fromSlot, entries: this.log.slice(fromSlot - 1, fromSlot - 1 + MAX_BATCH), commitIndex: this.commitIndex });
  }

  private learn(slot: number, entry: PaxosEntry): void {
    const grew = this.learned.learn(slot, entry);
    if (grew === 0) return;
    const log = this.learned.log;
    for (let index = log.length - grew + 1; index <= log.length; index++) this.emit({ kind: "appended", node: this.ctx.id, index, term: (log[index - 1] as PaxosEntry).ballot, id: (log[index - 1] as PaxosEntry).id });
    this.emit({ kind: "committed", node: this.ctx.id, index: log.length, term: this.promised });
    this.apply();
    this.checkRecovered();
  }

  // ---- the state machine ---------------------------------------------------

  private apply(): void {
    while (this.lastApplied < this.log.length) {
      const index = ++this.lastApplied;
      const entry = this.log[index - 1] as PaxosEntry;
      // A no-op entry (filling a slot a new leader found empty) changes nothing and answers no one; any other
      // entry carries a client operation (checked here, so the cast below only drops the nulls).
      // At-most-once: a retried operation already applied is skipped and answered from the table.
      const { effect, output } =
        entry.client !== null && entry.seq !== null && entry.input !== null ? this.machine.apply(entry as ClientOperation, !this.defects.has("no_client_dedup")) : NO_OP_APPLIED;
      this.emit({ kind: "applied", node: this.ctx.id, index, id: entry.id, client: entry.client, seq: entry.seq, effect });
      const request = this.clients.take(index);
      if (request !== undefined && request.client === entry.client && request.seq === entry.seq) this.ctx.reply(request, { kind: "ok", output });
    }
  }

  // ---- ballots and roles -----------------------------------------------------

  /** A higher ballot exists: promise it (no lower ballot will be accepted) and stop proposing. */
  private adopt(ballot: number): void {
    const was = this.role;
    // The mutant writes a promise only when the round goes up, not for a higher ballot of the same round.
    const durable = !this.defects.has("m_persist_promise_on_new_round") || ballotRound(ballot, this.ctx.clusterSize) > ballotRound(this.promised, this.ctx.clusterSize);
    this.promised = ballot;
    if (durable) this.persist();
    this.leaderHint = ballotProposer(ballot, this.ctx.clusterSize);
    this.clearProposer();
    this.role = "follower";
    this.emit({ kind: "role", node: this.ctx.id, role: "follower", term: ballot });
    if (was === "follower") return;
    this.ctx.cancelTimer("heartbeat");
    // Pending clients time out and retry elsewhere; their commands may still be chosen (at-most-once covers it).
    this.clients.forgetWaiting();
    if (was === "leader") {
      this.election.restart();
    }
  }

  /** A message of the ballot this node promised came from its proposer: the leader is alive. */
  private heardFromLeader(from: NodeId): void {
    if (this.role !== "follower" || ballotProposer(this.promised, this.ctx.clusterSize) !== from) return;
    this.leaderHint = from;
    this.touchElection();
    if (this.clients.holding) this.releaseHeld();
  }

  private clearProposer(): void {
    this.ballot = 0;
    this.proposals.clear();
    this.tally.clear();
    this.recoverTo = -1;
  }

  // ---- plumbing ------------------------------------------------------------

  private lastTerm(): number {
    return this.log[this.log.length - 1]?.ballot ?? 0;
  }

  /** Records an accepted value (the array is replaced: persisted states share the old one). */
  private store(slot: number, value: AcceptedValue): void {
    this.accepted = withAccepted(this.accepted, slot, value);
  }

  private broadcast(message: PaxosMessage): void {
    for (const peer of this.ctx.peers) this.ctx.send(peer, message);
  }

  private persist(): void {
    this.disk.persist({ promised: this.promised, accepted: this.accepted });
  }

  private emit(observation: ReplicaObservation): void {
    this.ctx.emit(observation);
  }
}
