import type { Outcome } from "../../target.js";
import { nonZeroIndexes } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import type { ShrinkState } from "../shrink-state.js";

/** How many later unusual values a block may reach: a block of more decisions than this is ddmin's job. */
const BLOCK_REACH = 6;

/** A block `[from, to)` to zero, and the value `best[to]` gets. */
interface Block {
  readonly from: number;
  readonly to: number;
  readonly value: number;
}

/** The best with the block zeroed and the value after it set. */
function zeroedBlock(best: readonly number[], { from, to, value }: Block): number[] {
  const copy = best.slice();
  for (let k = from; k < to; k++) copy[k] = 0;
  copy[to] = value;
  return copy;
}

/** Tries zeroing the block from `best[i]` up to each later unusual value, lowering that one; true if accepted. */
function zeroBlocksFrom<O extends Outcome>(state: ShrinkState<O>, i: number, consider: (candidate: number[]) => boolean): boolean {
  const later = nonZeroIndexes(state.best).filter((j) => j > i).slice(0, BLOCK_REACH);
  for (const j of later) {
    if (state.stopped) return false;
    const v = state.best[j] ?? 0;
    // Lowered by one (a node id one down, a delay a step shorter), then to 0.
    for (const value of v > 1 ? [v - 1, 0] : [0]) if (consider(zeroedBlock(state.best, { from: i, to: j, value }))) return true;
  }
  return false;
}

/** Zero a block of decisions and lower the one after it, with `consider` replaying. */
function zeroBlocksWith<O extends Outcome>(state: ShrinkState<O>, consider: (candidate: number[]) => boolean): void {
  for (let i = 0; i < state.best.length && !state.stopped; i++) {
    if ((state.best[i] ?? 0) !== 0) zeroBlocksFrom(state, i, consider);
  }
}

/** Zero a block and lower the next value, flat. */
export const zeroBlockLowerNext: ShrinkPass = {
  name: "zero-block-lower-next",
  contract: `zero every value from one unusual value up to one of the next ${BLOCK_REACH} unusual ones, and lower that one by one or to 0 (several values change at once: a fault and every decision it forced go, and the decision after them is re-pointed); flat replay`,
  run: (state) => zeroBlocksWith(state, (c) => state.consider(c)),
};

/** `zero-block-lower-next` with aligned replay. */
export const alignedZeroBlockLowerNext: ShrinkPass = {
  name: "aligned-zero-block-lower-next",
  contract: "zero-block-lower-next with aligned replay: the later decisions of each kind stay at their own draws while the block goes",
  run: (state) => zeroBlocksWith(state, (c) => state.considerAligned(c)),
};
