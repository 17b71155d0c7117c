import type { ClientRequest, NodeContext, NodeId, ProtocolNode } from "@cx/sim";
import { LEASE_HOLD_MS, LEASE_MS, type LeaseInput, type LeaseMessage, type LeaseOutput, type LeaseStored, type LockTable } from "./lease-terms.js";

/** How often the primary tells the other lock servers it is alive. */
const HEARTBEAT_MS = 50;
/** How long a standby waits without a heartbeat before it claims the primary role (plus a stagger by id and a drawn jitter). */
const PATIENCE_MS = 300;
/** How often a claimant asks again, and the primary sends its latest copy again while answers wait for it. */
const RETRY_MS = 60;
/**
 * How long an acquire waits for a held lock before it is refused, on the
 * primary's clock (a try-lock with a timeout, shorter than a client's own).
 */
export const ACQUIRE_WAIT_MS = 400;

/** The seeded mistakes a lock server can make. */
export interface LockServerDefects {
  /** Answers a client at once, before the storage has stored the table the answer came from. */
  readonly answerBeforeStored: boolean;
  /** Holds a lease for its length on its own clock, as if the clock could not run fast. */
  readonly leaseIgnoresDrift: boolean;
}

/** An acquire waiting for the lock, until `until` on the primary's clock. */
interface Queued {
  request: ClientRequest<LeaseInput>;
  readonly until: number;
}

/** An answer decided in `round`: it goes out once the storage holds that round. */
interface Waiting {
  readonly round: number;
  readonly request: ClientRequest<LeaseInput>;
  readonly output: LeaseOutput;
}

/**
 * A lock server (every node but the last). One of them at a time is the
 * primary: it grants leases with fencing tokens, keeps the lock table in
 * memory and copies it to the storage before it answers anyone, so the
 * storage holds every answer given. The others are standbys: they redirect
 * clients to the primary and claim its role, from the storage, when its
 * heartbeats stop. The storage grants one claim per epoch and refuses the
 * copies of an older epoch, so a deposed primary can no longer answer.
 *
 * An acquire of a held lock waits up to `ACQUIRE_WAIT_MS`: the lock goes
 * to the first waiter the moment it is released or its lease is over on the
 * primary's clock, and a waiter still waiting then is refused. A new primary
 * knows who holds the lock but not since when: it holds the lease for a
 * whole lease from its takeover.
 */
export class LockServer implements ProtocolNode<LeaseMessage, LeaseInput> {
  private role: "standby" | "claiming" | "primary" = "standby";
  /** The highest epoch this server knows of. */
  private epoch: number;
  /** Where clients are sent while this server is not the primary. */
  private primaryHint: NodeId | undefined;
  private readonly storage: NodeId;
  /** This boot's wait for a silent primary: staggered by id so that the lowest standby claims first. */
  private readonly patienceMs: number;

  // The primary's state: the table, when the current lease began on this clock, the rounds and the answers waiting for them.
  private table: LockTable | undefined;
  private leaseStartedAt = 0;
  private round = 0;
  private stored = 0;
  private waiting: Waiting[] = [];
  private queued: Queued[] = [];

  constructor(
    private readonly ctx: NodeContext<LeaseMessage, LeaseOutput, LeaseStored>,
    private readonly defects: LockServerDefects,
  ) {
    const restored = ctx.restore();
    this.epoch = restored?.kind === "server" ? restored.epoch : 0;
    this.storage = ctx.clusterSize - 1;
    this.patienceMs = PATIENCE_MS + 100 * ctx.id + 50 * ctx.draw(4, "takeover jitter");
    // On the cluster's first boot s0 claims at once; after a restart a server first listens for a primary.
    if (restored === undefined && ctx.id === 0) this.claim();
    else ctx.setTimer("takeover", this.patienceMs);
  }

