import type { ReplicaObservation, ReplicaRole } from "@cx/check";
import {
  ELECTION_TIMER,
  ElectionTimer,
  GroupCommitDisk,
  HEARTBEAT_MS,
  RegisterMachine,
  SYNC_TIMER,
  registerWorkload,
  type ClientRequest,
  type NodeContext,
  type NodeId,
  type ProtocolNode,
  type RegisterInput,
  type RegisterOutput,
} from "@cx/sim";
import { chooseLog, sharedPrefix, type ViewChangeVote } from "./log-choice.js";
import { PrepareOks } from "./prepare-oks.js";
import { majorityOf, primaryOf, type VrEntry, type VrMessage, type VrStatus, type VrStored } from "./vr-terms.js";

/** The timer that drives the primary's heartbeats (Commit messages) and a view changer's resends. */
const HEARTBEAT_TIMER = "heartbeat";
const NO_ENTRIES: readonly VrEntry[] = [];

/** The seeded mistakes a replica can make, each one guard of the correct protocol. */
export interface VrDefects {
  /** The new primary adopts the longest log it was sent, whatever the last normal view of its sender. */
  readonly longestLogWins: boolean;
  /** A backup sends its PrepareOK once the op is written, before it is synced to disk (synced a heartbeat later). */
  readonly ackBeforePersist: boolean;
  /** A backup accepts a Prepare from the primary of an older view, and answers it. */
  readonly acceptStalePrepare: boolean;
  /** The primary counts a backup's repeated PrepareOK for an op again. */
  readonly countDuplicatePrepareOks: boolean;
  /** The new primary starts its view on the first DoViewChange it gets, not on a majority of them. */
  readonly skipViewChangeQuorum: boolean;
  /** No client table: a retried request is given a new op-number and executed again. */
  readonly noClientTable: boolean;
}

/** No defect switched on: the correct protocol. */
export const NO_DEFECTS: VrDefects = {
  longestLogWins: false,
  ackBeforePersist: false,
  acceptStalePrepare: false,
  countDuplicatePrepareOks: false,
  skipViewChangeQuorum: false,
  noClientTable: false,
};

/**
 * One replica of Viewstamped Replication Revisited (Liskov and Cowling
 * 2012) running a replicated register, driven by @cx/sim.
 *
 * - Normal operation: the primary of view v (replica v mod n) gives a
 *   client's request the next op-number, writes it to disk and sends
 *   Prepare; a backup that holds every earlier op writes it and answers
 *   PrepareOK; once a majority (the primary included) holds an op, the
 *   primary commits it, executes it and replies. Commit messages carry the
 *   commit-number as heartbeats.
 * - View change: a backup that hears nothing from its primary moves to the
 *   next view and sends StartViewChange; with a majority less one of them it
 *   sends DoViewChange (its log, last normal view, commit-number) to the new
 *   primary, which waits for a majority, takes the log with the largest
 *   (last normal view, op-number) and sends StartView.
 * - Client table: the register machine remembers each client's last request
 *   number and answer; a retry is answered from it or waits for its op.
 * - Disk instead of the recovery protocol: view, status, last normal view
 *   and log are persisted before any message that depends on them, so a
 *   restart is a long pause; commit-number and state machine are rebuilt.
 *
 * Public fields are for monitors, views and probes: read-only by contract.
 */
export class VrReplica implements ProtocolNode<VrMessage, RegisterInput> {
  /** The view-number: the view the replica is in (or changing to). */
  view = 0;
  status: VrStatus = "normal";
  /** The last view in which the replica's status was normal: what ranks its log in a view change. */
  lastNormalView = 0;
  /** The log, op-number 1 first (the op-number is its length); replaced, never mutated. */
  log: readonly VrEntry[] = NO_ENTRIES;
  /** The commit-number: ops up to it are committed (volatile). */
  commit = 0;
  /** Ops executed on the state machine, up to the commit-number. */
  applied = 0;
  /** The replicated state machine: the register and the client table (volatile, rebuilt from the log). */
  readonly machine = new RegisterMachine();

