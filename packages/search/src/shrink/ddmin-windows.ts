import { highestPowerOfTwo, type Range } from "../internal/ranges.js";

/**
 * The windows of a ddmin sweep over a list of `count()` items: halves,
 * quarters, ... single items, within each size the later windows first, so
 * tails vanish early. `count` is read before every window, so a caller that
 * shortens the list gets the windows that still fit.
 */
export function* ddminWindows(count: () => number): Generator<Range> {
  for (let k = highestPowerOfTwo(Math.max(1, count() >> 1)); k >= 1; k >>= 1) {
    for (let first = Math.floor((count() - 1) / k) * k; first >= 0; first -= k) {
      const n = count();
      if (first < n) yield { start: first, end: Math.min(first + k, n) };
    }
  }
}

/** Indexes from `count() - 1` down to 0 over a list that may shrink while it is walked: each next index is below the last one and the new length. */
export function* descendingIndexes(count: () => number): Generator<number> {
  for (let u = count() - 1; u >= 0; u = Math.min(u, count()) - 1) yield u;
}
