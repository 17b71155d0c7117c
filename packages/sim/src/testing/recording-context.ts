import type { ClientRequest, ClientResponse, NodeContext, NodeId, Observation, StorageFault } from "../protocol.js";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * A hand-driven node context for unit tests of a protocol node: it records
 * what the node sends, persists, emits and replies, with a clock the test
 * moves and draws the test scripts. Sent messages and persisted states are
 * deep-frozen, so a node that mutates them after handing them over throws
 * (the world keeps references, it does not copy).
 *
 * When to use: to drive one node through a precise sequence (a vote, a stale
 * AppendEntries) without a world; scenarios belong to `runScenario`.
 *
 * @example
 * ```ts
 * const ctx = new RecordingContext<RaftMessage, RegisterOutput, RaftPersistent>(0, 3);
 * const node = new RaftNode(ctx, new Set());
 * ctx.time = 300;
 * node.onTimer("election");
 * ctx.take(); // the RequestVotes it sent
 * ```
 */
export class RecordingContext<Message, Output, Persistent> implements NodeContext<Message, Output, Persistent> {
  readonly peers: readonly NodeId[];
  /**
   * The node's own clock, what `now()` reads; the test moves it, forward or
   * back (a drifting clock or a jump is just another value here). Timers
   * record the reading they are due at (`time + delayMs`).
   */
  time = 0;
  readonly sent: { to: NodeId; message: Message }[] = [];
  readonly observations: Observation[] = [];
  readonly replies: { request: ClientRequest<unknown>; response: ClientResponse<Output> }[] = [];
  /** Pending timers by name, with the time each fires. */
  readonly timers = new Map<string, number>();
  /** What the node last synced (`persist`, or `write` then `sync`). */
  stored: Persistent | undefined;
  /** Written and not yet synced (what a crash would lose). */
  unsynced: { readonly state: Persistent } | undefined;
  /** What `storageFault()` reports: set it (and leave `stored` undefined) to boot a node whose disk failed it. */
  fault: StorageFault | null = null;
  /** Values `draw` hands out, in order; 0 once they run out (clamped to `n - 1`, as a replay clamps). */
  draws: number[] = [];

  constructor(
    readonly id: NodeId,
    readonly clusterSize: number,
    stored?: Persistent,
  ) {
    this.peers = Array.from({ length: clusterSize }, (_, i) => i).filter((i) => i !== id);
    this.stored = stored === undefined ? undefined : deepFreeze(stored);
  }

  now(): number {
    return this.time;
  }
  send(to: NodeId, message: Message): void {
    this.sent.push({ to, message: deepFreeze(message) });
  }
  setTimer(name: string, delayMs: number): void {
    this.timers.set(name, this.time + delayMs);
  }
  cancelTimer(name: string): void {
    this.timers.delete(name);
  }
  persist(state: Persistent): void {
    this.stored = deepFreeze(state);
    this.unsynced = undefined;
  }
  write(state: Persistent): void {
    this.unsynced = { state: deepFreeze(state) };
  }
  sync(): void {
    if (this.unsynced === undefined) return;
    this.stored = this.unsynced.state;
    this.unsynced = undefined;
  }
  restore(): Persistent | undefined {
    return this.stored;
  }
  storageFault(): StorageFault | null {
    return this.fault;
  }
  emit(observation: Observation): void {
    this.observations.push(observation);
  }
  reply(request: ClientRequest<unknown>, response: ClientResponse<Output>): void {
    this.replies.push({ request, response });
  }
  draw(n: number): number {
    return Math.min(this.draws.shift() ?? 0, n - 1);
  }
  /** Messages sent since the last call. */
  take(): { to: NodeId; message: Message }[] {
    return this.sent.splice(0);
  }
}
