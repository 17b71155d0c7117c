/**
 * Structural hashing and equality of plain data (primitives, arrays, plain
 * objects), for telling identical operations apart without serialising
 * each one to JSON (which cost more than the rest of a search's setup).
 * Anything else (class instances, maps, functions, cycles, deep nesting)
 * is "not plain": callers treat such a value as equal to nothing, which is
 * always safe for them (a missed symmetry is only slower).
 */

/** Nesting beyond this is treated as not plain (it also bounds recursion). */
const DEPTH_MAX = 16;
/** What {@link plainHash} answers for a value that is not plain data. */
export const NOT_PLAIN = null;

/** A 32-bit structural hash of `value`, or {@link NOT_PLAIN}. */
export function plainHash(value: unknown): number | null {
  return hashAt(value, 0);
}

function hashAt(value: unknown, depth: number): number | null {
  switch (typeof value) {
    case "string":
      return stringHash(value, 0x1b873593);
    case "number":
      return Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? Math.imul(value | 0, 0x9e3779b1) ^ 0x2f : stringHash(String(value), 0x3c6ef372);
    case "boolean":
      return value ? 0x5bd1e995 : 0x27d4eb2f;
    case "undefined":
      return 0x165667b1;
    case "bigint":
      return stringHash(value.toString(), 0x7f4a7c15);
    case "object": {
      if (value === null) return 0x61c88647;
      if (depth >= DEPTH_MAX) return NOT_PLAIN;
      if (Array.isArray(value)) {
        let h = 0x4cf5ad43 ^ value.length;
        for (const item of value) {
          const inner = hashAt(item, depth + 1);
          if (inner === NOT_PLAIN) return NOT_PLAIN;
          h = Math.imul(h ^ inner, 0x01000193);
        }
        return h | 0;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
      // Order-independent over keys: two objects with the same fields in another order are equal.
      let h = 0x6a09e667;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const inner = hashAt((value as Record<string, unknown>)[key], depth + 1);
        if (inner === NOT_PLAIN) return NOT_PLAIN;
        h = (h + Math.imul(stringHash(key, 0x510e527f) ^ inner, 0x85ebca6b)) | 0;
      }
      return h;
    }
    default:
      return NOT_PLAIN;
  }
}

function stringHash(text: string, seed: number): number {
  let h = seed ^ text.length;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** Structural equality of two values {@link plainHash} accepted (own enumerable keys, `Object.is` on primitives). */
export function plainEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || depth >= DEPTH_MAX) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!plainEqual(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let count = 0;
  for (const key in ra) {
    if (!Object.hasOwn(ra, key)) continue;
    if (!Object.hasOwn(rb, key) || !plainEqual(ra[key], rb[key], depth + 1)) return false;
    count++;
  }
  for (const key in rb) if (Object.hasOwn(rb, key)) count--;
  return count === 0;
}

/** Values visited at most by {@link estimatedBytes}: a sample, not a census. */
const ESTIMATE_VALUES_MAX = 4096;

/**
 * About how many bytes `value` takes in memory: objects (symbol-keyed
 * properties included) at 128 bytes plus 48 a property, strings at 24 plus
 * their length, numbers boxed. Calibrated on V8's heap for the kv store's
 * states (about 500 bytes each, for a 10-character value: objects built by
 * spreading, with a symbol key, are held as dictionaries); a plain small
 * object costs less, so it errs on the high side, as shared parts counted
 * each time they are reached do. Deep or huge values are cut off at
 * ESTIMATE_VALUES_MAX values (the rest is not counted).
 */
export function estimatedBytes(value: unknown): number {
  let visited = 0;
  const walk = (at: unknown, depth: number): number => {
    if (++visited > ESTIMATE_VALUES_MAX || depth > DEPTH_MAX) return 0;
    switch (typeof at) {
      case "string":
        return 24 + at.length;
      case "number":
      case "bigint":
        return 16;
      case "object": {
        if (at === null) return 0;
        if (Array.isArray(at)) return 32 + 8 * at.length + at.reduce((sum: number, item: unknown) => sum + walk(item, depth + 1), 0);
        let bytes = 128;
        for (const key of Reflect.ownKeys(at)) bytes += 48 + walk((at as Record<string | symbol, unknown>)[key], depth + 1);
        return bytes;
      }
      default:
        return 0;
    }
  };
  return walk(value, 0);
}
