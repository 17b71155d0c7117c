/** A two-sided interval with its confidence level; a `null` bound means "beyond what was measured" (censored). */
export interface Interval {
  readonly low: number | null;
  readonly high: number | null;
  readonly confidence: number;
}

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/**
 * The Wilson score interval of a proportion: `found` successes in
 * `campaigns` trials, as fractions in [0, 1] (95% unless `z` says
 * otherwise).
 *
 * When to use: a found rate over a few dozen campaigns ("29/30"). Unlike
 * the normal approximation it stays inside [0, 1] and is not degenerate at
 * 0/n or n/n.
 *
 * Gotchas: `campaigns` 0 gives the whole [0, 1].
 *
 * @example
 * ```ts
 * wilsonInterval(29, 30); // { low: 0.833, high: 0.994, confidence: 0.95 } (rounded)
 * ```
 */
export function wilsonInterval(found: number, campaigns: number, z = Z95): Interval {
  const confidence = z === Z95 ? 0.95 : confidenceOf(z);
  if (campaigns <= 0) return { low: 0, high: 1, confidence };
  const p = found / campaigns;
  const z2 = z * z;
  const denominator = 1 + z2 / campaigns;
  const centre = (p + z2 / (2 * campaigns)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / campaigns + z2 / (4 * campaigns * campaigns))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half), confidence };
}

/** The median of censored samples, with a distribution-free interval; `null` values mean "not within the budget". */
export interface CensoredMedian {
  /** The median, or `null` when half or more of the samples are censored (then it lies beyond the budget). */
  readonly median: number | null;
  /** 95% interval for the median from order statistics; `high: null` when the upper rank is censored. */
  readonly interval: Interval;
}

/**
 * The median trials to first violation over every campaign, counting a
 * campaign that found nothing as "more than the budget" (censored), with a
 * distribution-free 95% interval: the order statistics whose ranks cover
 * the median with probability at least 95% under Binomial(n, 1/2).
 *
 * When to use: the "median trials" of a (defect, strategy) cell. A median
 * over the found campaigns alone would flatter a strategy that rarely
 * finds; this one counts every campaign.
 *
 * Gotchas: with fewer than 6 samples no pair of order statistics reaches
 * 95%, and the interval is the whole sample range (its `confidence` says
 * what it reaches). The median of an even count is the lower middle
 * sample, so it is always an observed number of trials.
 *
 * @example
 * ```ts
 * censoredMedian([12, 40, null, 7, 300]); // { median: 40, interval: { low: 7, high: null, confidence: 0.9375 } }
 * ```
 */
export function censoredMedian(samples: readonly (number | null)[]): CensoredMedian {
  const n = samples.length;
  if (n === 0) return { median: null, interval: { low: null, high: null, confidence: 0 } };
  // Censored samples sort last: they are larger than any measured one.
  const sorted = samples.map((s) => (s === null ? Number.POSITIVE_INFINITY : s)).sort((a, b) => a - b);
  const at = (rank: number): number | null => {
    const value = sorted[rank - 1] as number;
    return Number.isFinite(value) ? value : null;
  };
  const mid = Math.ceil(n / 2);
  const { low, high, confidence } = medianRanks(n);
  return { median: at(mid), interval: { low: at(low), high: at(high), confidence } };
}

/** The ranks [l, n + 1 - l] (1-based) with the largest l whose coverage of the median is still at least 95%. */
function medianRanks(n: number): { low: number; high: number; confidence: number } {
  let best = { low: 1, high: n, confidence: coverage(n, 1) };
  for (let l = 2; l <= Math.floor((n + 1) / 2); l++) {
    const c = coverage(n, l);
    if (c < 0.95) break;
    best = { low: l, high: n + 1 - l, confidence: c };
  }
  return best;
}

/** P(X(l) <= median <= X(n+1-l)) = 1 - 2 P(Binomial(n, 1/2) <= l - 1). */
function coverage(n: number, l: number): number {
  let tail = 0;
  let term = Math.pow(0.5, n);
  for (let k = 0; k <= l - 1; k++) {
    tail += term;
    term = (term * (n - k)) / (k + 1);
  }
  return Math.max(0, 1 - 2 * tail);
}

function confidenceOf(z: number): number {
  // Two-sided normal coverage of ±z (Abramowitz-Stegun 7.1.26 erf approximation).
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return erf;
}

/** A (defect, strategy) cell summarised over its campaigns. */
export interface CampaignSummary {
  readonly campaigns: number;
  readonly found: number;
  /** The found rate with its 95% Wilson interval. */
  readonly foundRate: number;
  readonly foundInterval: Interval;
  /** Median trials to first violation over every campaign (unfound counted as beyond the budget), with its interval. */
  readonly medianTrials: number | null;
  readonly medianInterval: Interval;
}

/**
 * Summarises campaigns: `trials[i]` is campaign i's trials to its first
 * violation, or `null` when it found none within its budget.
 *
 * @example
 * ```ts
 * summariseCampaigns([3, 9, null]); // { campaigns: 3, found: 2, foundRate: 0.667, ... }
 * ```
 */
export function summariseCampaigns(trials: readonly (number | null)[]): CampaignSummary {
  const found = trials.filter((t) => t !== null).length;
  const median = censoredMedian(trials);
  return {
    campaigns: trials.length,
    found,
    foundRate: trials.length === 0 ? 0 : found / trials.length,
    foundInterval: wilsonInterval(found, trials.length),
    medianTrials: median.median,
    medianInterval: median.interval,
  };
}