  onTimer(name: string): void {
    switch (name) {
      case "takeover":
        if (this.role === "standby") this.claim();
        return;
      case "claim":
        if (this.role === "claiming") this.claim();
        return;
      case "heartbeat":
        if (this.role !== "primary") return;
        for (const peer of this.lockServers()) this.ctx.send(peer, { kind: "heartbeat", epoch: this.epoch });
        this.ctx.setTimer("heartbeat", HEARTBEAT_MS);
        return;
      case "wait":
        return this.serveQueue();
      case "resend":
        if (this.role !== "primary" || this.waiting.length === 0 || this.table === undefined) return;
        this.ctx.send(this.storage, { kind: "copy", epoch: this.epoch, round: this.round, table: this.table });
        this.ctx.setTimer("resend", RETRY_MS);
        return;
    }
  }

  onMessage(from: NodeId, message: LeaseMessage): void {
    switch (message.kind) {
      case "claimed":
        // The storage grants each epoch once: whoever it granted is that epoch's only primary.
        if (message.epoch > this.epoch) this.becomePrimary(message.epoch, message.table);
        return;
      case "deposed":
        return this.deposed(message.epoch, message.primary);
      case "ack":
        return this.acked(message.epoch, message.round);
      case "heartbeat":
        return this.heartbeat(from, message.epoch);
      case "claim":
      case "copy":
        return;
    }
  }

  onClientRequest(request: ClientRequest<LeaseInput>): void {
    const { input } = request;
    if (input.op === "write" || input.op === "read") return this.ctx.reply(request, { kind: "redirect", leaderHint: this.storage });
    if (this.role !== "primary" || this.table === undefined) {
      return this.ctx.reply(request, this.primaryHint === undefined ? { kind: "redirect" } : { kind: "redirect", leaderHint: this.primaryHint });
    }
    const table = this.table;
    const last = table.answers.find(([client]) => client === request.client);
    // An attempt of an older operation, arriving late: the client has moved on.
    if (last !== undefined && request.seq < last[1]) return;
    // A retry is answered as before, once the storage confirms this server still holds the table.
    if (last !== undefined && request.seq === last[1]) return this.settle(request, { next: table, output: last[2] });
    if (input.op === "acquire" && table.held && !this.leaseOver()) return this.enqueue(request);
    this.settle(request, this.apply(table, request));
    this.serveQueue();
  }

  /** Makes `next` the table, copies it to the storage, and answers once the storage holds it. */
  private settle(request: ClientRequest<LeaseInput>, { next, output }: { next: LockTable; output: LeaseOutput }): void {
    this.table = next;
    this.round++;
    this.ctx.send(this.storage, { kind: "copy", epoch: this.epoch, round: this.round, table: next });
    if (this.defects.answerBeforeStored) {
      this.ctx.reply(request, { kind: "ok", output });
      return;
    }
    this.waiting.push({ round: this.round, request, output });
    this.ctx.setTimer("resend", RETRY_MS);
  }

  /** An acquire of a held lock waits (a retry of a waiting acquire takes its place). */
  private enqueue(request: ClientRequest<LeaseInput>): void {
    const same = this.queued.find((q) => q.request.client === request.client && q.request.seq === request.seq);
    if (same !== undefined) same.request = request;
    else this.queued.push({ request, until: this.ctx.now() + ACQUIRE_WAIT_MS });
    this.serveQueue();
  }

  /** The first waiter gets a lock that is free or whose lease is over; waiters whose wait is over are refused. */
  private serveQueue(): void {
    if (this.role !== "primary" || this.table === undefined) return;
    while (this.queued.length > 0 && (!this.table.held || this.leaseOver())) {
      const first = this.queued.shift() as Queued;
      this.settle(first.request, this.apply(this.table, first.request));
    }
    const now = this.ctx.now();
    for (const over of this.queued.filter((q) => now >= q.until)) this.settle(over.request, this.apply(this.table, over.request));
    this.queued = this.queued.filter((q) => now < q.until);
    if (this.queued.length === 0) return;
    const next = Math.min(...this.queued.map((q) => q.until), this.leaseStartedAt + this.holdMs());
    this.ctx.setTimer("wait", Math.max(1, next - now));
  }

