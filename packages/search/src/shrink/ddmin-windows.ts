import { highestPowerOfTwo, type Range } from "../internal/ranges.js";

/**
 * The windows of a ddmin sweep over a list of `count()` items: halves,
 * quarters, ... single items, and within each size the later windows
 * first, so tails vanish early. `count` is read again before every window,
 * so a caller that shortens the list (an accepted deletion) simply gets the
 * windows that still fit, without touching the loop's position.
 *
 * @example
 * ```ts
 * for (const w of ddminWindows(() => best.length)) if (state.consider(replaceRange(best, w, []))) {}
 * ```
 */
export function* ddminWindows(count: () => number): Generator<Range> {
  for (let k = highestPowerOfTwo(Math.max(1, count() >> 1)); k >= 1; k >>= 1) {
    for (let first = Math.floor((count() - 1) / k) * k; first >= 0; first -= k) {
      const n = count();
      if (first < n) yield { start: first, end: Math.min(first + k, n) };
    }
  }
}

/**
 * Indexes from `count() - 1` down to 0 over a list that may shrink while it
 * is walked: after each step the next index is below both the last one and
 * the list's new length, so an item that moved into a visited slot is not
 * visited twice and nothing past the end is.
 *
 * @example
 * ```ts
 * for (const u of descendingIndexes(() => units.length)) if (tryUnit(units[u])) units = recompute();
 * ```
 */
export function* descendingIndexes(count: () => number): Generator<number> {
  for (let u = count() - 1; u >= 0; u = Math.min(u, count()) - 1) yield u;
}
