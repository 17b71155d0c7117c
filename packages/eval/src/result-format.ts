/**
 * One table of the results, as plain (unescaped) text cells: the same
 * tables become Markdown in summary.md and HTML in the report.
 */
export interface ResultTable {
  /** Stable identifier (`headline`, `raft-trust`, `raft-trials`, ...), usable as an HTML id. */
  readonly id: string;
  readonly title: string;
  /** A sentence on what the table shows and how to read it. */
  readonly caption: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Columns holding numbers (right-aligned). */
  readonly numeric: readonly number[];
}

/** `1234567` as `1,234,567`; null as an em dash. */
export function formatCount(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "—";
  return Math.round(value).toLocaleString("en-US");
}

/** Milliseconds for people: `850 ms`, `12.3 s`, `4 min 5 s`. */
export function formatMs(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return "—";
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms - minutes * 60_000) / 1000)} s`;
}

/** A ratio as `1.93x`; null or NaN as an em dash. */
export function formatRatio(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "—" : `${value.toFixed(2)}x`;
}


/** The story length as the results hold it: every step, and how many were shown when some were left out. */
export function formatStorySteps(total: number | null, shown: number | null): string {
  if (total === null) return "—";
  return shown === null || shown === total ? formatCount(total) : `${formatCount(total)} (${formatCount(shown)} shown)`;
}

/** A yes/no figure; null as an em dash. */
export const formatYesNo = (value: boolean | null): string => (value === null ? "—" : value ? "yes" : "no");

/** A share as a whole percentage (`0.25` as `25%`); null as an em dash. */
export const formatPercent = (x: number | null): string => (x === null ? "—" : `${Math.round(x * 100)}%`);
