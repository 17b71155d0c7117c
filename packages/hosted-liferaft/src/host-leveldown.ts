// A leveldown-compatible store (abstract-leveldown 7) over a hosted node's
// storage, so that liferaft's levelup log keeps its records on the disk cx
// simulates. Runs inside the node's realm.
//
// Durability: leveldown writes with `sync: false` reach the operating system
// before their callback, so they survive a process crash. cx's crash is a
// process crash here: every write is synced before its callback, so nothing
// liferaft wrote is lost that a real process crash would keep.
import type { HostedStorage } from "@cx/host";
import { AbstractIterator, AbstractLevelDOWN } from "abstract-leveldown";

type Callback<T = void> = (error: Error | null | undefined, value?: T) => void;

/** What the adapter hears of each write, to report replica observations. */
export interface StoreListener {
  onPut(key: string, value: string): void;
  onDelete(key: string): void;
}

const asText = (value: unknown): string => (typeof value === "string" ? value : String(value));

class HostIterator extends AbstractIterator {
  private entries: [string, unknown][] | undefined;
  private position = 0;

  constructor(
    db: HostLevelDown,
    private readonly options: Record<string, unknown>,
  ) {
    super(db);
  }

  override _next(callback: (error?: Error | null, key?: unknown, value?: unknown) => void): void {
    const db = this.db as HostLevelDown;
    if (this.entries === undefined) {
      const range: Record<string, unknown> = { reverse: this.options["reverse"] === true };
      for (const bound of ["gt", "gte", "lt", "lte"] as const) if (this.options[bound] !== undefined) range[bound] = asText(this.options[bound]);
      const limit = this.options["limit"];
      if (typeof limit === "number" && limit >= 0) range["limit"] = limit;
      this.entries = db.storage.entriesSync(range);
    }
    const next = this.entries[this.position++];
    queueMicrotask(() => (next === undefined ? callback() : callback(null, next[0], next[1])));
  }
}

/** abstract-leveldown over `env.storage`: keys and values are strings (liferaft's encodings make them so). */
export class HostLevelDown extends AbstractLevelDOWN {
  /** With `inOrder`, each write waits for the one before it: a disk that completes writes in the order they were issued. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    readonly storage: HostedStorage,
    private readonly listener: StoreListener,
    private readonly inOrder = false,
  ) {
    super({ bufferKeys: false, snapshots: false, permanence: true, seek: false, clear: false, getMany: false, createIfMissing: true, errorIfExists: false });
  }

  override _open(_options: unknown, callback: Callback): void {
    queueMicrotask(() => callback(null));
  }

  override _serializeKey(key: unknown): string {
    return asText(key);
  }

  override _serializeValue(value: unknown): string {
    return asText(value);
  }

  override _get(key: string, _options: unknown, callback: Callback<unknown>): void {
    const value = this.storage.getSync(key);
    queueMicrotask(() => (value === undefined ? callback(new Error("NotFound")) : callback(null, value)));
  }

  // abstract-leveldown's signature, four parameters by contract.
  // eslint-disable-next-line max-params
  override _put(key: string, value: string, _options: unknown, callback: Callback): void {
    this.listener.onPut(key, value);
    this.durably(() => this.storage.put(key, value), callback);
  }

  override _del(key: string, _options: unknown, callback: Callback): void {
    this.listener.onDelete(key);
    this.durably(() => this.storage.delete(key), callback);
  }

  override _batch(ops: readonly { type: string; key: string; value?: string }[], _options: unknown, callback: Callback): void {
    for (const op of ops) {
      if (op.type === "del") this.listener.onDelete(op.key);
      else this.listener.onPut(op.key, op.value ?? "");
    }
    this.durably(() => this.storage.batch(ops.map((op) => (op.type === "del" ? { type: "del" as const, key: op.key } : { type: "put" as const, key: op.key, value: op.value ?? "" }))), callback);
  }

  override _iterator(options: Record<string, unknown>): AbstractIterator {
    return new HostIterator(this, options);
  }

  private durably(write: () => Promise<void>, callback: Callback): void {
    const done = (this.inOrder ? this.last.then(write) : write()).then(() => this.storage.sync());
    if (this.inOrder) this.last = done.catch(() => undefined);
    done.then(() => callback(null), (error: Error) => callback(error));
  }
}
