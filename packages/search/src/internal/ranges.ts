import type { Span } from "@cx/sim";

/** A half-open index range `[start, end)` of a choice sequence. */
export interface Range {
  readonly start: number;
  readonly end: number;
}

/** Labelled spans clipped to `length`, deduplicated, non-empty, largest first (ties: later first). */
export function spanRanges(spans: readonly Span[], length: number): Range[] {
  const seen = new Set<number>();
  const out: Range[] = [];
  for (const s of spans) {
    const start = Math.max(0, s.start);
    const end = Math.min(length, s.end);
    if (end <= start) continue;
    const key = start * 1_048_576 + end;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ start, end });
  }
  return out.sort((x, y) => y.end - y.start - (x.end - x.start) || y.start - x.start);
}

/** True if some value in `[start, end)` is not zero. */
export function hasNonZero(values: readonly number[], range: Range): boolean {
  for (let i = range.start; i < range.end; i++) if ((values[i] ?? 0) !== 0) return true;
  return false;
}

/** A copy of `values` with `[start, end)` replaced by `fill`. */
export function replaceRange(values: readonly number[], range: Range, fill: readonly number[]): number[] {
  return [...values.slice(0, range.start), ...fill, ...values.slice(range.end)];
}

/** The largest power of two not above `n` (at least 1). */
export function highestPowerOfTwo(n: number): number {
  let k = 1;
  while (k * 2 <= n) k *= 2;
  return k;
}