  private readonly quorum: number;
  private readonly oks: PrepareOks;
  private readonly waiting = new Map<number, ClientRequest<RegisterInput>>();
  /** Requests that came during a view change: served or redirected once the view is known. */
  private held: ClientRequest<RegisterInput>[] = [];
  private readonly startViewChangeFrom = new Set<NodeId>();
  private readonly doViewChanges = new Map<NodeId, ViewChangeVote>();
  private doViewChangeSent = false;
  private readonly election: ElectionTimer;
  /** Where a backup's accepted Prepare goes: synced at once, or (ack_before_persist) a heartbeat later. */
  private readonly prepareDisk: GroupCommitDisk<VrStored>;

  constructor(
    private readonly ctx: NodeContext<VrMessage, RegisterOutput, VrStored>,
    private readonly defects: VrDefects,
  ) {
    this.quorum = majorityOf(ctx.clusterSize);
    this.oks = new PrepareOks(defects.countDuplicatePrepareOks);
    this.election = new ElectionTimer(ctx);
    this.prepareDisk = new GroupCommitDisk(ctx, defects.ackBeforePersist, HEARTBEAT_MS);
    const stored = ctx.restore();
    if (stored !== undefined) {
      ({ view: this.view, status: this.status, lastNormalView: this.lastNormalView, log: this.log } = stored);
      this.emit({ kind: "restarted", node: ctx.id, term: this.view, logLength: this.log.length });
    } else {
      // A disk that failed it (a scenario with diskFaults) starts it blank, but it did restart.
      if (ctx.storageFault() !== null) this.emit({ kind: "restarted", node: ctx.id, term: 0, logLength: 0 });
      // Formatted at first boot, so that a restart always finds (and reports) what it kept.
      ctx.persist(this.stored());
    }
    this.emitRole();
    this.election.redraw();
    if (this.isPrimary()) ctx.setTimer(HEARTBEAT_TIMER, HEARTBEAT_MS);
    else this.election.touch();
    if (this.status === "view-change") this.resendViewChange();
  }

  /** The role @cx/check's invariants know: the primary leads, a replica in a view change tries to, the rest follow. */
  get role(): ReplicaRole {
    if (this.status === "view-change") return "candidate";
    return primaryOf(this.view, this.ctx.clusterSize) === this.ctx.id ? "leader" : "follower";
  }

  // ---- events ------------------------------------------------------------

  onTimer(name: string): void {
    if (name === SYNC_TIMER) return this.prepareDisk.sync();
    if (name === ELECTION_TIMER) {
      if (this.election.fire(this.isPrimary())) this.startViewChange(this.view + 1);
      return;
    }
    if (name !== HEARTBEAT_TIMER) return;
    if (this.isPrimary()) {
      for (const peer of this.ctx.peers) this.ctx.send(peer, { kind: "commit", view: this.view, commit: this.commit, op: this.log.length });
      this.ctx.setTimer(HEARTBEAT_TIMER, HEARTBEAT_MS);
    } else if (this.status === "view-change") this.resendViewChange();
  }

  onMessage(from: NodeId, message: VrMessage): void {
    switch (message.kind) {
      case "prepare":
        return this.onPrepare(from, message);
      case "prepare-ok":
        return this.onPrepareOk(from, message);
      case "commit":
        return this.onCommit(from, message);
      case "get-state":
        if (message.view === this.view && this.isPrimary()) this.ctx.send(from, { kind: "start-view", view: this.view, log: this.log, commit: this.commit });
        return;
      case "start-view-change":
        return this.onStartViewChange(from, message.view);
      case "do-view-change":
        return this.onDoViewChange(from, message);
      case "start-view":
        return this.onStartView(from, message);
    }
  }

