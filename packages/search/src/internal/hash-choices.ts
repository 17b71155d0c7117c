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
