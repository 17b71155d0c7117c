import type { Span } from "@cx/sim";
import type { Range } from "../internal/ranges.js";

/** Labels seen more often than this are not periodic settings (e.g. every message): `delete-between-labels` skips them. */
const MAX_LABEL_GROUP = 32;

/** `topLevel`'s answers by spans list and length (a run's spans never change): copies made again for every subset of decisions placed in a frame were a quarter of a long shrink's allocations, and they outlived the young generation. */
const topLevelOf = new WeakMap<object, Map<number, readonly Range[]>>();

/** Top-level spans (not inside an earlier one), in order, clipped to `length`. */
export function topLevel(spans: readonly { start: number; end: number }[], length: number): readonly Range[] {
  let byLength = topLevelOf.get(spans);
  if (byLength === undefined) topLevelOf.set(spans, (byLength = new Map()));
  const known = byLength.get(length);
  if (known !== undefined) return known;
  const sorted = spans.filter((s) => s.end > s.start && s.start < length).sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Range[] = [];
  let reach = -1;
  for (const s of sorted) {
    if (s.start < reach) continue;
    out.push({ start: s.start, end: Math.min(s.end, length) });
    reach = s.end;
  }
  byLength.set(length, out);
  return out;
}

/** The top-level spans carrying `label`, in order. */
export function unitsLabelled(spans: readonly Span[], label: string, length: number): Range[] {
  const labelled = new Set(spans.filter((s) => s.label === label).map((s) => s.start * 1_048_576 + s.end));
  return topLevel(spans, length).filter((u) => labelled.has(u.start * 1_048_576 + u.end));
}

/** Labels seen at least twice and at most MAX_LABEL_GROUP times, rarest first. */
export function rareLabels(spans: readonly Span[], length: number): string[] {
  const counts = new Map<string, number>();
  for (const s of spans) if (s.start < length && s.end > s.start) counts.set(s.label, (counts.get(s.label) ?? 0) + 1);
  return [...counts].filter(([, n]) => n >= 2 && n <= MAX_LABEL_GROUP).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).map(([label]) => label);
}

/** Where the spans carrying `label` start, ascending and distinct. */
export function labelStarts(spans: readonly Span[], label: string, length: number): number[] {
  return [...new Set(spans.filter((s) => s.label === label && s.start < length && s.end > s.start).map((s) => s.start))].sort((a, b) => a - b);
}

/** Top-level spans and, between them, each run of draws no span holds (a protocol's own draws), in order, from `from` to `length`. */
export function unitsAndGaps(spans: readonly { start: number; end: number }[], from: number, length: number): Range[] {
  const out: Range[] = [];
  let at = from;
  for (const unit of topLevel(spans, length)) {
    if (unit.end <= from) continue;
    if (unit.start > at) out.push({ start: at, end: unit.start });
    out.push(unit);
    at = Math.max(at, unit.end);
  }
  if (at < length) out.push({ start: at, end: length });
  return out;
}
