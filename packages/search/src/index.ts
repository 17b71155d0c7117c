// The target abstraction: search sees choices -> outcome, nothing more.
export type { Outcome, OutcomeViolation, Target } from "./target.js";

// Ordering and trimming of choice sequences.
export { compareShortlex, countNonZero, trimChoices } from "./choice-order.js";

// Shrinking.
export { classicShrinkPasses, DEFAULT_CANDIDATE_RUNS_MAX, defaultCleanupShrinkPasses, defaultFinalShrinkPasses, defaultShrinkPasses, shrink, type PassStats, type ShrinkPassName, type ShrinkOptions, type ShrinkProgress, type ShrinkResult, type ShrinkStats, type ShrinkStop } from "./shrink.js";

// Mutation.
export { mutate, mutationOperators, type Mutant, type MutationInput, type MutationOperator } from "./mutation.js";

// Search.
export { feedbackNames, withFeedback, type Feedback } from "./feedback.js";
export { hunt, type HuntFound, type HuntNotFound, type HuntOptions, type HuntResult, type TrialReport } from "./hunt.js";
export { BATCHES_IN_FLIGHT, HUNT_BATCH_TRIALS, huntInBatches, type BatchHuntOptions, type BatchHuntResult } from "./batch-hunt.js";
export { choicesFromSpec, createPortfolio, createStrategy, portfolioMembers, strategyNames, type ChoicesSpec, WARMUP_TRIALS, type OperatorStats, type Proposal, type ProposalArm, type SearchStrategy, type StrategyName } from "./strategy.js";
export { Ucb1 } from "./ucb1.js";

// The reproduction file.
export { formatReproErrors, parseRepro, reproSchema, serializeRepro, type ParseReproResult, type Repro, type ReproError } from "./repro.js";
