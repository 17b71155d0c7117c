import type { ChoiceSource, Span } from "./choice-source.js";

/**
 * Starting capacities for the next recorder: what the last finished run
 * needed (set by `record()`), capped. A capacity never changes what is
 * recorded; it only spares a run the copies of growing its arrays, which
 * were a tenth of all a Raft run allocated.
 */
const MAX_HINT = 1 << 14;
let valueCapacityHint = 64;
let spanCapacityHint = 16;

/**
 * The bookkeeping shared by generated and replayed choices: the recorded
 * values and the labelled spans. Subclasses supply only `nextValue`.
 */
export abstract class Recorder implements ChoiceSource {
  // Values and span bounds live in typed arrays that double when full:
  // a run draws about a thousand values and opens a span per message.
  // Float64 because `draw(n)` accepts any safe integer n.
  private values = new Float64Array(valueCapacityHint);
  private length = 0;
  private readonly spanLabels: string[] = [];
  /** Span i starts at [2i] and ends at [2i + 1] (-1 while open). */
  private spanBounds = new Int32Array(2 * spanCapacityHint);
  private readonly open: number[] = [];

  protected abstract nextValue(n: number): number;

  /** The label of the innermost span open now, if any: what a source that treats spans differently reads. */
  protected get openSpanLabel(): string | undefined {
    const slot = this.open[this.open.length - 1];
    return slot === undefined ? undefined : this.spanLabels[slot];
  }

  get position(): number {
    return this.length;
  }

  draw(n: number, _label?: string): number {
    if (!(n >= 1) || !Number.isInteger(n)) throw new RangeError(`draw(n) needs a positive integer n, got ${n}`);
    const value = this.nextValue(n);
    if (this.length === this.values.length) this.values = grow(this.values);
    this.values[this.length++] = value;
    return value;
  }

  drawBool(percent: number, label?: string): boolean {
    // Zero must mean "nothing unusual": written as `draw(100) < percent`
    // every shrunk counterexample would drift toward a black-hole network.
    return this.draw(100, label) >= 100 - percent;
  }

  startSpan(label: string): void {
    // The slot is reserved now so spans stay in the order they were opened.
    const slot = this.spanLabels.length;
    this.open.push(slot);
    this.spanLabels.push(label);
    if (2 * slot === this.spanBounds.length) this.spanBounds = grow(this.spanBounds);
    this.spanBounds[2 * slot] = this.length;
    this.spanBounds[2 * slot + 1] = -1;
  }

  endSpan(): void {
    const slot = this.open.pop();
    if (slot === undefined) throw new Error("endSpan() without a matching startSpan()");
    this.spanBounds[2 * slot + 1] = this.length;
  }

  record(): number[] {
    const length = this.length;
    valueCapacityHint = Math.max(64, Math.min(MAX_HINT, length + (length >> 3)));
    const spans = this.spanLabels.length;
    spanCapacityHint = Math.max(16, Math.min(MAX_HINT, spans + (spans >> 3)));
    // Sized once (pushing would regrow it); every slot is filled, so no holes remain.
    const values = new Array<number>(length);
    for (let i = 0; i < length; i++) values[i] = this.values[i] as number;
    return values;
  }

  spans(): Span[] {
    const bounds = this.spanBounds;
    const count = this.spanLabels.length;
    // Counted first so the result is allocated once at its final size.
    let kept = 0;
    // An empty span is no decision; one still open has no end yet.
    for (let i = 0; i < count; i++) if ((bounds[2 * i + 1] as number) > (bounds[2 * i] as number)) kept++;
    const spans = new Array<Span>(kept);
    let k = 0;
    for (let i = 0; i < count; i++) {
      const start = bounds[2 * i] as number;
      const end = bounds[2 * i + 1] as number;
      if (end > start) spans[k++] = { label: this.spanLabels[i] ?? "", start, end };
    }
    return spans;
  }
}

function grow<T extends Float64Array | Int32Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(2 * array.length);
  bigger.set(array);
  return bigger;
}
