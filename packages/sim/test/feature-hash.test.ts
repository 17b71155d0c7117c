import { describe, expect, it } from "vitest";
import { bucketOf, countNodes, FEATURE_HASH_START, mixFeature, startFeature } from "../src/index.js";

/** FNV-1a over 32-bit words, written out the slow way, to pin the chained form against. */
function fnvOverWords(words: readonly number[]): number {
  let h = FEATURE_HASH_START;
  for (const w of words) h = Math.imul(h ^ w, 0x01000193);
  return h >>> 0;
}

describe("the coverage feature toolkit", () => {
  it("chains FNV-1a exactly as hashing the values in order would", () => {
    expect(mixFeature(startFeature(2, 5), 7) >>> 0).toBe(fnvOverWords([2, 5, 7]));
    expect(startFeature(1, 3)).not.toBe(startFeature(2, 3));
  });

  it("buckets a value by the first bound above it", () => {
    expect([0, 1, 3, 4, 9].map((v) => bucketOf(v, [1, 2, 4, 8]))).toEqual([0, 1, 2, 3, 4]);
  });

  it("counts the nodes in a bit mask", () => {
    expect([0, 0b1, 0b1011, 0b11111].map(countNodes)).toEqual([0, 1, 3, 5]);
  });
});