  onClientRequest(request: ClientRequest<RegisterInput>): void {
    if (this.status !== "normal") {
      this.held.push(request);
      return;
    }
    if (!this.isPrimary()) return this.ctx.reply(request, { kind: "redirect", leaderHint: primaryOf(this.view, this.ctx.clusterSize) });
    if (!this.defects.noClientTable) {
      // The client table: a request already executed is answered again (an older one gets nothing) ...
      const earlier = this.machine.answered(request.client, request.seq);
      if (earlier !== undefined) {
        if (earlier !== "stale") this.ctx.reply(request, { kind: "ok", output: earlier.output });
        return;
      }
      // ... and one already in the log waits for its op to commit.
      const pending = this.pendingOp(request);
      if (pending > 0) {
        this.waiting.set(pending, request);
        return;
      }
    }
    const entry: VrEntry = { view: this.view, id: `c${request.client}#${request.seq} ${registerWorkload.describe(request.input)}`, client: request.client, seq: request.seq, input: request.input };
    this.log = this.log.concat(entry);
    const op = this.log.length;
    this.persist();
    this.emit({ kind: "appended", node: this.ctx.id, index: op, term: this.view, id: entry.id });
    this.waiting.set(op, request);
    for (const peer of this.ctx.peers) this.ctx.send(peer, { kind: "prepare", view: this.view, op, entry, commit: this.commit });
    this.advanceCommit();
  }

  // ---- normal operation ------------------------------------------------------

  private onPrepare(from: NodeId, m: Extract<VrMessage, { kind: "prepare" }>): void {
    if (m.view > this.view || (m.view === this.view && this.status !== "normal")) return this.ctx.send(from, { kind: "get-state", view: m.view });
    // The seeded defect: a Prepare of an older view is taken as if its sender still led.
    if (m.view < this.view && !this.defects.acceptStalePrepare) return;
    if (this.status !== "normal" || this.isPrimary()) return;
    if (m.view === this.view) this.election.touch();
    if (m.op > this.log.length + 1) return this.ctx.send(from, { kind: "get-state", view: m.view });
    if (m.op === this.log.length + 1) {
      this.log = this.log.concat(m.entry);
      // Durable before the PrepareOK, unless the seeded defect leaves the sync for later.
      this.prepareDisk.persist(this.stored());
      this.emit({ kind: "appended", node: this.ctx.id, index: m.op, term: m.entry.view, id: m.entry.id });
    }
    this.ctx.send(from, { kind: "prepare-ok", view: m.view, op: this.log.length });
    if (m.view === this.view) this.commitTo(Math.min(m.commit, this.log.length));
  }

  private onPrepareOk(from: NodeId, m: Extract<VrMessage, { kind: "prepare-ok" }>): void {
    if (m.view !== this.view || !this.isPrimary()) return;
    this.oks.record(from, { first: this.commit + 1, last: Math.min(m.op, this.log.length) });
    this.advanceCommit();
  }

  private onCommit(from: NodeId, m: Extract<VrMessage, { kind: "commit" }>): void {
    if (m.view > this.view || (m.view === this.view && this.status !== "normal")) return this.ctx.send(from, { kind: "get-state", view: m.view });
    if (m.view < this.view || this.isPrimary()) return;
    this.election.touch();
    if (this.log.length < m.op) this.ctx.send(from, { kind: "get-state", view: m.view });
    // Ops the primary has not committed: say again that this replica holds them (a PrepareOK may have been lost).
    if (this.log.length > m.commit) this.ctx.send(from, { kind: "prepare-ok", view: m.view, op: this.log.length });
    this.commitTo(Math.min(m.commit, this.log.length));
  }

  /** The primary commits every op a majority holds (itself included), in order. */
  private advanceCommit(): void {
    let commit = this.commit;
    while (commit < this.log.length && this.oks.count(commit + 1) + 1 >= this.quorum) commit++;
    if (commit === this.commit) return;
    this.oks.forgetUpTo(commit);
    this.commitTo(commit);
  }

