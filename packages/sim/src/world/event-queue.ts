/** Anything the queue can order: by time, then by the order it was scheduled. */
export interface Scheduled {
  readonly time: number;
  /** Set by the queue: ties in time break by this sequence number, never by identity. */
  seq: number;
}

/**
 * A binary min-heap ordered by (time, sequence number). Sequence numbers
 * are assigned on push, so two events at the same millisecond fire in the
 * order they were scheduled, on every machine.
 */
export class EventQueue<Event extends Scheduled> {
  private readonly heap: Event[] = [];
  private nextSeq = 0;

  get size(): number {
    return this.heap.length;
  }

  push(event: Event): void {
    event.seq = this.nextSeq++;
    const heap = this.heap;
    let i = heap.length;
    heap.push(event);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent] as Event;
      if (p.time < event.time || (p.time === event.time && p.seq < event.seq)) break;
      heap[i] = p;
      i = parent;
    }
    heap[i] = event;
  }

  /** The earliest event's time, or `Infinity` when empty. */
  peekTime(): number {
    return this.heap.length === 0 ? Infinity : (this.heap[0] as Event).time;
  }

  pop(): Event | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    const n = heap.length;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      let child = left;
      let c = heap[left] as Event;
      if (right < n) {
        const r = heap[right] as Event;
        if (r.time < c.time || (r.time === c.time && r.seq < c.seq)) {
          child = right;
          c = r;
        }
      }
      if (last.time < c.time || (last.time === c.time && last.seq < c.seq)) break;
      heap[i] = c;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}
