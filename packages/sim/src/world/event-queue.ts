/** Anything the queue can order: by its integer time, then by the order it was scheduled. */
export interface Scheduled {
  /** Simulated milliseconds: a non-negative integer, never earlier than the last event popped. */
  readonly time: number;
}

/**
 * The world's event queue: a calendar queue with one FIFO bucket per
 * simulated millisecond. Events at the same millisecond fire in the order
 * they were scheduled (the sequence number is the position in the bucket),
 * never by object identity, so every machine replays the same order.
 *
 * Why not a binary heap: simulated time is integral and dense, so pushing
 * and popping are O(1) here; the heap was half of the world's run time.
 */
export class EventQueue<Event extends Scheduled> {
  private readonly buckets: (Event[] | undefined)[];
  private cursor = 0;
  private read = 0;
  private count = 0;

  /**
   * @param horizonMs - how far the queue will most likely reach: the bucket
   *   table is allocated once at that size (it still grows past it if needed).
   */
  constructor(horizonMs = 0) {
    this.buckets = new Array<Event[] | undefined>(Math.max(0, Math.floor(horizonMs)) + 1).fill(undefined);
  }

  get size(): number {
    return this.count;
  }

  push(event: Event): void {
    const time = event.time;
    if (!Number.isInteger(time) || time < this.cursor) {
      throw new RangeError(`an event must be scheduled at an integer time no earlier than ${this.cursor}, got ${time}`);
    }
    const buckets = this.buckets;
    while (buckets.length <= time) buckets.push(undefined);
    const bucket = buckets[time];
    if (bucket === undefined) buckets[time] = [event];
    else bucket.push(event);
    this.count++;
  }

  /** The earliest event's time, or `Infinity` when empty. */
  peekTime(): number {
    if (this.count === 0) return Infinity;
    let time = this.cursor;
    let read = this.read;
    for (;;) {
      const bucket = this.buckets[time];
      if (bucket !== undefined && read < bucket.length) return time;
      time++;
      read = 0;
    }
  }

  pop(): Event | undefined {
    if (this.count === 0) return undefined;
    const buckets = this.buckets;
    for (;;) {
      const bucket = buckets[this.cursor];
      if (bucket !== undefined && this.read < bucket.length) {
        this.count--;
        return bucket[this.read++];
      }
      if (bucket !== undefined) buckets[this.cursor] = undefined;
      this.cursor++;
      this.read = 0;
    }
  }
}
