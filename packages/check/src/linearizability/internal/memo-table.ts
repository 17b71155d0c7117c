/**
 * The set of visited search configurations (bitset of linearised operations,
 * state id), as an open-addressing hash table over typed arrays: no object
 * per entry, and a hard memory ceiling instead of an out-of-memory crash.
 */
export class MemoTable {
  private readonly words: number;
  private readonly maxEntries: number;
  private pool: Uint32Array;
  private hashes: Int32Array;
  private states: unknown[] = [];
  private slots: Int32Array;
  private mask: number;
  count = 0;

  private readonly equal: ((a: unknown, b: unknown) => boolean) | undefined;

  /**
   * `words` per bitset; at most `bytesMax` of memory in total (not counting
   * object states themselves). States are compared with `===`, then with
   * `equal` when given.
   */
  constructor(words: number, bytesMax: number, equal?: (a: unknown, b: unknown) => boolean) {
    this.words = words;
    this.equal = equal;
    // Per entry: the bitset, hash, state id, and two slots at load <= 1/2.
    const perEntry = 4 * words + 8 + 8;
    this.maxEntries = Math.max(16, Math.floor(bytesMax / perEntry));
    const initial = 1024;
    this.pool = new Uint32Array(initial * words);
    this.hashes = new Int32Array(initial);
    this.slots = new Int32Array(initial * 2);
    this.mask = initial * 2 - 1;
  }

  /**
   * Adds (bits, state) unless present. Returns 1 when added, 0 when it was
   * already there, -1 when the table is full.
   */
  insert(bits: Uint32Array, state: unknown, hash: number): number {
    const words = this.words;
    const pool = this.pool;
    let slot = hash & this.mask;
    for (;;) {
      const found = this.slots[slot] as number;
      if (found === 0) break;
      const entry = found - 1;
      if (this.hashes[entry] === hash) {
        const base = entry * words;
        let same = true;
        for (let w = 0; w < words; w++) {
          if (pool[base + w] !== bits[w]) {
            same = false;
            break;
          }
        }
        if (same) {
          const other = this.states[entry];
          if (other === state || (this.equal !== undefined && this.equal(other, state))) return 0;
        }
      }
      slot = (slot + 1) & this.mask;
    }
    if (this.count >= this.maxEntries) return -1;
    if (this.count === this.hashes.length) {
      this.grow();
      return this.insert(bits, state, hash);
    }
    const entry = this.count++;
    this.pool.set(bits, entry * words);
    this.hashes[entry] = hash;
    this.states.push(state);
    this.slots[slot] = entry + 1;
    return 1;
  }

  private grow(): void {
    const capacity = this.hashes.length * 2;
    const pool = new Uint32Array(capacity * this.words);
    pool.set(this.pool);
    this.pool = pool;
    const hashes = new Int32Array(capacity);
    hashes.set(this.hashes);
    this.hashes = hashes;
    this.slots = new Int32Array(capacity * 2);
    this.mask = capacity * 2 - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = (this.hashes[entry] as number) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = entry + 1;
    }
  }
}
