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
  private readonly open: { label: string; start: number; slot: number; kinds: Map<string, string> }[] = [];
  private index = 0;
  /** In queue mode: per kind, its queue and how many of its values were handed out (one map lookup a draw). */
  private readonly cursors = new Map<string, { readonly queue: readonly number[] | undefined; at: number }>();

  constructor(private readonly source: { readonly flat: readonly number[] } | { readonly queues: ReadonlyMap<string, readonly number[]> }) {}

  get position(): number {
    return this.values.length;
  }

  draw(n: number, label?: string): number {
    if (!(n >= 1) || !Number.isInteger(n)) throw new RangeError(`draw(n) needs a positive integer n, got ${n}`);
    const top = this.open[this.open.length - 1];
    const key = kindIn(top === undefined ? outsideSpans() : top.kinds, top === undefined ? "" : top.label, label ?? "");
    let raw: number;
    if ("flat" in this.source) {
      raw = this.source.flat[this.index++] ?? 0;
    } else {
      let cursor = this.cursors.get(key);
      if (cursor === undefined) this.cursors.set(key, (cursor = { queue: this.source.queues.get(key), at: 0 }));
      raw = cursor.queue?.[cursor.at++] ?? 0;
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

/** Kinds made so far, by span label and draw label: a run draws the same few kinds thousands of times. */
const kinds = new Map<string, Map<string, string>>();
/** Kinds (and span tables) cached at most: labels come from protocol code, but nothing bounds what a plug-in passes. */
const KINDS_CACHED_MAX = 4096;
let kindsCached = 0;

/**
 * The kind of a draw as `keys` holds it: the label of its innermost open
 * span and its own label. The same string object is handed out for the same
 * pair: a fresh concatenation per draw had to be flattened and hashed again
 * at every map lookup, which cost more than the rest of the replay.
 */
export function drawKind(span: string, label: string): string {
  return kindIn(kindsOfSpan(span), span, label);
}

/** The kinds made so far of draws inside a span labelled `span` (a span keeps it while open: one lookup a draw instead of two). */
function kindsOfSpan(span: string): Map<string, string> {
  let bySpan = kinds.get(span);
  if (bySpan === undefined) {
    bySpan = new Map();
    // Beyond the cap a span's kinds are made afresh at every draw, not kept; a span's table counts as one kind.
    if (kindsCached < KINDS_CACHED_MAX) {
      kinds.set(span, bySpan);
      kindsCached++;
    }
  }
  return bySpan;
}

let outside: Map<string, string> | undefined;
/** The kinds of draws made outside any span. */
function outsideSpans(): Map<string, string> {
  return (outside ??= kindsOfSpan(""));
}

function kindIn(bySpan: Map<string, string>, span: string, label: string): string {
  const known = bySpan.get(label);
  if (known !== undefined) return known;
  const kind = `${span}\u0000${label}`;
  if (kindsCached < KINDS_CACHED_MAX) {
    bySpan.set(label, kind);
    kindsCached++;
  }
  return kind;
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
