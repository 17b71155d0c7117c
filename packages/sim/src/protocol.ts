import type { ProtocolVocabulary } from "./plugin/protocol-vocabulary.js";

/** What a disk did to a node's synced state at its restart (see `NodeContext.storageFault`). */
export type StorageFault = "corrupt" | "unreadable";

/** A node's identity: its index in the cluster, `0 .. clusterSize - 1` (shown as `s0`, `s1`, ...). */
export type NodeId = number;

/** Anything a protocol emits for checkers and the story: a tagged record of plain data. */
export interface Observation {
  readonly kind: string;
  readonly [field: string]: unknown;
}

/** A client's request as a node receives it. Retries reuse `client` and `seq` (at-most-once). */
export interface ClientRequest<Input> {
  readonly client: number;
  readonly seq: number;
  readonly input: Input;
}

/** A node's answer to a client request. */
export type ClientResponse<Output> =
  /** The operation took effect (or was found already applied) with this output. */
  | { readonly kind: "ok"; readonly output: Output }
  /** This node cannot serve the request; `leaderHint` is where the client should try next. */
  | { readonly kind: "redirect"; readonly leaderHint?: NodeId };

/**
 * What a node sees of the world. Every effect goes through it, so the world
 * can delay, drop, reorder and crash everything deterministically.
 *
 * Contracts:
 * - a message passed to `send` and a state passed to `persist` must not be
 *   mutated afterwards (the world keeps references, it does not copy);
 * - timers are named; setting a timer replaces the pending one of that name;
 *   a crash cancels them all;
 * - `now()` and timers are the node's own clock: the world's unless the
 *   scenario draws clocks (`clockDriftPpm`, `clockJumps`), in which case
 *   `now()` reads the node's offset, drift and jumps, and a timer counts its
 *   delay on the node's oscillator (a drift speeds it up or slows it down, a
 *   jump does not move it, as a host timer on a monotonic clock does);
 * - `draw` is the node's share of the choice sequence (election jitter);
 *   0 must be the calm value.
 */
export interface NodeContext<Message, Output, Persistent> {
  readonly id: NodeId;
  /** Every other node of the cluster, in id order. */
  readonly peers: readonly NodeId[];
  readonly clusterSize: number;
  /** The node's own clock, in integer milliseconds: the world's virtual clock when clocks are perfect (the default). */
  now(): number;
  send(to: NodeId, message: Message): void;
  /** Fires `onTimer(name)` once `delayMs` have passed on the node's own clock (its oscillator: a jump of `now()` does not move it). */
  setTimer(name: string, delayMs: number): void;
  cancelTimer(name: string): void;
  /** Stores state that survives a crash (stable storage): `write` then `sync`, done when it returns. */
  persist(state: Persistent): void;
  /**
   * Writes state to stable storage without syncing it: it replaces the
   * durable state only at the next `sync()`, and a crash before then loses
   * it (the node restarts from what was last synced). A protocol that
   * answers before it syncs is one a crash can make forget what it said.
   */
  write(state: Persistent): void;
  /** Makes the last `write` durable (nothing to do when every write was synced). */
  sync(): void;
  /** The last persisted state, or `undefined` on a node's very first boot (or when its disk failed it: see `storageFault`). */
  restore(): Persistent | undefined;
  /**
   * Why `restore()` is empty though the node had synced state: it read back
   * `corrupt` (the storage layer's checksum caught it) or was `unreadable`
   * (a latent read error). `null` when the disk kept what was synced or was
   * blank. Only a scenario with `diskFaults: 1` fails a disk; a protocol
   * that can recover from a lost disk (by refusing to vote until it catches
   * up, say) reads it here.
   */
  storageFault(): StorageFault | null;
  emit(observation: Observation): void;
  /** Answers a client request (delivered to the client through the network). */
  reply(request: ClientRequest<unknown>, response: ClientResponse<Output>): void;
  /** Draws from the run's choice sequence; 0 is the calm value. */
  draw(n: number, label: string): number;
}

/** A running node: a plain object driven by the world. */
export interface ProtocolNode<Message, Input> {
  onMessage(from: NodeId, message: Message): void;
  onTimer(name: string): void;
  onClientRequest(request: ClientRequest<Input>): void;
}

/**
 * A consensus protocol the world can run. `start` is called at first boot
 * and again after every restart, with a fresh context whose `restore()`
 * returns what the node last persisted: volatile state is whatever the new
 * object does not rebuild from it.
 *
 * @typeParam Message - what nodes send each other
 * @typeParam Input - a client operation (e.g. a register read or write)
 * @typeParam Output - what the operation returns
 * @typeParam Persistent - what survives a crash
 * @typeParam Node - the node object, so monitors can inspect it
 */
export interface Protocol<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input> = ProtocolNode<Message, Input>> {
  readonly name: string;
  start(context: NodeContext<Message, Output, Persistent>): Node;
  /** A short label for a message in traces and diagrams (`AppendEntries(t3, 2 entries)`). */
  describeMessage?(message: Message): string;
  /** The protocol's own words for its roles and its epochs (view, primary, ballot), for stories and diagrams; Raft's when absent. */
  readonly vocabulary?: ProtocolVocabulary;
}
