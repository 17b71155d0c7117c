/**
 * A 32-bit FNV-1a hash of a string's UTF-16 code units, as 8 hex digits: a
 * short, stable name for a long text (a trace, a task key, a file name).
 * The same on every machine, so it can name files and compare runs.
 *
 * When to use: to name or compare texts where a collision costs little
 * (a cache miss, a determinism check that a digest also backs). Not for
 * anything an adversary chooses.
 *
 * @example
 * ```ts
 * hashText("abc"); // "1a47e90b"
 * ```
 */
export function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
