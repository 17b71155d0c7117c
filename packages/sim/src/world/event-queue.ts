/** Anything the queue can order: by its integer time, then by the order it was scheduled. */
export interface Scheduled {
  /** Simulated milliseconds: a non-negative integer, never earlier than the last event popped. */
  readonly time: number;
}

/**
 * The ring's span in milliseconds (a power of two). It covers every delay a
 * run schedules often (messages, timers, client timeouts); rarer far events
 * (END, long crashes and partitions) wait in a short sorted overflow list.
 */
const WINDOW_MS = 512;

/**
 * The world's event queue: a calendar queue with one FIFO bucket per
 * simulated millisecond. Events at the same millisecond fire in the order
 * they were scheduled (the sequence number is the position in the bucket),
 * never by object identity, so every machine replays the same order.
 *
 * Why not a binary heap: simulated time is integral and dense, so pushing
 * and popping are O(1) here; the heap was half of the world's run time.
 *
 * Why a ring: a table with one fresh bucket array per millisecond of the
 * run was a tenth of everything a run allocated, and allocation, not CPU,
 * is what stops two workers from scaling on a small machine. The ring's
 * buckets are reused as time moves on; events further ahead than the ring
 * reaches wait in `far`, sorted by time (ties in push order), and move into
 * the ring as soon as the ring reaches their millisecond, before any later
 * push can land there, so FIFO order per millisecond is kept.
 */
export class EventQueue<Event extends Scheduled> {
  /** Created on first use: a short run touches only part of the ring. */
  private readonly ring: ((Event | undefined)[] | undefined)[] = new Array<(Event | undefined)[] | undefined>(WINDOW_MS).fill(undefined);
  /** Live length of each ring bucket: buckets keep their capacity between uses. */
  private readonly lengths = new Int32Array(WINDOW_MS);
  private readonly far: Event[] = [];
  private cursor = 0;
  private read = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(event: Event): void {
    const time = event.time;
    if (!Number.isInteger(time) || time < this.cursor) {
      throw new RangeError(`an event must be scheduled at an integer time no earlier than ${this.cursor}, got ${time}`);
    }
    this.count++;
    if (time - this.cursor < WINDOW_MS) this.place(event);
    else this.defer(event);
  }

  /** The earliest event's time, or `Infinity` when empty. */
  peekTime(): number {
    if (this.count === 0) return Infinity;
    let read = this.read;
    for (let time = this.cursor; time < this.cursor + WINDOW_MS; time++) {
      if (read < (this.lengths[time & (WINDOW_MS - 1)] as number)) return time;
      read = 0;
    }
    return (this.far[0] as Event).time;
  }

  pop(): Event | undefined {
    if (this.count === 0) return undefined;
    for (;;) {
      const slot = this.cursor & (WINDOW_MS - 1);
      if (this.read < (this.lengths[slot] as number)) {
        const bucket = this.ring[slot] as (Event | undefined)[];
        const event = bucket[this.read] as Event;
        // Dropped now, not when the bucket is reused: a popped event must not outlive its turn.
        bucket[this.read++] = undefined;
        this.count--;
        return event;
      }
      this.lengths[slot] = 0;
      this.read = 0;
      if (this.count === this.far.length) {
        // Only far events are left: jump straight to the first one.
        this.cursor = (this.far[0] as Event).time;
      } else {
        this.cursor++;
      }
      this.admitFar();
    }
  }

  /**
   * Empties the queue and rewinds it to time 0, keeping its buckets'
   * capacity: a world reuses an idle queue for its next run.
   */
  clear(): void {
    // Popping drops each reference and leaves every bucket's length at 0
    // except the one under the cursor: cheaper than sweeping the whole ring.
    while (this.pop() !== undefined);
    this.lengths[this.cursor & (WINDOW_MS - 1)] = 0;
    this.cursor = 0;
    this.read = 0;
  }

  private place(event: Event): void {
    const slot = event.time & (WINDOW_MS - 1);
    const bucket = this.ring[slot];
    const length = this.lengths[slot] as number;
    if (bucket === undefined) this.ring[slot] = [event];
    else if (length < bucket.length) bucket[length] = event;
    else bucket.push(event);
    this.lengths[slot] = length + 1;
  }

  /** Into the overflow list, after every event with the same or an earlier time. */
  private defer(event: Event): void {
    const far = this.far;
    let i = far.length;
    while (i > 0 && (far[i - 1] as Event).time > event.time) i--;
    far.splice(i, 0, event);
  }

  /** Moves the far events the ring now reaches into it, in their order. */
  private admitFar(): void {
    const far = this.far;
    let n = 0;
    while (n < far.length && (far[n] as Event).time - this.cursor < WINDOW_MS) this.place(far[n++] as Event);
    if (n > 0) far.splice(0, n);
  }
}
