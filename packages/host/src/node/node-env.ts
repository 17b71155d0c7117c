/**
 * What hosted node code receives from the host: the seams an adapter wires
 * its library to. Everything here lives in the node's own realm; values
 * sent or stored are copied as a network or a disk would (plain data,
 * arrays, `Map`, `Set`, `Date`, `Uint8Array`/`Buffer`, `bigint`).
 */
export interface HostedNodeEnv<Config = unknown> {
  /** This node's index in the cluster (`s0`, `s1`, ...). */
  readonly id: number;
  /** Every other node, in id order. */
  readonly peers: readonly number[];
  readonly clusterSize: number;
  /** The plug-in's node configuration (plain data). */
  readonly config: Config;
  /** Messages to and from peers, through the world's network (delayed, dropped, duplicated, reordered, partitioned). */
  readonly transport: HostedTransport;
  /** Storage that survives a crash as far as it was synced. */
  readonly storage: HostedStorage;
  /** Installs the handler the world's clients call: answer `{ kind: "ok", output }` or `{ kind: "redirect", leaderHint }`; answer nothing (or reject) and the client times out. */
  onClientRequest(handler: (input: unknown, request: { readonly client: number; readonly seq: number }) => HostedAnswer | undefined | Promise<HostedAnswer | undefined>): void;
  /** Reports an observation to the monitors and the story (e.g. @cx/check's replica observations). */
  emit(observation: { readonly kind: string; readonly [field: string]: unknown }): void;
  /** Writes to the node's log (discarded unless the host is asked to keep it). */
  log(...args: unknown[]): void;
}

/** A client operation's answer. */
export type HostedAnswer = { readonly kind: "ok"; readonly output: unknown } | { readonly kind: "redirect"; readonly leaderHint?: number };

/** A node's link to its peers. */
export interface HostedTransport {
  send(to: number, message: unknown): void;
  onMessage(handler: (from: number, message: unknown) => void): void;
}

/**
 * A node's disk: a sorted key-value store. Writes are visible to reads at
 * once and survive a crash only once a later `sync()` has completed; a
 * crash keeps a drawn prefix of the writes issued since the last completed
 * sync (none, when the draw is 0).
 */
export interface HostedStorage {
  get(key: string): Promise<unknown>;
  /** The same read, without waiting (a page-cache hit). */
  getSync(key: string): unknown;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  batch(ops: readonly ({ readonly type: "put"; readonly key: string; readonly value: unknown } | { readonly type: "del"; readonly key: string })[]): Promise<void>;
  /** Records in key order (or reverse), within the range. */
  entries(range?: HostedKeyRange): Promise<[string, unknown][]>;
  entriesSync(range?: HostedKeyRange): [string, unknown][];
  /** Makes every write issued before it durable, when the returned promise resolves. */
  sync(): Promise<void>;
}

/** A key range, leveldb style. */
export interface HostedKeyRange {
  readonly gt?: string;
  readonly gte?: string;
  readonly lt?: string;
  readonly lte?: string;
  readonly reverse?: boolean;
  readonly limit?: number;
}

/**
 * What a hosted node module's `start` returns: optional hooks the host
 * calls synchronously between events.
 */
export interface HostedNodeHandle {
  /** The replica as @cx/check's replica view sees it (role, term, log, commit and applied index), for the safety invariants' cross-check. */
  view?(): HostedReplicaView;
}

/** A replica view as hosted code reports it. */
export interface HostedReplicaView {
  readonly role: "follower" | "candidate" | "leader";
  readonly term: number;
  readonly log: readonly { readonly term: number; readonly id: string }[];
  readonly commitIndex: number;
  readonly appliedIndex: number;
}

/** The shape of a hosted node module: `export function start(env) { ... }`. */
export type HostedNodeStart<Config = unknown> = (env: HostedNodeEnv<Config>) => HostedNodeHandle | void | Promise<HostedNodeHandle | void>;
