/** Where a search takes its fixed-size typed arrays from (each one zeroed, or filled with `fill`). */
export interface ArraySource {
  int32(length: number, fill?: number): Int32Array<ArrayBuffer>;
  uint32(length: number): Uint32Array<ArrayBuffer>;
  uint8(length: number): Uint8Array<ArrayBuffer>;
  float64(length: number, fill?: number): Float64Array<ArrayBuffer>;
  /** Where to take arrays needed only while the search is being set up (sorting, grouping): they are given up when it starts. */
  readonly setup: ArraySource;
}

/** A new array per request, for pieces used on their own (tests, one-off helpers). */
export const freshArrays: ArraySource = {
  int32: (length, fill = 0) => (fill === 0 ? new Int32Array(length) : new Int32Array(length).fill(fill)),
  uint32: (length) => new Uint32Array(length),
  uint8: (length) => new Uint8Array(length),
  float64: (length, fill = 0) => (fill === 0 ? new Float64Array(length) : new Float64Array(length).fill(fill)),
  get setup() {
    return freshArrays;
  },
};

/** Bytes of the smallest buffer taken. */
const CHUNK_BYTES_MIN = 64 * 1024;
/**
 * Buffers kept for later searches at most, and their bytes in all: what an
 * idle process holds after a check. Large enough for the partitions of a
 * large history, checked one after the other, to reuse one another's
 * buffers (fresh memory costs page faults as well as zeroing).
 */
const SPARE_MAX = 8;
const SPARE_BYTES_MAX = 32 * 1024 * 1024;
/** What a scratch holds before its first request. */
const EMPTY = new ArrayBuffer(0);
/** Buffers given back by finished searches, for the next ones, and their bytes. */
const spare: ArrayBuffer[] = [];
let spareBytes = 0;

/**
 * The typed arrays of one search, carved out of a few large buffers, which
 * go back to a small shared stock when the search is over and serve the
 * next search. A check of a small history otherwise allocates some seventy
 * typed arrays, each with a backing store of its own for the garbage
 * collector to track: that, not the search, was most of its cost.
 *
 * Arrays needed only during the set-up come from {@link ScratchArrays.setup},
 * whose buffers go back to the stock at {@link ScratchArrays.endSetup}: what
 * the search holds while it runs is then only what it keeps.
 *
 * Gotchas: after {@link ScratchArrays.release} every array it gave out may
 * be handed to another search: release only when none of them is used any
 * more (the search is over and its results were copied out).
 */
export class ScratchArrays implements ArraySource {
  private readonly chunks: ArrayBuffer[] = [];
  private current = EMPTY;
  private used = 0;
  private held = 0;
  private readonly bytesHint: number;
  private setupArrays: ScratchArrays | undefined;

  /** Room for about `bytesHint` bytes at first (taken at the first request). */
  constructor(bytesHint: number) {
    this.bytesHint = bytesHint;
  }

  /** Bytes of the buffers held (the set-up's not included), and those waiting in the shared stock for the next search (the checker holds them too). */
  bytes(): number {
    return this.held + spareBytes;
  }

  get setup(): ArraySource {
    // The set-up takes about 40% of what the search keeps (measured: 46-72 bytes per operation against 172-182).
    return (this.setupArrays ??= new ScratchArrays(0.4 * this.bytesHint));
  }

  /** Gives the set-up's arrays back (see the class's gotchas: none of them may be used after). */
  endSetup(): void {
    this.setupArrays?.release();
    this.setupArrays = undefined;
  }

  int32(length: number, fill = 0): Int32Array<ArrayBuffer> {
    return new Int32Array(this.carve(4 * length), this.used - 4 * length, length).fill(fill);
  }

  uint32(length: number): Uint32Array<ArrayBuffer> {
    return new Uint32Array(this.carve(4 * length), this.used - 4 * length, length).fill(0);
  }

  uint8(length: number): Uint8Array<ArrayBuffer> {
    return new Uint8Array(this.carve(length), this.used - length, length).fill(0);
  }

  float64(length: number, fill = 0): Float64Array<ArrayBuffer> {
    return new Float64Array(this.carve(8 * length), this.used - 8 * length, length).fill(fill);
  }

  /** Gives the buffers back for later searches (see the class's gotchas). */
  release(): void {
    this.endSetup();
    for (const chunk of this.chunks) {
      if (spare.length >= SPARE_MAX || spareBytes + chunk.byteLength > SPARE_BYTES_MAX) continue;
      spare.push(chunk);
      spareBytes += chunk.byteLength;
    }
    this.chunks.length = 0;
    this.held = 0;
  }

  /** The buffer `bytes` more bytes fit in (8-byte aligned), with `used` moved past them. */
  private carve(bytes: number): ArrayBuffer {
    const at = (this.used + 7) & ~7;
    if (at + bytes <= this.current.byteLength) {
      this.used = at + bytes;
      return this.current;
    }
    this.current = this.take(Math.max(bytes, this.current === EMPTY ? this.bytesHint : this.current.byteLength));
    this.used = bytes;
    return this.current;
  }

  private take(bytes: number): ArrayBuffer {
    // Rounded up to an eighth of a power of two: a partition a little larger than the last one usually still fits its buffer.
    const least = Math.max(CHUNK_BYTES_MIN, bytes);
    const grain = 2 ** Math.max(0, Math.floor(Math.log2(least)) - 3);
    const wanted = Math.ceil(least / grain) * grain;
    let chunk: ArrayBuffer | undefined;
    for (let k = spare.length - 1; k >= 0; k--) {
      if ((spare[k] as ArrayBuffer).byteLength < wanted) continue;
      chunk = spare[k] as ArrayBuffer;
      spare.splice(k, 1);
      spareBytes -= chunk.byteLength;
      break;
    }
    chunk ??= new ArrayBuffer(wanted);
    this.chunks.push(chunk);
    this.held += chunk.byteLength;
    this.used = 0;
    return chunk;
  }
}
