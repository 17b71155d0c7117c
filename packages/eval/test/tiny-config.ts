import { builtinProtocol } from "@cx/protocols";
import { fullExperiment, type ExperimentConfig, type ExperimentProtocol } from "../src/index.js";
import { protocolPlugin as primaryBackup } from "./fixtures/primary-backup-plugin.js";

/** A few seconds of experiment with every section present (no corpus, no speed-up), on two protocols. */
export const tinyConfig: ExperimentConfig = {
  ...fullExperiment,
  // The default portfolio and its baseline: every other strategy is the same code path here, and is tested in @cx/search.
  strategies: ["portfolio", "random"],
  bugs: ["vote_twice_in_term", "no_client_dedup", "forget_on_restart"],
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
  // A few finds per defect show the normal-form rows; the full experiment's 18 are bench work.
  normalFormFinds: 3,
};

const raft = builtinProtocol("raft");
if (raft === undefined) throw new Error("@cx/protocols has no built-in raft");

/** Raft, and a small primary-backup protocol defined in the tests (worker threads import it from its module URL). */
export const testProtocols: readonly ExperimentProtocol[] = [
  { plugin: raft.plugin, module: raft.module },
  { plugin: primaryBackup, module: new URL("./fixtures/primary-backup-plugin.ts", import.meta.url).href },
];