  private commitTo(commit: number): void {
    if (commit <= this.commit) return;
    this.commit = commit;
    this.emit({ kind: "committed", node: this.ctx.id, index: commit, term: this.view });
    while (this.applied < Math.min(this.commit, this.log.length)) {
      const op = ++this.applied;
      const entry = this.log[op - 1] as VrEntry;
      // The client table keeps a retried request from running twice (unless the seeded defect removed it).
      const { effect, output } = this.machine.apply(entry, !this.defects.noClientTable);
      this.emit({ kind: "applied", node: this.ctx.id, index: op, id: entry.id, client: entry.client, seq: entry.seq, effect });
      const request = this.waiting.get(op);
      if (request === undefined) continue;
      this.waiting.delete(op);
      if (request.client === entry.client && request.seq === entry.seq) this.ctx.reply(request, { kind: "ok", output });
    }
  }

  /** The op-number of `request` if it is in the log but not yet executed, else 0. */
  private pendingOp(request: ClientRequest<RegisterInput>): number {
    for (let op = this.applied + 1; op <= this.log.length; op++) {
      const entry = this.log[op - 1] as VrEntry;
      if (entry.client === request.client && entry.seq === request.seq) return op;
    }
    return 0;
  }

  // ---- view change -------------------------------------------------------------

  /** Moves to view `view` in view-change status, on disk first, and asks everyone to follow. */
  private startViewChange(view: number): void {
    this.view = view;
    this.status = "view-change";
    this.resetView();
    this.persist();
    this.emitRole();
    this.election.redraw();
    this.election.restart();
    this.resendViewChange();
  }

  /** StartViewChange to everyone (and the DoViewChange again if sent); the timer sends them again until the view starts. */
  private resendViewChange(): void {
    for (const peer of this.ctx.peers) this.ctx.send(peer, { kind: "start-view-change", view: this.view });
    if (this.doViewChangeSent) this.sendDoViewChange(false);
    else this.maybeDoViewChange();
    this.ctx.setTimer(HEARTBEAT_TIMER, HEARTBEAT_MS);
  }

  private onStartViewChange(from: NodeId, view: number): void {
    if (view > this.view) this.startViewChange(view);
    if (view !== this.view || this.status !== "view-change") return;
    this.startViewChangeFrom.add(from);
    this.maybeDoViewChange();
  }

  /** With StartViewChange from a majority less itself, a replica sends its DoViewChange to the new primary. */
  private maybeDoViewChange(): void {
    if (this.doViewChangeSent || this.startViewChangeFrom.size + 1 < this.quorum) return;
    this.doViewChangeSent = true;
    this.sendDoViewChange(true);
  }

  private sendDoViewChange(first: boolean): void {
    const primary = primaryOf(this.view, this.ctx.clusterSize);
    const message: VrMessage = { kind: "do-view-change", view: this.view, log: this.log, lastNormalView: this.lastNormalView, commit: this.commit };
    if (primary === this.ctx.id) {
      if (first) this.onDoViewChange(primary, message);
      return;
    }
    if (first) {
      const last = this.log.length;
      this.emit({ kind: "voted", node: this.ctx.id, term: this.view, candidate: primary, lastLogIndex: last, lastLogTerm: this.log[last - 1]?.view ?? 0, candidateLastLogIndex: 0, candidateLastLogTerm: 0, candidateLogBehind: false });
    }
    this.ctx.send(primary, message);
  }

  private onDoViewChange(from: NodeId, m: Extract<VrMessage, { kind: "do-view-change" }>): void {
    if (m.view > this.view) this.startViewChange(m.view);
    if (m.view !== this.view || this.status !== "view-change" || primaryOf(this.view, this.ctx.clusterSize) !== this.ctx.id) return;
    this.doViewChanges.set(from, { from, log: m.log, lastNormalView: m.lastNormalView, commit: m.commit });
    // A majority of DoViewChange messages, its own or not (the seeded defect: the first one).
    if (this.doViewChanges.size >= (this.defects.skipViewChangeQuorum ? 1 : this.quorum)) this.startView();
  }

