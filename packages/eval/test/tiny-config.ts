import { fullExperiment, type ExperimentConfig } from "../src/index.js";

/** A few seconds of experiment with every section present (no corpus, no speed-up). */
export const tinyConfig: ExperimentConfig = {
  ...fullExperiment,
  bugs: ["vote_twice_in_term", "no_client_dedup"],
  trustSeeds: [101],
  trustBudget: 15,
  trialBudget: 25,
  trialSeeds: [1, 2],
  escalatedBudget: 35,
  escalatedSeeds: [1, 2],
  shrinkCandidatesMax: 60,
  throughputRuns: 5,
  throughputBatches: 1,
  corpusBudgetSteps: null,
  speedupTasks: 0,
};
