/**
 * A 64-bit-ish key for a choice sequence (two independent 32-bit hashes plus
 * the length). The shrinker's cache holds tens of thousands of candidates of
 * thousands of values each: keeping the joined text would cost hundreds of
 * megabytes, while a collision here is about a 2^-64 event.
 */
export function hashChoices(values: readonly number[]): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < values.length; i++) {
    const v = (values[i] ?? 0) | 0;
    a = Math.imul(a ^ v, 0x01000193);
    a ^= a >>> 15;
    b = Math.imul(b ^ v, 0x5bd1e995);
    b ^= b >>> 13;
    b = Math.imul(b, 0x85ebca6b);
  }
  return `${values.length}:${(a >>> 0).toString(36)}:${(b >>> 0).toString(36)}`;
}

/** Hashes of arrays that never change once made (a shrink's best, a run's keys), by array. */
const frozenHashes = new WeakMap<readonly number[], string>();
const layoutHashes = new WeakMap<readonly string[], string>();

/**
 * `hashChoices(values)` for an array its owner never changes, computed once
 * per array: every aligned or keyed candidate of a shrink names the best it
 * edits in its cache key, and hashing a best of hundreds of values again for
 * each of tens of thousands of candidates cost up to 5% of a shrink.
 *
 * @example
 * ```ts
 * const best = Object.freeze([3, 0, 1]);
 * hashFrozen(best) === hashChoices(best); // true, and the second ask is a lookup
 * ```
 */
export function hashFrozen(values: readonly number[]): string {
  let text = frozenHashes.get(values);
  if (text === undefined) frozenHashes.set(values, (text = hashChoices(values)));
  return text;
}

/** A run's keys (the kind of each draw) as a cache key: the hash of their lengths, once per keys array that never changes. */
export function hashLayout(keys: readonly string[]): string {
  let text = layoutHashes.get(keys);
  if (text === undefined) layoutHashes.set(keys, (text = hashChoices(keys.map((k) => k.length))));
  return text;
}
