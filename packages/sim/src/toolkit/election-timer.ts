import type { NodeContext } from "../protocol.js";
import { ELECTION_BASE_MS, ELECTION_JITTER_LEVELS, ELECTION_JITTER_STEP_MS, ELECTION_STAGGER_MS } from "./leader-timing.js";

/** What an election timer needs of its node's context (any `NodeContext` has it). */
export type ElectionTimerContext = Pick<NodeContext<unknown, unknown, unknown>, "id" | "now" | "draw" | "setTimer" | "cancelTimer">;

/** The name of the timer an {@link ElectionTimer} sets on its node's context. */
export const ELECTION_TIMER = "election";

/**
 * A leader-based node's suspicion of its leader: a drawn timeout and a
 * deadline that hearing from the leader pushes back. It sets at most one
 * `"election"` timer at a time and, when that goes off before the deadline,
 * sets it again for the rest of the wait, so a busy leader costs no timer
 * events per message.
 *
 * When to use: in a protocol package whose nodes stand for election after
 * silence from their leader (Raft, Multi-Paxos); the node keeps its role
 * checks, the timer keeps the clock arithmetic.
 *
 * Gotchas: {@link ElectionTimer.redraw} draws a choice labelled
 * `"election jitter"` from the node's context, so where a node calls it is
 * part of its runs' meaning; saved counterexamples replay only if that stays.
 *
 * @example
 * ```ts
 * const election = new ElectionTimer(ctx);
 * election.redraw();
 * election.touch(); // heard from the leader
 * // in onTimer("election"):
 * if (election.fire(role === "leader")) startElection();
 * ```
 */
export class ElectionTimer {
  private readonly ctx: ElectionTimerContext;
  private timeoutMs = 0;
  private deadline = 0;
  private armed = false;

  constructor(ctx: ElectionTimerContext) {
    this.ctx = ctx;
  }

  /** The current timeout, in simulated milliseconds. */
  get currentTimeoutMs(): number {
    return this.timeoutMs;
  }

  /** Draws a new timeout: the shared base, the node's stagger and a drawn jitter (0 = none). */
  redraw(): void {
    this.timeoutMs = ELECTION_BASE_MS + ELECTION_STAGGER_MS * this.ctx.id + ELECTION_JITTER_STEP_MS * this.ctx.draw(ELECTION_JITTER_LEVELS, "election jitter");
  }

  /** Pushes the deadline a whole timeout past now, setting the timer only if none is set. */
  touch(): void {
    this.deadline = this.ctx.now() + this.timeoutMs;
    if (!this.armed) this.arm(this.timeoutMs);
  }

  /** Pushes the deadline a whole timeout past now and sets the timer afresh (a leader stepped down: its timer was cancelled). */
  restart(): void {
    this.deadline = this.ctx.now() + this.timeoutMs;
    this.arm(this.timeoutMs);
  }

  /** Cancels the timer (the node leads: it suspects nobody). */
  cancel(): void {
    this.armed = false;
    this.ctx.cancelTimer(ELECTION_TIMER);
  }

  /**
   * The `"election"` timer went off. True when the node should stand now;
   * false when it leads, or when the deadline moved since the timer was set
   * (the timer is then set again for the rest of the wait).
   */
  fire(leading: boolean): boolean {
    this.armed = false;
    if (leading) return false;
    const now = this.ctx.now();
    if (now >= this.deadline) return true;
    this.arm(this.deadline - now);
    return false;
  }

  private arm(delayMs: number): void {
    this.armed = true;
    this.ctx.setTimer(ELECTION_TIMER, delayMs);
  }
}
