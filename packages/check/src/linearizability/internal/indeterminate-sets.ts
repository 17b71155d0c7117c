import { freshArrays } from "./scratch-arrays.js";
import type { ArraySource } from "./scratch-arrays.js";

/**
 * The sets of linearised indeterminate operations a search has met, each
 * stored once and named by a small id, so that a memo key carries one word
 * for them instead of a bitset as wide as all the operations that never
 * returned (a fifth of a 10,000-operation key is 63 words, written and
 * kept for every configuration; the set itself changes only when such an
 * operation is fired or popped, which is rare).
 *
 * Exact: equal sets get the same id (looked up by hash, then compared word
 * by word), different sets different ids.
 */
export class IndeterminateSets {
  private readonly words: number;
  private pool: Uint32Array;
  private hashes: Int32Array;
  private slots: Int32Array;
  private mask: number;
  private count = 0;

  /** Sets of `words` words each; the empty set is id 0. */
  constructor(words: number, arrays: ArraySource = freshArrays) {
    this.words = words;
    this.pool = arrays.uint32(16 * words);
    this.hashes = arrays.int32(16);
    this.slots = arrays.int32(32);
    this.mask = 31;
    this.intern(arrays.uint32(words), 0, 0);
  }

  /** Bytes held. */
  bytes(): number {
    return 4 * (this.pool.length + this.hashes.length + this.slots.length);
  }

  /**
   * The id of the set in `bits[from, from + words)`, whose hash (a
   * function of the set only, e.g. XOR of per-operation words) is `hash`.
   */
  intern(bits: Uint32Array, from: number, hash: number): number {
    const words = this.words;
    let slot = hash & this.mask;
    for (;;) {
      const found = this.slots[slot] as number;
      if (found === 0) break;
      const id = found - 1;
      if (this.hashes[id] === hash && this.equalAt(id, bits, from)) return id;
      slot = (slot + 1) & this.mask;
    }
    if (this.count === this.hashes.length) {
      this.grow();
      return this.intern(bits, from, hash);
    }
    const id = this.count++;
    const pool = this.pool;
    for (let w = 0, at = id * words; w < words; w++, at++) pool[at] = bits[from + w] as number;
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    return id;
  }

  private equalAt(id: number, bits: Uint32Array, from: number): boolean {
    const pool = this.pool;
    for (let w = 0, at = id * this.words; w < this.words; w++, at++) if (pool[at] !== bits[from + w]) return false;
    return true;
  }

  private grow(): void {
    const capacity = 2 * this.hashes.length;
    const pool = new Uint32Array(capacity * this.words);
    pool.set(this.pool);
    this.pool = pool;
    const hashes = new Int32Array(capacity);
    hashes.set(this.hashes);
    this.hashes = hashes;
    this.slots = new Int32Array(2 * capacity);
    this.mask = 2 * capacity - 1;
    for (let id = 0; id < this.count; id++) {
      let slot = (this.hashes[id] as number) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = id + 1;
    }
  }
}
