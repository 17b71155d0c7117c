import type { ReplicaObservation } from "@cx/check";
import { countNodes, ElectionTimer, GroupCommitDisk, RegisterMachine, SYNC_TIMER, registerWorkload, type ClientRequest, type NodeContext, type NodeId, type ProtocolNode, type RegisterInput, type RegisterOutput } from "@cx/sim";
import type { RaftBugName } from "./bugs.js";
import { committableIndex, type CommitCount } from "./internal/commit-count.js";
import { conflictHint, repairLog } from "./internal/log-repair.js";
import { leaseHoldMs, ReadLease } from "./internal/read-lease.js";
import { candidateLogBehind, votedObservation } from "./internal/vote-record.js";
import { RaftSelfCheck } from "./internal/self-check.js";
import { HEARTBEAT_MS, MAX_BATCH } from "./internal/timing.js";
import type { LogEntry, RaftMessage, RaftPersistent } from "./messages.js";
import type { RaftOptions } from "./raft-options.js";
import type { RaftRole } from "./raft-types.js";

const NO_ENTRIES: readonly LogEntry[] = [];

/**
 * One Raft server (Ongaro and Ousterhout, 2014) running a replicated
 * register with at-most-once client semantics, driven by @cx/sim.
 *
 * When to use: through {@link createRaftProtocol} / {@link runRaft}; the
 * world creates one per boot. Its public fields are for monitors, views and
 * coverage probes: read-only by contract.
 *
 * Details:
 * - currentTerm, votedFor and the log are persisted (`ctx.persist`) before
 *   any message that depends on them is sent; a crash loses everything else,
 *   the state machine included, which is rebuilt by applying the log again.
 * - Reads and writes both go through the log; the leader answers a client
 *   once the entry is applied. Followers redirect with a leader hint.
 *   With `leaseReads`, a leader holding its lease and an applied entry of
 *   its own term answers reads at once ({@link RaftOptions}).
 * - The election timer is lazy: hearing from the leader only moves a
 *   deadline; the timer, when it fires early, re-arms for the rest.
 * - Each seeded defect is one `bugs.has(...)` guard around the correct check.
 *
 * Gotchas: the log array is replaced, never mutated, so a persisted state or
 * a sent message that shares it stays valid.
 */
export class RaftNode implements ProtocolNode<RaftMessage, RegisterInput> {
  role: RaftRole = "follower";
  currentTerm = 0;
  votedFor: number | null = null;
  log: readonly LogEntry[] = NO_ENTRIES;
  commitIndex = 0;
  lastApplied = 0;
  /** Who this node believes leads its term, for client redirects. */
  leaderHint: NodeId | undefined = undefined;
  /** The replicated state machine: the register and its at-most-once table (in memory, rebuilt from the log). */
  readonly machine = new RegisterMachine();

  private readonly ctx: NodeContext<RaftMessage, RegisterOutput, RaftPersistent>;
  private readonly bugs: ReadonlySet<RaftBugName>;
  private votes = 0;
  private answered = 0;
  private readonly nextIndex: number[];
  private readonly matchIndex: number[];
  private readonly waiting = new Map<number, ClientRequest<RegisterInput>>();
  /** Client requests that reached this node while it knew of no leader: answered once it learns one. */
  private held: ClientRequest<RegisterInput>[] = [];
  private readonly election: ElectionTimer;
  private readonly selfCheck: RaftSelfCheck;
  private readonly disk: GroupCommitDisk<RaftPersistent>;
  /** With lease reads: the leader's lease and the follower's promise to honour one. */
  private readonly lease: ReadLease | undefined;
  /** How this node counts replicas when it leads. */
  private readonly commitCount: CommitCount;

