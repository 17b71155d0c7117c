/**
 * What a hosted node's realm may ask of the host: synchronous calls that
 * take and return strings and numbers only, so no object of the host's
 * realm (and no promise of its microtask queue) ever reaches the node.
 */
export interface RealmBridge {
  readonly id: number;
  /** The other nodes' ids, as JSON text. */
  readonly peers: string;
  readonly clusterSize: number;
  /** The node's configuration as wire text, or undefined. */
  readonly config: string | undefined;
  now(): number;
  random(): number;
  /** `n` random bytes as a string of char codes 0-255. */
  randomBytes(n: number): string;
  setTimer(id: number, delayMs: number, label: string): void;
  cancelTimer(id: number, label: string): void;
  /** An I/O operation was issued: it completes as a world event. */
  io(id: number, kind: string): void;
  storageGet(key: string): string | undefined;
  /** `undefined` deletes. */
  storagePut(key: string, value: string | undefined): void;
  /** JSON range `{gt,gte,lt,lte,reverse,limit}` in, JSON `[key, value][]` out, in key order (each value its stored wire text, embedded as is). */
  storageRange(range: string): string;
  /** A sync was issued; `ioId` is the id its completion will carry. */
  storageSync(ioId: number): void;
  send(to: number, text: string): void;
  emit(text: string): void;
  reply(token: number, text: string): void;
  log(level: string, text: string): void;
  leak(api: string, stack: string): void;
}

/** The runtime's object inside the realm, as the host calls it. */
export interface RealmRuntime {
  fireTimer(id: number): void;
  completeIo(id: number): void;
  deliver(from: number, text: string): void;
  request(token: number, client: number, seq: number, input: string): void;
  call(fn: unknown, args: readonly unknown[]): unknown;
  /** Calls `done` (synchronously, from a continuation of the realm's own) once `value` settles. */
  whenSettled(value: unknown, done: (value: unknown, error: unknown) => void): void;
  newModule(filename: string): RealmModule;
  leakingModule(name: string, keys: readonly string[]): unknown;
  /** Node's `stream` module shape (a legacy `Stream` with `Readable`, `Writable`...) over readable-stream's browser build. */
  streamModule(readableStream: unknown, events: unknown): unknown;
  encode(value: unknown): string;
  decode(text: string): unknown;
  readonly env: unknown;
  /** The runtime's version of a built-in module (`timers`, `crypto`, `util`...), made when the host asks for it (once per realm). */
  module(key: string): unknown;
  /** What the realm's globals must hold (timers, clocks, `process`...), for the host to copy onto the context's sandbox. */
  readonly globals: Readonly<Record<string, unknown>>;
}

/** A CommonJS module object made inside the realm. */
export interface RealmModule {
  exports: unknown;
  loaded: boolean;
  readonly filename: string;
}
