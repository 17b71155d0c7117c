import { freshArrays } from "./scratch-arrays.js";
import type { ArraySource } from "./scratch-arrays.js";

/**
 * The positions `0..keys.length-1` ordered by (key, position): a natural
 * merge sort over typed arrays, with no comparator calls. Linear when the
 * keys come sorted or in a few sorted runs (operations by call, completed
 * then indeterminate), n log n at worst.
 */
export function sortedOrder(keys: Float64Array, arrays: ArraySource = freshArrays): Int32Array {
  const n = keys.length;
  let from = arrays.int32(n);
  for (let i = 0; i < n; i++) from[i] = i;
  // Run boundaries: maximal non-decreasing stretches.
  const bounds: number[] = [0];
  for (let i = 1; i < n; i++) if ((keys[i] as number) < (keys[i - 1] as number)) bounds.push(i);
  bounds.push(n);
  if (bounds.length <= 2) return from;
  let to = arrays.int32(n);
  let runs = bounds;
  while (runs.length > 2) {
    const merged: number[] = [0];
    for (let r = 0; r + 1 < runs.length; r += 2) {
      const lo = runs[r] as number;
      const mid = runs[r + 1] as number;
      const hi = r + 2 < runs.length ? (runs[r + 2] as number) : mid;
      let a = lo;
      let b = mid;
      let k = lo;
      // Ties go to the left run, whose positions are smaller: stable.
      while (a < mid && b < hi) to[k++] = (keys[from[b] as number] as number) < (keys[from[a] as number] as number) ? (from[b++] as number) : (from[a++] as number);
      while (a < mid) to[k++] = from[a++] as number;
      while (b < hi) to[k++] = from[b++] as number;
      merged.push(hi);
    }
    runs = merged;
    const swap = from;
    from = to;
    to = swap;
  }
  return from;
}
