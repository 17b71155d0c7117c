import type { ChoiceSource, Span } from "@cx/sim";

/**
 * A replaying choice source that also notes, for every draw, a key naming
 * its kind: the innermost open span's label and the draw's own label.
 *
 * Two modes. Given a flat list it replays it in order, exactly as @cx/sim's
 * `ReplayedChoices` (clamped to `n - 1`, zeros past the end). Given queues
 * by key it hands each draw the next value recorded for that kind of draw,
 * so removing a message leaves every fault tick where it was: the shrinker
 * uses it to edit one decision without shifting the meaning of the others.
 * Either way `record()` returns what was handed out, which replays the same
 * run in flat mode.
 */
export class KeyedReplay implements ChoiceSource {
  readonly keys: string[] = [];
  private readonly values: number[] = [];
  private readonly closed: Span[] = [];
  /** Open spans, innermost last, each with the kinds of draw made inside its label (looked up once per span, not per draw). */
  private readonly open: { label: string; start: number; slot: number; kinds: SpanKinds }[] = [];
  private index = 0;
  /** Queues mode: per kind, its queue and how much of it was handed out (one lookup a draw, not three). */
  private readonly cursors = new Map<string, { readonly queue: readonly number[]; at: number }>();
  private readonly flat: readonly number[] | undefined;
  private readonly tail: ChoiceSource | undefined;
  private readonly queues: ReadonlyMap<string, readonly number[]> | undefined;
  private readonly rootKinds = kindsOfSpan("");

  /**
   * `flat`: the list in order, then zeros, or then `tail`'s draws when one is
   * given (a seeded source: a run that keeps a prefix and draws the rest
   * afresh). `queues`: each kind of draw from its own queue.
   */
  constructor(source: { readonly flat: readonly number[]; readonly tail?: ChoiceSource } | { readonly queues: ReadonlyMap<string, readonly number[]> }) {
    this.flat = "flat" in source ? source.flat : undefined;
    this.tail = "flat" in source ? source.tail : undefined;
    this.queues = "queues" in source ? source.queues : undefined;
  }

  get position(): number {
    return this.values.length;
  }

  draw(n: number, label?: string): number {
    if (!(n >= 1) || !Number.isInteger(n)) throw new RangeError(`draw(n) needs a positive integer n, got ${n}`);
    const open = this.open;
    const key = (open.length === 0 ? this.rootKinds : (open[open.length - 1] as (typeof open)[number]).kinds).kind(label ?? "");
    let raw: number;
    const flat = this.flat;
    if (flat !== undefined) {
      const i = this.index++;
      const tail = this.tail;
      raw = i < flat.length || tail === undefined ? (flat[i] ?? 0) : tail.draw(n, label);
    } else {
      let cursor = this.cursors.get(key);
      if (cursor === undefined) this.cursors.set(key, (cursor = { queue: this.queues?.get(key) ?? NO_VALUES, at: 0 }));
      raw = cursor.queue[cursor.at++] ?? 0;
    }
    const value = raw < 0 ? 0 : raw >= n ? n - 1 : Math.floor(raw);
    this.values.push(value);
    this.keys.push(key);
    return value;
  }

  drawBool(percent: number, label?: string): boolean {
    return this.draw(100, label) >= 100 - percent;
  }

  startSpan(label: string): void {
    this.open.push({ label, start: this.values.length, slot: this.closed.length, kinds: kindsOfSpan(label) });
    this.closed.push({ label, start: this.values.length, end: this.values.length });
  }

  endSpan(): void {
    const top = this.open.pop();
    if (top === undefined) throw new Error("endSpan() without a matching startSpan()");
    if (this.values.length === top.start) {
      if (top.slot === this.closed.length - 1) this.closed.pop();
      return;
    }
    this.closed[top.slot] = { label: top.label, start: top.start, end: this.values.length };
  }

  record(): number[] {
    return this.values.slice();
  }

  spans(): Span[] {
    return this.closed.filter((s) => s.end > s.start);
  }
}

/** Kinds cached at most, span labels included: labels come from protocol code, but nothing bounds what a plug-in passes. */
const KINDS_CACHED_MAX = 4096;
let kindsCached = 0;

/**
 * The kinds of draw made inside spans of one label, by draw label: the
 * same string object for the same pair. A fresh concatenation per draw had
 * to be flattened and hashed again at every map lookup, which cost more
 * than the rest of the replay; a replay resolves a span's kinds once, when
 * the span opens, so a draw costs one lookup in a map of a few labels.
 */
class SpanKinds {
  private readonly byLabel: Map<string, string> | undefined;
  // The last two labels drawn in such spans: a span draws the same one or two labels over and over (a message's fate, then its delay).
  private label0 = "";
  private kind0: string | undefined = undefined;
  private label1 = "";
  private kind1: string | undefined = undefined;

  constructor(
    private readonly span: string,
    cache: boolean,
  ) {
    this.byLabel = cache ? new Map() : undefined;
  }

  kind(label: string): string {
    if (label === this.label0 && this.kind0 !== undefined) return this.kind0;
    if (label === this.label1 && this.kind1 !== undefined) return this.kind1;
    const known = this.byLabel?.get(label);
    if (known !== undefined) {
      this.label1 = this.label0;
      this.kind1 = this.kind0;
      this.label0 = label;
      this.kind0 = known;
      return known;
    }
    const kind = `${this.span}\u0000${label}`;
    if (this.byLabel !== undefined && kindsCached < KINDS_CACHED_MAX) {
      this.byLabel.set(label, kind);
      kindsCached++;
    }
    return kind;
  }
}

/** Every span label's kinds made so far. */
const kindsBySpan = new Map<string, SpanKinds>();

/** The kinds of spans labelled `span` (cached while the cache has room; past it, made afresh and not kept). */
function kindsOfSpan(span: string): SpanKinds {
  const known = kindsBySpan.get(span);
  if (known !== undefined) return known;
  const cache = kindsCached < KINDS_CACHED_MAX;
  const made = new SpanKinds(span, cache);
  if (cache) {
    kindsBySpan.set(span, made);
    kindsCached++;
  }
  return made;
}

const NO_VALUES: readonly number[] = [];

/**
 * The kind of a draw as `keys` holds it: the label of its innermost open
 * span and its own label, one string object per pair.
 */
export function drawKind(span: string, label: string): string {
  return kindsOfSpan(span).kind(label);
}

/** The span label of a kind made by `drawKind`. */
export function spanOfKind(kind: string): string {
  return kind.slice(0, Math.max(0, kind.indexOf("\u0000")));
}

/** Groups `values` into queues by their kind, in order (`keys[i]` is the kind of `values[i]`). */
export function queuesByKey(values: readonly number[], keys: readonly string[]): Map<string, number[]> {
  const queues = new Map<string, number[]>();
  for (let i = 0; i < values.length; i++) {
    const key = keys[i] ?? "";
    let queue = queues.get(key);
    if (queue === undefined) queues.set(key, (queue = []));
    queue.push(values[i] ?? 0);
  }
  return queues;
}
