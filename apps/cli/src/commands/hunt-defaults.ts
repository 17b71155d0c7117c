import type { LoadedProtocol } from "@cx/protocols";
import { DEFAULT_PROTOCOL } from "../protocol-option.js";

/**
 * The shrinker's default budget in candidate runs: @cx/search's
 * `DEFAULT_CANDIDATE_RUNS_MAX`, restated so that parsing flags does not load
 * the search (a test keeps the two equal).
 */
export const DEFAULT_SHRINK_RUNS = 100_000;

/** The search strategies `--strategy` accepts: @cx/search's `strategyNames` (a test keeps them equal). */
export const STRATEGY_NAMES = ["random", "coverage", "bandit", "explore", "sparse", "portfolio"] as const;

/** The hunt a person gets with no flags: a defect that is found quickly, shown end to end. */
export const defaultHunt = {
  protocol: DEFAULT_PROTOCOL,
  bugs: "no_log_up_to_date_check",
  // The portfolio: random and explore in turns, each its own campaign; 1,000 runs at most (a hunt stops at its first violation).
  strategy: "portfolio",
  budget: 1000,
  seed: 1,
  save: "repro.json",
  shrinkRuns: DEFAULT_SHRINK_RUNS,
  shrinkSeconds: 300,
} as const;

/** With no `--bugs`: the demo's defect for Raft; for any other protocol, its first defect (or the correct protocol when it has none). */
export function defaultBugs(protocol: LoadedProtocol): string {
  if (protocol.builtin && protocol.plugin.name === DEFAULT_PROTOCOL) return defaultHunt.bugs;
  return protocol.plugin.defects[0]?.name ?? "none";
}
