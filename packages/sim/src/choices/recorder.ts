import type { ChoiceSource, Span } from "./choice-source.js";

/**
 * The bookkeeping shared by generated and replayed choices: the recorded
 * values and the labelled spans. Subclasses supply only `nextValue`.
 */
export abstract class Recorder implements ChoiceSource {
  private readonly values: number[] = [];
  // Spans live in parallel arrays, not objects: a run opens one per message,
  // and allocating an object for each was a visible share of GC time.
  private readonly spanLabels: string[] = [];
  private readonly spanStarts: number[] = [];
  private readonly spanEnds: number[] = [];
  private readonly open: number[] = [];

  protected abstract nextValue(n: number): number;

  get position(): number {
    return this.values.length;
  }

  draw(n: number, _label?: string): number {
    if (!(n >= 1) || !Number.isInteger(n)) throw new RangeError(`draw(n) needs a positive integer n, got ${n}`);
    const value = this.nextValue(n);
    this.values.push(value);
    return value;
  }

  drawBool(percent: number, label?: string): boolean {
    // Zero must mean "nothing unusual": written as `draw(100) < percent`
    // every shrunk counterexample would drift toward a black-hole network.
    return this.draw(100, label) >= 100 - percent;
  }

  startSpan(label: string): void {
    // The slot is reserved now so spans stay in the order they were opened.
    this.open.push(this.spanLabels.length);
    this.spanLabels.push(label);
    this.spanStarts.push(this.values.length);
    this.spanEnds.push(-1);
  }

  endSpan(): void {
    const slot = this.open.pop();
    if (slot === undefined) throw new Error("endSpan() without a matching startSpan()");
    this.spanEnds[slot] = this.values.length;
  }

  record(): number[] {
    return this.values.slice();
  }

  spans(): Span[] {
    const spans: Span[] = [];
    for (let i = 0; i < this.spanLabels.length; i++) {
      const start = this.spanStarts[i] ?? 0;
      const end = this.spanEnds[i] ?? -1;
      // An empty span is no decision; one still open has no end yet.
      if (end > start) spans.push({ label: this.spanLabels[i] ?? "", start, end });
    }
    return spans;
  }
}
