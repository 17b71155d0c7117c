import { IndeterminateSets } from "./indeterminate-sets.js";
import { Mix32, fmix32 } from "./mix32.js";
import { freshArrays } from "./scratch-arrays.js";
import type { ArraySource } from "./scratch-arrays.js";

/**
 * The set of operations linearised so far, as a bitset with a Zobrist hash,
 * and how it is written into a memo key.
 *
 * The memo key of a configuration: `frontier` (every completed operation
 * before it is linearised), the words of the bitset from the frontier to the
 * last linearised completed operation, then the id of the set of
 * indeterminate ones linearised (see IndeterminateSets). Completed
 * operations are numbered by call (see searchPartition), and all those
 * linearised were invoked before the earliest pending response, so the
 * window is as wide as the concurrency, not the history.
 */
export class LinearisedSet {
  readonly bits: Uint32Array;
  /** Every completed operation before it is linearised. */
  frontier = 0;
  /** XOR of the random words of the linearised operations. */
  zobrist = 0;
  /** Per depth: the highest completed operation linearised, or -1. */
  readonly maxAt: Int32Array;
  /** Per depth: the id of the set of indeterminate operations linearised (0: none). */
  readonly indeterminateAt: Int32Array;
  private readonly words: number;
  private readonly completed: number;
  private readonly zobristOp: Int32Array;
  /** The indeterminate operations linearised, bit `op - completed`, and their Zobrist hash; undefined when every operation returned. */
  private readonly indeterminateBits: Uint32Array | undefined;
  private indeterminateZobrist = 0;
  /** The set id {@link LinearisedSet.indeterminateWith} answered last. */
  private indeterminateNext = 0;
  private readonly sets: IndeterminateSets | undefined;

  /** For `operations` operations of which the first `completed` returned. */
  constructor(operations: number, completed: number, arrays: ArraySource = freshArrays) {
    this.words = Math.max(1, Math.ceil(operations / 32));
    this.bits = arrays.uint32(this.words);
    this.completed = completed;
    this.maxAt = arrays.int32(operations + 1, -1);
    this.indeterminateAt = arrays.int32(operations + 1);
    this.zobristOp = arrays.int32(operations);
    const random = new Mix32(0xc0ffee);
    for (let i = 0; i < operations; i++) this.zobristOp[i] = random.next();
    const indeterminateWords = Math.ceil((operations - completed) / 32);
    this.indeterminateBits = indeterminateWords === 0 ? undefined : arrays.uint32(indeterminateWords);
    this.sets = indeterminateWords === 0 ? undefined : new IndeterminateSets(indeterminateWords, arrays);
  }

  /** Words a key may take at most. */
  keyWords(): number {
    return 1 + this.words + 1 + 1;
  }

  /** Bytes of the indeterminate sets kept (the fixed arrays are the array source's). */
  bytes(): number {
    return this.sets === undefined ? 0 : this.sets.bytes();
  }

  has(op: number): boolean {
    return ((this.bits[op >> 5] as number) & (1 << (op & 31))) !== 0;
  }

  add(op: number): void {
    this.bits[op >> 5] = (this.bits[op >> 5] as number) | (1 << (op & 31));
    if (op >= this.completed) this.flipIndeterminate(op - this.completed);
  }

  remove(op: number): void {
    this.bits[op >> 5] = (this.bits[op >> 5] as number) & ~(1 << (op & 31));
    if (op >= this.completed) this.flipIndeterminate(op - this.completed);
  }

  /**
   * The id of the set of indeterminate operations linearised once `op`
   * (just added) is pushed (the id at `depth` when `op` returned); the
   * next {@link LinearisedSet.writeKey} writes it.
   */
  indeterminateWith(op: number, depth: number): number {
    this.indeterminateNext =
      op < this.completed ? (this.indeterminateAt[depth] as number) : (this.sets as IndeterminateSets).intern(this.indeterminateBits as Uint32Array, 0, fmix32(this.indeterminateZobrist ^ (this.zobristOp[op] as number)));
    return this.indeterminateNext;
  }

  private flipIndeterminate(bit: number): void {
    const bits = this.indeterminateBits as Uint32Array;
    bits[bit >> 5] = (bits[bit >> 5] as number) ^ (1 << (bit & 31));
  }

  /** The configuration hash of this set with `op` added, in state hash `stateHash`. */
  hashWith(op: number, stateHash: number): number {
    return fmix32(this.zobrist ^ (this.zobristOp[op] as number) ^ stateHash);
  }

  /** Flips `op` in the Zobrist hash (on push and on pop). */
  toggleHash(op: number): void {
    this.zobrist ^= this.zobristOp[op] as number;
    if (op >= this.completed) this.indeterminateZobrist ^= this.zobristOp[op] as number;
  }

  /** The first completed operation from `from` on not linearised (or `completed`). */
  nextUnset(from: number): number {
    let i = from;
    while (i < this.completed && ((this.bits[i >> 5] as number) & (1 << (i & 31))) !== 0) i++;
    return i;
  }

  /** Writes the memo key of the set (frontier `front`, highest completed `maxCompleted`, the indeterminate set indeterminateWith answered last) into `key`; returns its length. */
  writeKey(key: Uint32Array, front: number, maxCompleted: number): number {
    const bits = this.bits;
    let k = 0;
    key[k++] = front;
    // The window's last word may hold indeterminate operations too: harmless, they are part of the configuration.
    if (maxCompleted >= front) for (let w = front >> 5; w <= maxCompleted >> 5; w++) key[k++] = bits[w] as number;
    if (this.indeterminateBits !== undefined) key[k++] = this.indeterminateNext;
    return k;
  }
}
