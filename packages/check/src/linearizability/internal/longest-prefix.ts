import { freshArrays } from "./scratch-arrays.js";
import type { ArraySource } from "./scratch-arrays.js";

/**
 * The longest linearisable prefix a search has reached, kept incrementally:
 * `agree` entries of the stack equal it, so extending it copies only what
 * changed since (each pushed entry is copied at most once), not the whole
 * stack.
 */
export class LongestPrefix {
  /** Its length. */
  length = 0;
  private readonly best: Int32Array;
  private agree = 0;

  constructor(operations: number, arrays: ArraySource = freshArrays) {
    this.best = arrays.int32(operations);
  }

  /** Records the operations of stack nodes `stack[0, length)` as the longest prefix when it is longer; `depth` entries of the stack are pushed. */
  record(stack: Int32Array, length: number, depth: number): void {
    if (length <= this.length) return;
    for (let k = this.agree; k < length; k++) this.best[k] = (stack[k] as number) >> 1;
    this.length = length;
    this.agree = Math.min(length, depth);
  }

  /** The stack shrank to `depth` entries. */
  popped(depth: number): void {
    if (this.agree > depth) this.agree = depth;
  }

  /** The prefix, as operation indices. */
  toArray(): number[] {
    return Array.from(this.best.subarray(0, this.length));
  }
}
