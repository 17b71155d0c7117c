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
  private readonly open: { label: string; start: number; slot: number }[] = [];
  private index = 0;
  private readonly taken = new Map<string, number>();

  /**
   * `flat`: the list in order, then zeros, or then `tail`'s draws when one is
   * given (a seeded source: a run that keeps a prefix and draws the rest
   * afresh). `queues`: each kind of draw from its own queue.
   */
  constructor(private readonly source: { readonly flat: readonly number[]; readonly tail?: ChoiceSource } | { readonly queues: ReadonlyMap<string, readonly number[]> }) {}

  get position(): number {
    return this.values.length;
  }

  draw(n: number, label?: string): number {
    if (!(n >= 1) || !Number.isInteger(n)) throw new RangeError(`draw(n) needs a positive integer n, got ${n}`);
    const key = drawKind(this.open.at(-1)?.label ?? "", label ?? "");
    let raw: number;
    if ("flat" in this.source) {
      const i = this.index++;
      const tail = this.source.tail;
      raw = i < this.source.flat.length || tail === undefined ? (this.source.flat[i] ?? 0) : tail.draw(n, label);
    } else {
      const at = this.taken.get(key) ?? 0;
      this.taken.set(key, at + 1);
      raw = this.source.queues.get(key)?.[at] ?? 0;
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
    this.open.push({ label, start: this.values.length, slot: this.closed.length });
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
/** Kinds cached at most: labels come from protocol code, but nothing bounds what a plug-in passes. */
const KINDS_CACHED_MAX = 4096;
let kindsCached = 0;

/**
 * The kind of a draw as `keys` holds it: the label of its innermost open
 * span and its own label. The same string object is handed out for the same
 * pair: a fresh concatenation per draw had to be flattened and hashed again
 * at every map lookup, which cost more than the rest of the replay.
 */
export function drawKind(span: string, label: string): string {
  let bySpan = kinds.get(span);
  const known = bySpan?.get(label);
  if (known !== undefined) return known;
  const kind = `${span}\u0000${label}`;
  if (kindsCached < KINDS_CACHED_MAX) {
    if (bySpan === undefined) kinds.set(span, (bySpan = new Map()));
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
