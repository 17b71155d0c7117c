/**
 * The Wilson score interval of a proportion: `k` successes in `n` trials,
 * at 95% (z = 1.96) unless told otherwise. Unlike the normal approximation
 * it stays inside [0, 1] and is honest at 0 and `n`, which is where small
 * campaign counts live.
 *
 * @example
 * ```ts
 * wilsonInterval(3, 6); // { low: 0.188, high: 0.812 } (rounded)
 * ```
 */
export function wilsonInterval(k: number, n: number, z = 1.96): { readonly low: number; readonly high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}
