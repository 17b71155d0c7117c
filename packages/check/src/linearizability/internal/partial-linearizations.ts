import { freshArrays } from "./scratch-arrays.js";
import type { ArraySource } from "./scratch-arrays.js";

/**
 * Porcupine's "longest partial linearizations", kept in O(1) per step: for
 * each operation, the longest linearizable prefix the search reached (up
 * to a dead end) while that operation was in it.
 *
 * Porcupine walks the whole stack at every dead end (quadratic on deep
 * searches). Here a dead end at depth d is recorded on the top stack entry
 * only and handed down to the entry below when the top is popped, so every
 * entry still sees the longest dead end reached while it was on the stack;
 * it is credited to its operation when popped. A prefix is shared as a
 * chain of path nodes (operation, parent), created only for stack entries
 * that some recorded dead end contains, at most one per push.
 */
export class PartialLinearizations {
  /** Per stack position: longest dead end reached since it was pushed, and its path node. */
  private readonly deadLength: Int32Array;
  private readonly deadPath: Int32Array;
  /** Per stack position: its path node, or -1 when none was needed yet. */
  private readonly pathAt: Int32Array;
  /** Per operation: the longest prefix credited to it, and its path node. */
  private readonly longestLength: Int32Array;
  private readonly longestPath: Int32Array;
  private pathOp: Int32Array<ArrayBuffer>;
  private pathParent: Int32Array<ArrayBuffer>;
  private paths = 0;

  constructor(operations: number, arrays: ArraySource = freshArrays) {
    this.deadLength = arrays.int32(operations + 1);
    this.deadPath = arrays.int32(operations + 1, -1);
    this.pathAt = arrays.int32(operations + 1, -1);
    this.longestLength = arrays.int32(operations);
    this.longestPath = arrays.int32(operations, -1);
    const paths = Math.min(1024, Math.max(16, operations));
    this.pathOp = arrays.int32(paths);
    this.pathParent = arrays.int32(paths);
  }

  /** Bytes of the path nodes (the per-operation arrays are the array source's). */
  bytes(): number {
    return 4 * (this.pathOp.length + this.pathParent.length);
  }

  /** The stack entry at `position` was just pushed. */
  pushed(position: number): void {
    this.deadLength[position] = 0;
    this.deadPath[position] = -1;
    this.pathAt[position] = -1;
  }

  /**
   * The search is stuck with `depth` entries on the stack (`stackNode[k] >> 1` the
   * operation at position k); `extra`, when not -1, is one more operation
   * legal after them (a step found dead at once), which then ends the prefix.
   */
  deadEnd(depth: number, stackNode: Int32Array, extra: number): void {
    const length = depth + (extra === -1 ? 0 : 1);
    if (length === 0) return;
    if (depth === 0) {
      // Only the extra step: a prefix of one, credited to it directly.
      if (this.longestLength[extra] as number >= 1) return;
      this.longestLength[extra] = 1;
      this.longestPath[extra] = this.node(extra, -1);
      return;
    }
    const top = depth - 1;
    if ((this.deadLength[top] as number) >= length) return;
    let path = this.pathOf(top, stackNode);
    if (extra !== -1) {
      path = this.node(extra, path);
      if ((this.longestLength[extra] as number) < length) {
        this.longestLength[extra] = length;
        this.longestPath[extra] = path;
      }
    }
    this.deadLength[top] = length;
    this.deadPath[top] = path;
  }

  /** The entry at `position` (operation `op`) is being popped. */
  popped(position: number, op: number): void {
    const length = this.deadLength[position] as number;
    if (length === 0) return;
    if (length > (this.longestLength[op] as number)) {
      this.longestLength[op] = length;
      this.longestPath[op] = this.deadPath[position] as number;
    }
    if (position > 0 && length > (this.deadLength[position - 1] as number)) {
      this.deadLength[position - 1] = length;
      this.deadPath[position - 1] = this.deadPath[position] as number;
    }
  }

  /**
   * The distinct prefixes credited to some operation, longest first (ties
   * by first operation credited), each as operation indices in order; at
   * most `entriesMax` indices in all (longer lists are left out and counted).
   */
  collect(entriesMax: number): { readonly partials: number[][]; readonly omitted: number } {
    const seen = new Map<number, number>();
    const order: { path: number; length: number; first: number }[] = [];
    for (let op = 0; op < this.longestLength.length; op++) {
      const path = this.longestPath[op] as number;
      if (path === -1 || seen.has(path)) continue;
      seen.set(path, order.length);
      order.push({ path, length: this.longestLength[op] as number, first: op });
    }
    order.sort((a, b) => b.length - a.length || a.first - b.first);
    const partials: number[][] = [];
    let entries = 0;
    let omitted = 0;
    for (const { path, length } of order) {
      if (entries + length > entriesMax) {
        omitted++;
        continue;
      }
      entries += length;
      const sequence = new Array<number>(length);
      for (let node = path, k = length - 1; node !== -1; node = this.pathParent[node] as number, k--) sequence[k] = this.pathOp[node] as number;
      partials.push(sequence);
    }
    return { partials, omitted };
  }

  /** The path node of stack position `position`, creating those missing below it. */
  private pathOf(position: number, stackNode: Int32Array): number {
    let from = position;
    while (from >= 0 && this.pathAt[from] === -1) from--;
    for (let k = from + 1; k <= position; k++) this.pathAt[k] = this.node((stackNode[k] as number) >> 1, k === 0 ? -1 : (this.pathAt[k - 1] as number));
    return this.pathAt[position] as number;
  }

  private node(op: number, parent: number): number {
    if (this.paths === this.pathOp.length) {
      const grow = (from: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
        const to = new Int32Array(from.length * 2);
        to.set(from);
        return to;
      };
      this.pathOp = grow(this.pathOp);
      this.pathParent = grow(this.pathParent);
    }
    this.pathOp[this.paths] = op;
    this.pathParent[this.paths] = parent;
    return this.paths++;
  }
}
