import { deleteBetweenLabels, deleteChunks, deleteInsideSpans, deleteSpanRuns, deleteZeroRuns, replaceSpans } from "./passes/delete-passes.js";
import { lowestLevels } from "./passes/lowest-levels.js";
import { alignedLower, lowerValues } from "./passes/lower-passes.js";
import { moveAndSwap } from "./passes/move-and-swap.js";
import { placeDecisions } from "./passes/place-decisions.js";
import { redraw } from "./passes/redraw.js";
import { alignedZero, zeroChunks, zeroKinds } from "./passes/zero-passes.js";
import { lowerAndRedrawPass } from "./passes/lower-and-redraw.js";
import { alignedRaiseValues } from "./passes/aligned-raise-values.js";
import type { ShrinkPass } from "./shrink-pass.js";

/** Every pass the shrinker knows, by name. */
export const shrinkPasses = {
  "zero-kinds": zeroKinds,
  "zero-chunks": zeroChunks,
  "aligned-zero": alignedZero,
  "replace-spans": replaceSpans,
  "delete-span-runs": deleteSpanRuns,
  "delete-between-labels": deleteBetweenLabels,
  "delete-inside-spans": deleteInsideSpans,
  "delete-chunks": deleteChunks,
  "delete-zero-runs": deleteZeroRuns,
  "lower-values": lowerValues,
  "place-decisions": placeDecisions,
  "lowest-levels": lowestLevels,
  "move-and-swap": moveAndSwap,
  "aligned-lower": alignedLower,
  "lower-and-redraw": lowerAndRedrawPass,
  "aligned-raise-values": alignedRaiseValues,
  redraw,
} as const satisfies Record<string, ShrinkPass>;

/** The names of the shrinker's passes (docs/concepts/shrinker.md says what each does). */
export type ShrinkPassName = keyof typeof shrinkPasses;
