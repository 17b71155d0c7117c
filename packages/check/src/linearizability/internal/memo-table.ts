import { freshArrays } from "./scratch-arrays.js";
import type { ArraySource } from "./scratch-arrays.js";

/**
 * The set of visited search configurations (an encoding of the set of
 * linearised operations, a state), as an open-addressing hash table over
 * typed arrays: no object per entry, keys of any length packed in one pool,
 * and a byte count the search checks against its memory limit instead of
 * running out of memory.
 */
export class MemoTable {
  private pool: Uint32Array;
  private used = 0;
  private offsets: Int32Array;
  private lengths: Int32Array;
  private hashes: Int32Array;
  private states: unknown[] = [];
  private slots: Int32Array;
  private mask: number;
  count = 0;

  private readonly equal: ((a: unknown, b: unknown) => boolean) | undefined;

  /** Where the caller writes the key of the next {@link MemoTable.insert}. */
  readonly key: Uint32Array;

  /** Keys of at most `keyWords` words; states are compared with `===`, then with `equal` when given; room for about `expected` entries at first. */
  constructor(keyWords: number, sizes: { readonly equal?: ((a: unknown, b: unknown) => boolean) | undefined; readonly expected?: number; readonly arrays?: ArraySource } = {}) {
    const { equal, expected = 1024, arrays = freshArrays } = sizes;
    this.key = arrays.uint32(keyWords);
    this.equal = equal;
    // Small searches are common: start small (it doubles as needed), at most at 1024 entries.
    const initial = Math.min(1024, 1 << Math.ceil(Math.log2(Math.max(16, expected))));
    this.pool = arrays.uint32(initial * 4);
    this.offsets = arrays.int32(initial);
    this.lengths = arrays.int32(initial);
    this.hashes = arrays.int32(initial);
    this.slots = arrays.int32(initial * 2);
    this.mask = initial * 2 - 1;
  }

  /**
   * Bytes held: the key pool, the per-entry arrays and slots, the state
   * references; when the next insert would double the tables (they are
   * full), the doubled size, so that a caller that checks before inserting
   * stops before the memory is taken, not after.
   */
  bytes(): number {
    const full = this.count === this.hashes.length ? 2 : 1;
    const poolFull = this.used + this.key.length > this.pool.length ? 2 : 1;
    // The states array grows by half again when full: 12 bytes a reference, not 8.
    return 4 * poolFull * this.pool.length + full * (12 * this.hashes.length + 4 * this.slots.length) + 12 * this.states.length;
  }

  /** Adds (key[0, length), state) unless present. Returns true when added. */
  insert(length: number, state: unknown, hash: number): boolean {
    const key = this.key;
    const pool = this.pool;
    let slot = hash & this.mask;
    for (;;) {
      const found = this.slots[slot] as number;
      if (found === 0) break;
      const entry = found - 1;
      if (this.hashes[entry] === hash && this.lengths[entry] === length) {
        const base = this.offsets[entry] as number;
        let same = true;
        for (let w = 0; w < length; w++) {
          if (pool[base + w] !== key[w]) {
            same = false;
            break;
          }
        }
        if (same) {
          const other = this.states[entry];
          if (other === state || (this.equal !== undefined && this.equal(other, state))) return false;
        }
      }
      slot = (slot + 1) & this.mask;
    }
    if (this.count === this.hashes.length) {
      this.grow();
      return this.insert(length, state, hash);
    }
    if (this.used + length > this.pool.length) {
      const pool = new Uint32Array(Math.max(this.pool.length * 2, this.used + length));
      pool.set(this.pool.subarray(0, this.used));
      this.pool = pool;
    }
    const entry = this.count++;
    // A loop, not pool.set(key.subarray(...)): no view allocated per insert.
    const into = this.pool;
    for (let w = 0, at = this.used; w < length; w++, at++) into[at] = key[w] as number;
    this.offsets[entry] = this.used;
    this.lengths[entry] = length;
    this.used += length;
    this.hashes[entry] = hash;
    this.states.push(state);
    this.slots[slot] = entry + 1;
    return true;
  }

  private grow(): void {
    const capacity = this.hashes.length * 2;
    const widen = (from: Int32Array): Int32Array => {
      const to = new Int32Array(capacity);
      to.set(from);
      return to;
    };
    this.offsets = widen(this.offsets);
    this.lengths = widen(this.lengths);
    this.hashes = widen(this.hashes);
    this.slots = new Int32Array(capacity * 2);
    this.mask = capacity * 2 - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = (this.hashes[entry] as number) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = entry + 1;
    }
  }
}
