/**
 * A deterministic stream of well-mixed 32-bit integers (splitmix32), used for
 * Zobrist hashing of configurations. Fixed seed: hashes, and so the order in
 * which the memo table probes, must be the same on every run.
 */
export class Mix32 {
  private seed: number;

  constructor(seed: number) {
    this.seed = seed | 0;
  }

  next(): number {
    this.seed = (this.seed + 0x9e3779b9) | 0;
    let z = this.seed;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  }
}

/** Murmur3's finaliser: spreads a Zobrist hash over the low bits the table probes with. */
export function fmix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
