/**
 * Hashing and equality of the string lists that the set and queue models use
 * as states (the checker buckets object states by `hash` and compares them
 * with `equal`; without them every memo probe would serialise both states).
 */

/** FNV-1a over the strings, each closed by a separator no string can forge (its length). */
export function hashStrings(list: readonly string[]): number {
  let h = 0x811c9dc5 ^ list.length;
  for (const item of list) h = hashString(item, h);
  return h | 0;
}

/** FNV-1a of one string, continuing from `seed`, closed by its length. */
export function hashString(text: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return Math.imul(h ^ (text.length + 0x9e3779b9), 0x01000193);
}

/** Whether two lists hold the same strings in the same order. */
export function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