  constructor(ctx: NodeContext<RaftMessage, RegisterOutput, RaftPersistent>, bugs: ReadonlySet<RaftBugName>, options: RaftOptions = {}) {
    this.ctx = ctx;
    this.election = new ElectionTimer(ctx);
    this.bugs = bugs;
    this.disk = new GroupCommitDisk(ctx, bugs.has("reply_before_sync"), HEARTBEAT_MS);
    this.nextIndex = new Array<number>(ctx.clusterSize).fill(1);
    this.matchIndex = new Array<number>(ctx.clusterSize).fill(0);
    this.selfCheck = new RaftSelfCheck({ id: ctx.id, peers: ctx.peers, nextIndex: this.nextIndex, matchIndex: this.matchIndex });
    // A replica holds up to its matchIndex (a mutant trusts nextIndex, what was sent); Figure 8 unless commit_any_term.
    const byNext = bugs.has("m_commit_by_next_index");
    const replicas = { replicated: byNext ? this.nextIndex : this.matchIndex, sentAhead: byNext ? 1 : 0 };
    const terms = { anyTerm: bugs.has("commit_any_term"), lastEntryTerm: bugs.has("m_commit_by_last_term") };
    this.commitCount = { peers: ctx.peers, clusterSize: ctx.clusterSize, ...replicas, self: bugs.has("m_count_self_twice") ? 2 : 1, ...terms };
    const leaseReads = options.leaseReads;
    this.lease = leaseReads === undefined ? undefined : new ReadLease(ctx, leaseHoldMs(leaseReads.driftBoundPpm, bugs.has("lease_ignores_drift")));
    const restored = ctx.restore();
    if (restored !== undefined) {
      this.currentTerm = restored.term;
      this.log = restored.log;
      if (!bugs.has("forget_vote_on_restart")) {
        this.votedFor = restored.votedFor;
      }
      this.emit({ kind: "restarted", node: ctx.id, term: this.currentTerm, logLength: this.log.length });
    } else if (ctx.storageFault() !== null) {
      // The disk failed it at this restart (a scenario with diskFaults): it starts blank, but it did restart, and what it
      // had applied is gone with the rest; the format below (under reply_before_sync) happens again at its next boot.
      this.emit({ kind: "restarted", node: ctx.id, term: this.currentTerm, logLength: 0 });
    } else if (this.disk.syncLater) {
      // Under this defect a crash can lose every write of a boot: format the disk at the first boot, so that a
      // restart always finds a synced state to restore (and says so), however little it kept.
      ctx.persist({ term: 0, votedFor: null, log: [] });
    }
    this.election.redraw();
    this.touchElection();
  }

  // ---- events ------------------------------------------------------------

  onMessage(from: NodeId, message: RaftMessage): void {
    this.handle(from, message);
    this.selfCheck.after(this, message.type);
  }

  onTimer(name: string): void {
    this.tick(name);
    this.selfCheck.after(this, `timer ${name}`);
  }

  onClientRequest(request: ClientRequest<RegisterInput>): void {
    this.serve(request);
    this.selfCheck.after(this, "a client request");
  }

  private handle(from: NodeId, message: RaftMessage): void {
    switch (message.type) {
      case "RequestVote":
        return this.onRequestVote(from, message);
      case "Vote":
        return this.onVote(from, message);
      case "AppendEntries":
        return this.onAppendEntries(from, message);
      case "AppendReply":
        return this.onAppendReply(from, message);
    }
  }

  private tick(name: string): void {
    if (name === SYNC_TIMER) {
      this.disk.sync();
      return;
    }
    if (name === "election") {
      if (this.election.fire(this.role === "leader")) this.startElection();
      return;
    }
    if (this.role === "leader") {
      this.broadcastAppend();
      this.ctx.setTimer("heartbeat", HEARTBEAT_MS);
    } else if (this.role === "candidate") {
      // RPCs are retried: ask again whoever has not answered yet.
      this.requestVotes();
      this.ctx.setTimer("heartbeat", HEARTBEAT_MS);
    }
  }

