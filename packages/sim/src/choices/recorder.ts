import type { ChoiceSource, Span } from "./choice-source.js";

/**
 * The bookkeeping shared by generated and replayed choices: the recorded
 * values and the labelled spans. Subclasses supply only `nextValue`.
 */
export abstract class Recorder implements ChoiceSource {
  private readonly values: number[] = [];
  private readonly closed: Span[] = [];
  private readonly openLabels: string[] = [];
  private readonly openStarts: number[] = [];
  private readonly openSlots: number[] = [];

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
    this.openLabels.push(label);
    this.openStarts.push(this.values.length);
    // Reserve the slot so spans stay in the order they were opened.
    this.openSlots.push(this.closed.length);
    this.closed.push({ label, start: this.values.length, end: this.values.length });
  }

  endSpan(): void {
    const label = this.openLabels.pop();
    const start = this.openStarts.pop();
    const slot = this.openSlots.pop();
    if (label === undefined || start === undefined || slot === undefined) throw new Error("endSpan() without a matching startSpan()");
    if (this.values.length === start) {
      // An empty span is no decision: drop it if it is still the last one.
      if (slot === this.closed.length - 1) this.closed.pop();
      else this.closed[slot] = { label, start, end: start };
      return;
    }
    this.closed[slot] = { label, start, end: this.values.length };
  }

  record(): number[] {
    return this.values.slice();
  }

  spans(): Span[] {
    return this.closed.filter((s) => s.end > s.start);
  }
}
