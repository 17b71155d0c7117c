import { ELECTION_BASE_MS } from "@cx/sim";

/** What a lease needs of the node's context: its own clock, and who is in the cluster. */
export interface LeaseClock {
  readonly clusterSize: number;
  readonly peers: readonly number[];
  now(): number;
}

/**
 * How long, on its own clock, a leader may serve reads after the send time of
 * an AppendEntries a majority acknowledged.
 *
 * Why this length: a follower that heard from the leader grants no vote
 * (and starts no election) for `ELECTION_BASE_MS` of its own clock, so no
 * other leader exists before `ELECTION_BASE_MS` of true time divided by
 * (1 + bound). The leader's clock may run slow by the bound, so it counts
 * that span times (1 - bound), and a millisecond less for rounding.
 * `ignoreDrift` is the seeded defect: the full span on the leader's own
 * clock, as if clocks kept perfect time.
 */
export function leaseHoldMs(driftBoundPpm: number, ignoreDrift: boolean): number {
  if (ignoreDrift) return ELECTION_BASE_MS;
  return Math.floor((ELECTION_BASE_MS * (1_000_000 - driftBoundPpm)) / (1_000_000 + driftBoundPpm)) - 1;
}

/**
 * A leader's read lease and a follower's promise to honour it (Raft
 * dissertation, section 6.4.1).
 *
 * Leader side: every AppendEntries carries its send time on the leader's
 * clock and every reply echoes it; the lease runs from the latest send time
 * a majority (the leader included) acknowledged. Follower side: a node that
 * heard from a leader, or booted, within `ELECTION_BASE_MS` of its own clock
 * denies every vote, so no majority can elect anyone else while the lease
 * the leader counts could still run.
 */
export class ReadLease {
  private readonly clock: LeaseClock;
  private readonly holdMs: number;
  /** Per node: the send time of the latest AppendEntries it acknowledged to this leadership. */
  private readonly acked: number[];
  /** When this node last heard from a leader of its term; its boot counts, since it cannot know whom it heard before. */
  private heardAt: number;

  constructor(clock: LeaseClock, holdMs: number) {
    this.clock = clock;
    this.holdMs = holdMs;
    this.acked = new Array<number>(clock.clusterSize).fill(Number.NEGATIVE_INFINITY);
    this.heardAt = clock.now();
  }

  /** A new leadership: nothing it sent has been acknowledged yet. */
  startLeading(): void {
    this.acked.fill(Number.NEGATIVE_INFINITY);
  }

  /** The stamp for an AppendEntries sent now. */
  stamp(): number {
    return this.clock.now();
  }

  /** `peer` acknowledged (accepted the term of) an AppendEntries stamped `sentAt`. */
  acknowledged(peer: number, sentAt: number): void {
    if (sentAt > (this.acked[peer] as number)) this.acked[peer] = sentAt;
  }

  /** Whether a leader may answer a read from its lease now: the lease runs, and an entry of its term is applied, so every earlier commit is too. */
  servesRead(node: { readonly log: readonly { readonly term: number }[]; readonly commitIndex: number; readonly lastApplied: number; readonly currentTerm: number }): boolean {
    if (node.commitIndex === 0) return false;
    return node.log[node.commitIndex - 1]?.term === node.currentTerm && node.lastApplied === node.commitIndex && this.holds();
  }

  /** Whether the leader's lease still runs on its own clock. */
  holds(): boolean {
    const now = this.clock.now();
    // The leader acknowledges itself now; the majority's oldest acknowledgement bounds the lease.
    const others = this.clock.peers.map((p) => this.acked[p] as number).sort((a, b) => b - a);
    const needed = Math.floor(this.clock.clusterSize / 2);
    const start = needed === 0 ? now : (others[needed - 1] ?? Number.NEGATIVE_INFINITY);
    return now < start + this.holdMs;
  }

  /** The follower heard from a leader of its term. */
  heardFromLeader(): void {
    this.heardAt = this.clock.now();
  }

  /** Whether the follower still honours a lease some leader may be counting on, and so must deny votes. */
  honoursLease(): boolean {
    return this.clock.now() - this.heardAt < ELECTION_BASE_MS;
  }
}
