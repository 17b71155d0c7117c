// The target abstraction: search sees choices -> outcome, nothing more.
export type { Outcome, OutcomeViolation, Target } from "./target.js";

// Ordering and trimming of choice sequences.
export { compareShortlex, countNonZero, trimChoices } from "./choice-order.js";

// Shrinking.
export { shrink, type ShrinkOptions, type ShrinkProgress, type ShrinkResult, type ShrinkStats, type ShrinkStop } from "./shrink.js";
