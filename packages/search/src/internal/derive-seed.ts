/**
 * A well-mixed 32-bit seed for the `index`-th use of `seed` (a murmur3
 * finaliser): consecutive trials get unrelated PRNG streams, and trial `i`
 * of a hunt is the same whatever happened before it.
 */
export function deriveSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b9)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