  private serve(request: ClientRequest<RegisterInput>): void {
    if (this.role !== "leader") {
      const hint = this.leaderHint;
      if (hint === undefined || hint === this.ctx.id) {
        // Redirecting blindly during an election only bounces the client around until it gives up:
        // hold the request until a leader is known (the client's own timeout still applies).
        this.held.push(request);
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
    // The mutant takes a read index (its own-term commit, nothing pending) without a heartbeat round to confirm it still leads.
    const readIndex = this.bugs.has("m_read_index_without_heartbeat") && this.commitIndex === this.log.length && this.log[this.commitIndex - 1]?.term === this.currentTerm;
    if (request.input.op === "read" && (this.bugs.has("stale_local_read") || readIndex || this.lease?.servesRead(this) === true)) {
      this.ctx.reply(request, { kind: "ok", output: this.machine.value });
      return;
    }
    const entry: LogEntry = { term: this.currentTerm, id: `c${request.client}#${request.seq} ${registerWorkload.describe(request.input)}`, client: request.client, seq: request.seq, input: request.input };
    // slice and push: concat takes V8's slow path for a single entry (see log-repair.ts).
    const log = this.log.slice();
    log.push(entry);
    this.log = log;
    const index = this.log.length;
    this.persist();
    this.emit({ kind: "appended", node: this.ctx.id, index, term: entry.term, id: entry.id });
    this.waiting.set(index, request);
    this.broadcastAppend();
    // A cluster of one: no reply will come to count, the leader's own copy is the majority.
    if (this.ctx.peers.length === 0) this.advanceCommit();
  }

  // ---- elections -----------------------------------------------------------

  /** Pushes the election deadline back (heard from a leader, granted a vote). */
  private touchElection(): void {
    if (this.role === "leader") return;
    this.election.touch();
  }

  private startElection(): void {
    this.currentTerm++;
    this.role = "candidate";
    this.votedFor = this.ctx.id;
    this.votes = 1 << this.ctx.id;
    this.answered = this.votes;
    this.leaderHint = undefined;
    this.persist();
    this.emit({ kind: "role", node: this.ctx.id, role: "candidate", term: this.currentTerm });
    this.election.redraw();
    this.touchElection();
    this.requestVotes();
    this.ctx.setTimer("heartbeat", HEARTBEAT_MS);
    // A cluster of one: its own vote is the majority.
    if (countNodes(this.votes) * 2 > this.ctx.clusterSize) this.becomeLeader();
  }

  private requestVotes(): void {
    const lastLogIndex = this.log.length;
    const message: RaftMessage = { type: "RequestVote", term: this.currentTerm, candidate: this.ctx.id, lastLogIndex, lastLogTerm: this.log[lastLogIndex - 1]?.term ?? 0 };
    for (const peer of this.ctx.peers) if ((this.answered & (1 << peer)) === 0) this.ctx.send(peer, message);
  }

  private onRequestVote(from: NodeId, m: Extract<RaftMessage, { type: "RequestVote" }>): void {
    if (this.lease?.honoursLease() === true && !this.bugs.has("vote_during_lease")) {
      // A leader may be serving reads on a lease this node helped grant: no term change, no vote.
      this.ctx.send(from, { type: "Vote", term: this.currentTerm, granted: false });
      return;
    }
    if (m.term > this.currentTerm) this.becomeFollower(m.term);
    let granted = m.term === this.currentTerm;
    if (granted && !this.bugs.has("vote_twice_in_term")) {
      granted = this.votedFor === null || this.votedFor === m.candidate;
    }
    // The election restriction: only a candidate whose log is at least as up-to-date as ours.
    const behind = candidateLogBehind(this.log, m);
    if (granted && !this.bugs.has("no_log_up_to_date_check")) granted = this.bugs.has("m_up_to_date_by_length") ? m.lastLogIndex >= this.log.length : !behind;
    if (granted) {
      this.votedFor = m.candidate;
      this.persist();
      this.touchElection();
      this.emit(votedObservation({ id: this.ctx.id, term: this.currentTerm, log: this.log }, m, behind));
    } else if (this.bugs.has("m_reset_timer_on_denied_vote")) this.touchElection();
    this.ctx.send(from, { type: "Vote", term: this.currentTerm, granted });
  }

  private onVote(from: NodeId, m: Extract<RaftMessage, { type: "Vote" }>): void {
    if (m.term > this.currentTerm) {
      this.becomeFollower(m.term);
      return;
    }
    if (this.role !== "candidate" || (m.term !== this.currentTerm && !this.bugs.has("m_count_stale_votes"))) return;
    this.answered |= 1 << from;
    if (!m.granted) return;
    this.votes |= 1 << from;
    if (countNodes(this.votes) * 2 > this.ctx.clusterSize) this.becomeLeader();
  }

  private becomeLeader(): void {
    this.role = "leader";
    this.leaderHint = this.ctx.id;
    this.emit({ kind: "role", node: this.ctx.id, role: "leader", term: this.currentTerm });
    this.nextIndex.fill(this.log.length + 1);
    if (!this.bugs.has("m_keep_match_index")) this.matchIndex.fill(0);
    this.lease?.startLeading();
    this.election.cancel();
    this.broadcastAppend();
    this.ctx.setTimer("heartbeat", HEARTBEAT_MS);
    if (this.held.length > 0) this.releaseHeld();
  }

  /** Answers the requests held while no leader was known: served here if we lead, redirected otherwise. */
  private releaseHeld(): void {
    const held = this.held;
    this.held = [];
    for (const request of held) this.serve(request);
  }

  /** Adopts `term` (if newer) and the follower role. */
  private becomeFollower(term: number): void {
    const was = this.role;
    const newTerm = term > this.currentTerm;
    if (newTerm) {
      this.currentTerm = term;
      this.votedFor = null;
      // The hint named the leader of the old term.
      this.leaderHint = undefined;
      this.persist();
    }
    if (was === "follower" && !newTerm) return;
    if (this.bugs.has("m_forget_vote_on_step_down")) this.votedFor = null;
    this.role = "follower";
    this.emit({ kind: "role", node: this.ctx.id, role: "follower", term: this.currentTerm });
    if (was === "follower") return;
    this.ctx.cancelTimer("heartbeat");
    if (was === "leader") {
      // Pending clients time out and retry elsewhere; their entries may still commit (at-most-once covers it).
      this.waiting.clear();
      this.election.restart();
    }
  }

  // ---- replication ---------------------------------------------------------

  private broadcastAppend(): void {
    for (const peer of this.ctx.peers) this.sendAppend(peer);
  }

  private sendAppend(peer: NodeId): void {
    const next = this.nextIndex[peer] as number;
    const prevLogIndex = next - 1;
    const log = this.log;
    // The log is never mutated (see the class comment), so a batch that is the whole log can share it.
    const entries = next > log.length ? NO_ENTRIES : next === 1 && log.length <= MAX_BATCH ? log : log.slice(next - 1, next - 1 + MAX_BATCH);
    const message: RaftMessage = {
      type: "AppendEntries",
      term: this.currentTerm,
      leader: this.ctx.id,
      prevLogIndex,
      prevLogTerm: this.log[prevLogIndex - 1]?.term ?? 0,
      entries,
      leaderCommit: this.commitIndex,
    };
    this.ctx.send(peer, this.lease === undefined ? message : { ...message, sentAt: this.lease.stamp() });
  }

  private onAppendEntries(from: NodeId, m: Extract<RaftMessage, { type: "AppendEntries" }>): void {
    if (m.term < this.currentTerm) {
      if (!this.bugs.has("accept_stale_leader")) {
        this.ctx.send(from, { type: "AppendReply", term: this.currentTerm, success: false, matchIndex: 0, hint: 0 });
        return;
      }
    }
    this.becomeFollower(m.term);
    this.leaderHint = m.leader;
    this.touchElection();
    this.lease?.heardFromLeader();
    if (this.held.length > 0) this.releaseHeld();

    const log = this.log;
    const prev = m.prevLogIndex;
    if (prev > log.length || (prev > 0 && (log[prev - 1] as LogEntry).term !== m.prevLogTerm && !this.bugs.has("m_append_ignores_prev_term"))) {
      if (this.bugs.has("m_truncate_on_mismatch") && prev <= log.length) {
        this.emit({ kind: "truncated", node: this.ctx.id, fromIndex: prev });
        this.log = log.slice(0, prev - 1);
        this.persist();
      }
      this.ctx.send(from, stamped(m, { type: "AppendReply", term: this.currentTerm, success: false, matchIndex: 0, hint: conflictHint(this.log, prev) }));
      return;
    }
    const repair = repairLog(log, m, !this.bugs.has("truncate_on_every_append"));
    if (repair !== null) {
      if (repair.truncatedFrom !== null) this.emit({ kind: "truncated", node: this.ctx.id, fromIndex: repair.truncatedFrom });
      const next = repair.log;
      this.log = next;
      this.persist();
      for (let i = repair.appendedFrom; i <= next.length; i++) {
        const entry = next[i - 1] as LogEntry;
        this.emit({ kind: "appended", node: this.ctx.id, index: i, term: entry.term, id: entry.id });
      }
    }
    const lastNew = prev + m.entries.length;
    if (this.bugs.has("m_apply_on_append") && lastNew > this.commitIndex) this.commitTo(lastNew);
    if (m.leaderCommit > this.commitIndex) {
      const commit = this.bugs.has("m_commit_past_match") ? m.leaderCommit : Math.min(m.leaderCommit, lastNew);
      if (commit > this.commitIndex) this.commitTo(commit);
    }
    const matchIndex = this.bugs.has("m_reply_log_length") ? this.log.length : lastNew;
    this.ctx.send(from, stamped(m, { type: "AppendReply", term: this.currentTerm, success: true, matchIndex, hint: 0 }));
  }

  private onAppendReply(from: NodeId, m: Extract<RaftMessage, { type: "AppendReply" }>): void {
    if (m.term > this.currentTerm) {
      this.becomeFollower(m.term);
      return;
    }
    if (this.role !== "leader" || m.term !== this.currentTerm) return;
    if (m.sentAt !== undefined) this.lease?.acknowledged(from, m.sentAt);
    const match = this.matchIndex[from] as number;
    if (m.success) {
      // An acknowledgement of entries this leader does not hold (sent to an earlier leadership of this node,
      // before its log was cut back) says nothing about them.
      if (m.matchIndex <= match || m.matchIndex > this.log.length) return;
      this.matchIndex[from] = this.bugs.has("m_match_whole_log") ? this.log.length : m.matchIndex;
      if ((this.nextIndex[from] as number) <= m.matchIndex) this.nextIndex[from] = m.matchIndex + 1;
      this.advanceCommit();
      if ((this.nextIndex[from] as number) <= this.log.length) this.sendAppend(from);
      return;
    }
    const next = Math.max(match + 1, Math.min((this.nextIndex[from] as number) - 1, m.hint));
    if (next < (this.nextIndex[from] as number)) {
      this.nextIndex[from] = next;
      this.sendAppend(from);
    }
  }

  private advanceCommit(): void {
    const n = committableIndex(this.log, this, this.commitCount);
    if (n > 0) this.commitTo(n);
  }

  private commitTo(index: number): void {
    this.commitIndex = index;
    this.emit({ kind: "committed", node: this.ctx.id, index, term: this.currentTerm });
    this.applyCommitted();
  }

  // ---- the state machine ---------------------------------------------------

  private applyCommitted(): void {
    const upTo = Math.min(this.commitIndex, this.log.length);
    while (this.lastApplied < upTo) {
      const index = ++this.lastApplied;
      const entry = this.log[index - 1] as LogEntry;
      // At-most-once: a retried operation already applied is skipped and answered from the table.
      const { effect, output } = this.machine.apply(entry, !this.bugs.has("no_client_dedup"));
      this.emit({ kind: "applied", node: this.ctx.id, index, id: entry.id, client: entry.client, seq: entry.seq, effect });
      const request = this.waiting.get(index);
      if (request !== undefined) {
        this.waiting.delete(index);
        if (request.client === entry.client && request.seq === entry.seq) this.ctx.reply(request, { kind: "ok", output });
      }
    }
  }

  // ---- plumbing ------------------------------------------------------------

  private persist(): void {
    this.disk.persist({ term: this.currentTerm, votedFor: this.votedFor, log: this.log });
  }

  private emit(observation: ReplicaObservation): void {
    this.ctx.emit(observation);
  }
}

/** A reply to an AppendEntries, echoing its lease stamp when it has one (lease reads). */
function stamped(m: Extract<RaftMessage, { type: "AppendEntries" }>, reply: Extract<RaftMessage, { type: "AppendReply" }>): RaftMessage {
  return m.sentAt === undefined ? reply : { ...reply, sentAt: m.sentAt };
}