  /** A lock operation on the table: the new table and the answer. */
  private apply(table: LockTable, request: ClientRequest<LeaseInput>): { next: LockTable; output: LeaseOutput } {
    const { input, client, seq } = request;
    const answered = (output: LeaseOutput, change: Partial<LockTable>): { next: LockTable; output: LeaseOutput } => ({
      next: { ...table, ...change, answers: [...table.answers.filter(([c]) => c !== client), [client, seq, output]] },
      output,
    });
    if (input.op === "release") {
      const accepted = table.held && table.token === input.token;
      return accepted ? answered(true, { held: false, holder: -1 }) : answered(false, {});
    }
    if (table.held && !this.leaseOver()) return answered(null, {});
    // A lease that ran out is ended here, by the next grant: its token joins the expired ones.
    const token = table.token + 1;
    const expired = table.held ? [...table.expired, table.token] : table.expired;
    this.leaseStartedAt = this.ctx.now();
    return answered(token, { token, held: true, holder: client, expired });
  }

  /** Whether the current holder's lease is over by this server's clock. */
  private leaseOver(): boolean {
    return this.ctx.now() - this.leaseStartedAt >= this.holdMs();
  }

  /** How long the primary holds a lease, on its own clock. */
  private holdMs(): number {
    // The seeded defect: a clock running fast reaches the lease's length before the client's lease has ended.
    return this.defects.leaseIgnoresDrift ? LEASE_MS : LEASE_HOLD_MS;
  }

  private claim(): void {
    this.role = "claiming";
    this.ctx.send(this.storage, { kind: "claim", epoch: this.epoch });
    this.ctx.setTimer("claim", RETRY_MS);
  }

  private becomePrimary(epoch: number, table: LockTable): void {
    this.setEpoch(epoch);
    this.role = "primary";
    this.primaryHint = this.ctx.id;
    this.table = table;
    // It cannot know when the holder's lease began: it holds it for a whole lease from now.
    this.leaseStartedAt = this.ctx.now();
    this.round = 0;
    this.stored = 0;
    this.waiting = [];
    this.queued = [];
    this.ctx.cancelTimer("takeover");
    this.ctx.emit({ kind: "role", node: this.ctx.id, role: "leader", term: epoch });
    this.onTimer("heartbeat");
  }

  /** The storage says `epoch` is current and belongs to `primary`. */
  private deposed(epoch: number, primary: NodeId): void {
    if (epoch < this.epoch || (this.role === "primary" && epoch === this.epoch)) return;
    this.setEpoch(epoch);
    // Its own claim of that epoch was granted, but the grant never arrived: it claims the next one.
    if (primary === this.ctx.id) {
      if (this.role !== "primary") this.claim();
      return;
    }
    this.standBy(primary);
  }

  private acked(epoch: number, round: number): void {
    if (this.role !== "primary" || epoch !== this.epoch || round <= this.stored) return;
    this.stored = round;
    const ready = this.waiting.filter((w) => w.round <= round);
    this.waiting = this.waiting.filter((w) => w.round > round);
    for (const w of ready) this.ctx.reply(w.request, { kind: "ok", output: w.output });
  }

  private heartbeat(from: NodeId, epoch: number): void {
    if (epoch < this.epoch || (this.role === "primary" && epoch === this.epoch)) return;
    this.setEpoch(epoch);
    this.standBy(from);
  }

  private standBy(primary: NodeId): void {
    const was = this.role;
    this.role = "standby";
    this.primaryHint = primary;
    this.table = undefined;
    this.waiting = [];
    this.queued = [];
    this.ctx.setTimer("takeover", this.patienceMs);
    if (was === "primary") this.ctx.emit({ kind: "role", node: this.ctx.id, role: "follower", term: this.epoch });
  }

  private setEpoch(epoch: number): void {
    if (epoch === this.epoch) return;
    this.epoch = epoch;
    this.ctx.persist({ kind: "server", epoch });
  }

  private lockServers(): NodeId[] {
    return this.ctx.peers.filter((peer) => peer !== this.storage);
  }
}
