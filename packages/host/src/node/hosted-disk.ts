import type { HostedKeyRange } from "./node-env.js";

/**
 * What a hosted node's disk holds across a crash: the synced records, and
 * the writes issued since the last sync (which a crash may lose).
 * Immutable: the world keeps a reference to the last one persisted.
 */
export interface HostedDisk {
  /** Key -> wire text, as of the last completed sync. */
  readonly durable: ReadonlyMap<string, string>;
  /** Writes since then, oldest first (`undefined` deletes); shared and append-only, read up to `pendingLength`. */
  readonly pending: readonly (readonly [key: string, value: string | undefined])[];
  readonly pendingLength: number;
}

/** A range over keys in byte order, as leveldb-style stores take it. */
export type KeyRange = HostedKeyRange;

/**
 * A node's storage as it runs: what reads see (every write at once, like an
 * operating system's page cache) and what would survive a crash (what the
 * last completed sync covered). Records are text: values crossed the realm
 * boundary encoded, as they would be written to a real disk.
 */
export class HostedStore {
  private readonly visible: Map<string, string>;
  /** Visible keys in sorted order, for range scans. */
  private sortedKeys: string[] | undefined;
  private durable: ReadonlyMap<string, string>;
  private pending: (readonly [string, string | undefined])[] = [];
  /** Sync id -> how many pending writes it covers. */
  private readonly syncs = new Map<number, number>();

  constructor(
    disk: HostedDisk | undefined,
    /** How many of the writes pending at the crash reached the disk (0: none did). */
    survivingWrites: (pending: number) => number,
    private readonly persist: (disk: HostedDisk) => void,
  ) {
    const base = new Map(disk?.durable ?? []);
    const survivors = disk === undefined ? 0 : Math.min(disk.pendingLength, survivingWrites(disk.pendingLength));
    for (let i = 0; i < survivors; i++) {
      const [key, value] = disk?.pending[i] as readonly [string, string | undefined];
      if (value === undefined) base.delete(key);
      else base.set(key, value);
    }
    this.durable = base;
    this.visible = new Map(base);
    if (disk !== undefined && (survivors > 0 || disk.pendingLength > 0)) this.save();
  }

  get(key: string): string | undefined {
    return this.visible.get(key);
  }

  put(key: string, value: string | undefined): void {
    const had = this.visible.has(key);
    if (value === undefined) this.visible.delete(key);
    else this.visible.set(key, value);
    if (had !== this.visible.has(key)) this.sortedKeys = undefined;
    this.pending.push([key, value]);
    this.save();
  }

  /** A sync was issued: at its completion, every write issued before it is durable. */
  syncIssued(id: number): void {
    this.syncs.set(id, this.pending.length);
  }

  /** Completes the sync `id` if it is one. */
  syncCompleted(id: number): void {
    const covered = this.syncs.get(id);
    if (covered === undefined) return;
    this.syncs.delete(id);
    if (covered === 0) return;
    const durable = new Map(this.durable);
    for (let i = 0; i < covered; i++) {
      const [key, value] = this.pending[i] as readonly [string, string | undefined];
      if (value === undefined) durable.delete(key);
      else durable.set(key, value);
    }
    this.durable = durable;
    this.pending = this.pending.slice(covered);
    for (const [sync, count] of this.syncs) this.syncs.set(sync, Math.max(0, count - covered));
    this.save();
  }

  range(range: KeyRange): [string, string][] {
    const keys = (this.sortedKeys ??= [...this.visible.keys()].sort(byBytes));
    let lo = 0;
    let hi = keys.length;
    if (range.gte !== undefined) lo = lowerBound(keys, range.gte);
    if (range.gt !== undefined) lo = Math.max(lo, upperBound(keys, range.gt));
    if (range.lte !== undefined) hi = upperBound(keys, range.lte);
    if (range.lt !== undefined) hi = Math.min(hi, lowerBound(keys, range.lt));
    const limit = range.limit === undefined || range.limit < 0 ? Infinity : range.limit;
    const out: [string, string][] = [];
    if (range.reverse === true) for (let i = hi - 1; i >= lo && out.length < limit; i--) out.push(entry(this.visible, keys[i] as string));
    else for (let i = lo; i < hi && out.length < limit; i++) out.push(entry(this.visible, keys[i] as string));
    return out;
  }

  private save(): void {
    this.persist({ durable: this.durable, pending: this.pending, pendingLength: this.pending.length });
  }
}

function entry(map: ReadonlyMap<string, string>, key: string): [string, string] {
  return [key, map.get(key) as string];
}

function byBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
