// A leveldown-compatible store (abstract-leveldown 2, the version skiff's levelup 1.x expects) over a hosted
// node's storage, so that skiff's log, term, vote and state machine records live on the disk cx simulates.
// Runs inside the node's realm. Keys and values are strings (level-sublevel prefixes the keys, `!log!t:i`,
// `!meta!currentTerm`, `!state!key`; values are JSON).
//
// Durability: leveldown writes with `sync: false` reach the operating system before their callback, so they
// survive a process crash. cx's crash is a process crash here: every write is synced before its callback, so
// nothing skiff wrote is lost that a real process crash would keep.
import type { HostedStorage } from "@cx/host";
import { AbstractIterator, AbstractLevelDOWN } from "abstract-leveldown";

type Callback<T = void> = (error: Error | null | undefined, value?: T) => void;
type Op = { readonly type: string; readonly key: unknown; readonly value?: unknown };

/** A write as the store sees it. */
export type Write = { readonly type: "put" | "del"; readonly key: string; readonly value: string };
/** What the adapter hears of each batch skiff issues (before it is durable): it may add writes of its own to the same atomic batch. */
export type BatchListener = (ops: readonly Write[]) => readonly Write[];

const asText = (value: unknown): string => (typeof value === "string" ? value : value === null || value === undefined ? "" : String(value));

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
    if (this.entries === undefined) {
      const range: Record<string, unknown> = { reverse: this.options["reverse"] === true };
      for (const bound of ["gt", "gte", "lt", "lte"] as const) if (this.options[bound] !== undefined) range[bound] = asText(this.options[bound]);
      const limit = this.options["limit"];
      if (typeof limit === "number" && limit >= 0) range["limit"] = limit;
      this.entries = (this.db as HostLevelDown).storage.entriesSync(range);
    }
    const next = this.entries[this.position++];
    queueMicrotask(() => (next === undefined ? callback() : callback(null, next[0], next[1])));
  }
}

/** abstract-leveldown 2 over `env.storage`. */
export class HostLevelDown extends AbstractLevelDOWN {
  constructor(
    readonly storage: HostedStorage,
    private readonly onBatch: BatchListener,
  ) {
    super("cx");
  }

  override _open(_options: unknown, callback: Callback): void {
    queueMicrotask(() => callback(null));
  }

  override _get(key: unknown, _options: unknown, callback: Callback<unknown>): void {
    const value = this.storage.getSync(asText(key));
    // The error only when the key is missing: an Error captures a stack trace, and most reads find their key.
    const missing = value === undefined ? Object.assign(new Error("NotFound: key not found in database"), { notFound: true, status: 404 }) : undefined;
    queueMicrotask(() => (missing !== undefined ? callback(missing) : callback(null, value)));
  }

  // abstract-leveldown's signature, four parameters by contract.
  // eslint-disable-next-line max-params
  override _put(key: unknown, value: unknown, options: unknown, callback: Callback): void {
    this._batch([{ type: "put", key, value }], options, callback);
  }

  override _del(key: unknown, options: unknown, callback: Callback): void {
    this._batch([{ type: "del", key }], options, callback);
  }

  override _batch(ops: readonly Op[], _options: unknown, callback: Callback): void {
    const writes: Write[] = ops.map((op) => ({ type: op.type === "del" ? ("del" as const) : ("put" as const), key: asText(op.key), value: asText(op.value) }));
    writes.push(...this.onBatch(writes));
    const done = this.storage.batch(writes.map((w) => (w.type === "del" ? { type: "del" as const, key: w.key } : w))).then(() => this.storage.sync());
    done.then(() => callback(null), (error: Error) => callback(error));
  }

  override _iterator(options: Record<string, unknown>): AbstractIterator {
    return new HostIterator(this, options);
  }
}