  /** The new primary adopts the freshest log of the DoViewChange messages and starts its view. */
  private startView(): void {
    const votes = [...this.doViewChanges.values()];
    const chosen = chooseLog(votes, this.defects.longestLogWins);
    if (chosen === undefined) return;
    this.adopt(chosen.log);
    this.status = "normal";
    this.lastNormalView = this.view;
    this.resetView();
    this.persist();
    this.emitRole();
    this.election.cancel();
    const commit = Math.min(this.log.length, Math.max(this.commit, ...votes.map((v) => v.commit)));
    for (const peer of this.ctx.peers) this.ctx.send(peer, { kind: "start-view", view: this.view, log: this.log, commit });
    this.commitTo(commit);
    this.ctx.setTimer(HEARTBEAT_TIMER, HEARTBEAT_MS);
    this.releaseHeld();
  }

  private onStartView(from: NodeId, m: Extract<VrMessage, { kind: "start-view" }>): void {
    if (m.view < this.view || from !== primaryOf(m.view, this.ctx.clusterSize)) return;
    // In its own normal view a backup takes the primary's log only if it extends its own (a late StartView would cut it back).
    if (m.view === this.view && this.status === "normal" && (this.isPrimary() || m.log.length <= this.log.length)) return;
    const changed = m.view !== this.view || this.status !== "normal";
    this.view = m.view;
    this.status = "normal";
    this.lastNormalView = m.view;
    this.resetView();
    // The role first: the invariants judge a log change by the role it happens in.
    if (changed) this.emitRole();
    this.adopt(m.log);
    this.persist();
    this.ctx.cancelTimer(HEARTBEAT_TIMER);
    this.election.restart();
    if (this.log.length > m.commit) this.ctx.send(from, { kind: "prepare-ok", view: this.view, op: this.log.length });
    this.commitTo(Math.min(m.commit, this.log.length));
    this.releaseHeld();
  }

  /** Replaces the log by `log`, reporting what was cut and what was written. */
  private adopt(log: readonly VrEntry[]): void {
    const kept = sharedPrefix(this.log, log);
    if (kept < this.log.length) this.emit({ kind: "truncated", node: this.ctx.id, fromIndex: kept + 1 });
    this.log = log;
    for (let op = kept + 1; op <= log.length; op++) {
      const entry = log[op - 1] as VrEntry;
      this.emit({ kind: "appended", node: this.ctx.id, index: op, term: entry.view, id: entry.id });
    }
    this.commit = Math.min(this.commit, log.length);
  }

  /** What belongs to one view only: its view-change messages, PrepareOKs and waiting clients. */
  private resetView(): void {
    this.startViewChangeFrom.clear();
    this.doViewChanges.clear();
    this.doViewChangeSent = false;
    this.oks.clear();
    this.waiting.clear();
  }

  private releaseHeld(): void {
    const held = this.held;
    this.held = [];
    for (const request of held) this.onClientRequest(request);
  }

  // ---- plumbing --------------------------------------------------------------

  private isPrimary(): boolean {
    return this.status === "normal" && primaryOf(this.view, this.ctx.clusterSize) === this.ctx.id;
  }

  private stored(): VrStored {
    return { view: this.view, status: this.status, lastNormalView: this.lastNormalView, log: this.log };
  }

  private persist(): void {
    this.ctx.persist(this.stored());
  }

  private emitRole(): void {
    this.emit({ kind: "role", node: this.ctx.id, role: this.role, term: this.view, ...(this.status === "view-change" ? { status: "view-change" } : {}) });
  }

  private emit(observation: ReplicaObservation): void {
    this.ctx.emit(observation);
  }
}
