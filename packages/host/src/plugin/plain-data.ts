/** Nesting deeper than this is refused: configuration is small, and a cycle must not loop. */
const MAX_DEPTH = 32;

/**
 * Throws a TypeError naming the field unless `value` is plain data
 * (null, booleans, finite numbers, strings, arrays and plain objects of
 * them). A function or an object of the host's realm must never reach a
 * hosted node: it would carry the host process's timers, clock or
 * randomness into the run.
 *
 * @example
 * ```ts
 * checkPlainData({ electionMs: 150 }, "config"); // fine
 * checkPlainData({ now: Date.now }, "config"); // TypeError: config.now is a function ...
 * ```
 */
export function checkPlainData(value: unknown, path: string, depth = 0): void {
  if (depth > MAX_DEPTH) throw new TypeError(`${path} nests deeper than ${MAX_DEPTH} levels (or refers to itself): hosted node configuration must be plain data`);
  if (value === null || typeof value === "boolean" || typeof value === "string") return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is ${value}: hosted node configuration must be plain data (finite numbers)`);
    return;
  }
  if (typeof value === "function") throw new TypeError(`${path} is a function: functions cannot cross into a hosted node (they would carry the host process's timers, clock or randomness); pass plain data`);
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkPlainData(item, `${path}[${i}]`, depth + 1));
    return;
  }
  if (typeof value === "object") {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) throw new TypeError(`${path} is a ${(value as object).constructor?.name ?? "class instance"}: hosted node configuration must be plain data (objects, arrays, numbers, strings, booleans, null)`);
    for (const [key, item] of Object.entries(value)) checkPlainData(item, `${path}.${key}`, depth + 1);
    return;
  }
  throw new TypeError(`${path} is a ${typeof value}: hosted node configuration must be plain data`);
}
