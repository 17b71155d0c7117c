import { alignedDeleteSpans, deleteBetweenLabels, deleteChunks, deleteInsideSpans, deleteSpanRuns, deleteZeroRuns, replaceSpans } from "./passes/delete-passes.js";
import { lowerCommonOffset } from "./passes/lower-common-offset.js";
import { lowestLevels } from "./passes/lowest-levels.js";
import { alignedLowerPairs, alignedLowerValues, lowerPairs, lowerValues } from "./passes/lower-passes.js";
import { alignedMoveEarlier, alignedSwapNeighbours } from "./passes/move-passes.js";
import { alignedMoveSpans } from "./passes/move-spans.js";
import { tupleRebuild } from "./passes/tuple-rebuild.js";
import { keepAndPlace } from "./passes/keep-and-place.js";
import { placeDecisions } from "./passes/place-decisions.js";
import { prefixRebuild } from "./passes/prefix-rebuild.js";
import { spanRebuild } from "./passes/span-rebuild.js";
import { sparseRebuild } from "./passes/sparse-rebuild.js";
import { alignedZeroSpans, alignedZeroValues, zeroChunks, zeroSuffixes } from "./passes/zero-passes.js";
import { lowerAndSwitch } from "./passes/lower-and-switch.js";
import { lowerAndPlace, lowerSwitchAndPlace } from "./passes/lower-and-place.js";
import { lowerLeadAndPlace } from "./passes/lower-lead-and-place.js";
import { lowerAndRedrawPass } from "./passes/lower-and-redraw.js";
import { lowerAndRedrawDecision } from "./passes/lower-and-redraw-decision.js";
import { replaceWithSmallerSpan } from "./passes/replace-with-smaller-span.js";
import { swapSameLabelSpans } from "./passes/swap-same-label-spans.js";
import { alignedRaiseValues } from "./passes/aligned-raise-values.js";
import { zeroKinds } from "./passes/zero-kinds.js";
import type { ShrinkPass } from "./shrink-pass.js";

/** Every pass the shrinker knows, by name. */
export const shrinkPasses = {
  "zero-chunks": zeroChunks,
  "zero-kinds": zeroKinds,
  "replace-spans": replaceSpans,
  "delete-span-runs": deleteSpanRuns,
  "delete-inside-spans": deleteInsideSpans,
  "delete-between-labels": deleteBetweenLabels,
  "zero-suffixes": zeroSuffixes,
  "delete-chunks": deleteChunks,
  "delete-zero-runs": deleteZeroRuns,
  "lower-values": lowerValues,
  "lower-pairs": lowerPairs,
  "sparse-rebuild": sparseRebuild,
  "aligned-zero-spans": alignedZeroSpans,
  "aligned-zero-values": alignedZeroValues,
  "aligned-move-earlier": alignedMoveEarlier,
  "aligned-delete-spans": alignedDeleteSpans,
  "aligned-lower-values": alignedLowerValues,
  "aligned-lower-pairs": alignedLowerPairs,
  "aligned-swap-neighbours": alignedSwapNeighbours,
  "aligned-move-spans": alignedMoveSpans,
  "span-rebuild": spanRebuild,
  "lower-common-offset": lowerCommonOffset,
  "prefix-rebuild": prefixRebuild,
  "tuple-rebuild": tupleRebuild,
  "lower-and-redraw": lowerAndRedrawPass,
  "lower-and-redraw-decision": lowerAndRedrawDecision,
  "replace-with-smaller-span": replaceWithSmallerSpan,
  "swap-same-label-spans": swapSameLabelSpans,
  "place-decisions": placeDecisions,
  "keep-and-place": keepAndPlace,
  "lower-and-switch": lowerAndSwitch,
  "lower-and-place": lowerAndPlace,
  "lower-switch-and-place": lowerSwitchAndPlace,
  "lower-lead-and-place": lowerLeadAndPlace,
  "aligned-raise-values": alignedRaiseValues,
  "lowest-levels": lowestLevels,
} as const satisfies Record<string, ShrinkPass>;

/** The names of the shrinker's passes (docs/concepts/shrinker.md says what each does). */
export type ShrinkPassName = keyof typeof shrinkPasses;
