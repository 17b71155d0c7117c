/** Larger than any `draw(n)` bound in practice; replay clamps it to `n - 1`. */
export const RAISED = 2 ** 31 - 1;

/** `n` zeros. */
export function zeros(n: number): number[] {
  return new Array<number>(n).fill(0);
}

/** A copy of `values` with `values[index] = value`. */
export function with1(values: readonly number[], index: number, value: number): number[] {
  const copy = values.slice();
  copy[index] = value;
  return copy;
}

/** A copy with every value after `index` that is above `above` raised to the maximum. */
export function raiseAfter(values: readonly number[], index: number, above: number): number[] {
  const copy = values.slice();
  for (let j = index + 1; j < copy.length; j++) if ((copy[j] ?? 0) > above) copy[j] = RAISED;
  return copy;
}

/** Indexes of the values that are not zero, ascending. */
export function nonZeroIndexes(values: readonly number[]): number[] {
  return values.flatMap((v, i) => (v !== 0 ? [i] : []));
}

/** all, half, quarter, ... then 3, 2, 1; descending, distinct, at most `length`. */
export function deletionSizes(length: number): number[] {
  const sizes = new Set<number>();
  for (let n = length; n >= 1; n >>= 1) sizes.add(n);
  for (const n of [3, 2, 1]) if (n <= length) sizes.add(n);
  return [...sizes].sort((a, b) => b - a);
}

/** How far back to move a value among `count` calm slots: all the way, half, quarter, ... 1. */
export function moveDistances(count: number): number[] {
  const out: number[] = [];
  for (let d = count; d >= 1; d >>= 1) out.push(d);
  return out;
}

/** Setting values up to this are lowered to every smaller one by the passes that lower a run-wide setting. */
export const LOW_ALL_MAX = 4;

/** For a larger setting (a horizon), the fractions of it the passes that lower a setting together with another move try, besides 0 and one less. */
export const SETTING_FRACTIONS = [1 / 4, 1 / 2, 3 / 4] as const;

/** The smaller values tried for a setting `v`, smallest first: every one when `v` is small (a level); else 0, `v` times each of `fractions`, and one less. */
export function smallerSettingValues(v: number, fractions: readonly number[] = []): number[] {
  if (v <= LOW_ALL_MAX) return Array.from({ length: v }, (_, k) => k);
  return [...new Set([0, ...fractions.map((f) => Math.floor(v * f)), v - 1])].filter((low) => low < v).sort((a, b) => a - b);
}

/** One item from each list in turn, each list in its own order, until all are spent: families of candidates share an allowance fairly. */
export function* roundRobin<T>(lists: readonly (readonly T[])[]): Generator<T> {
  for (let k = 0; lists.some((list) => k < list.length); k++) for (const list of lists) if (k < list.length) yield list[k] as T;
}
