import type { ReplicaFigures } from "@cx/check";
import { registerWorkload, runScenario, type ChoiceSource, type RegisterInput, type RegisterOutput, type RunResult, type ScenarioOptions } from "@cx/sim";
import { paxosAbstractState } from "./abstract-state.js";
import { paxosCoverage } from "./coverage.js";
import type { PaxosDefectName } from "./defects.js";
import { createPaxosMonitor } from "./paxos-monitor.js";
import { createPaxosProtocol } from "./paxos-protocol.js";

/** What {@link runPaxos} needs. */
export interface PaxosRunSpec {
  /** Defects to switch on; empty or absent for correct Paxos. */
  readonly defects?: Iterable<PaxosDefectName>;
  /** Every nondeterministic decision of the run. */
  readonly choices: ChoiceSource;
  /** Overrides of @cx/sim's default scenario options. */
  readonly options?: Partial<ScenarioOptions>;
  /** Record the full trace (stories, diagrams, determinism hashes); off for speed. */
  readonly recordTrace?: boolean;
  /** Switch monitors off (benchmark baselines only): no violation is ever reported. */
  readonly monitors?: boolean;
}

/** @cx/sim's run result plus the replica figures (leader changes, elections, commits). */
export interface PaxosRunResult extends RunResult<RegisterInput, RegisterOutput> {
  readonly paxos: ReplicaFigures;
}

/**
 * Runs one Paxos scenario with every check wired (what the plug-in's `run`
 * does), and also returns the replica figures the monitor counted.
 *
 * When to use: in tests and benchmarks that want "these choices, this
 * Paxos: what happened, how many leaders?".
 *
 * Gotchas: a run is a pure function of `choices` and `options`; pass a fresh
 * ChoiceSource each time (it records what it hands out).
 *
 * @example
 * ```ts
 * const result = runPaxos({ defects: ["minority_quorum"], choices: new GeneratedChoices(3) });
 * result.violation; // { invariant: "LeaderCompleteness", message: "...", time, step } or null
 * ```
 */
export function runPaxos(spec: PaxosRunSpec): PaxosRunResult {
  const monitor = createPaxosMonitor();
  const result = runScenario({
    protocol: createPaxosProtocol(spec.defects),
    workload: registerWorkload,
    choices: spec.choices,
    monitors: spec.monitors === false ? [] : [monitor],
    coverage: paxosCoverage,
    abstractState: paxosAbstractState,
    recordTrace: spec.recordTrace ?? false,
    ...(spec.options === undefined ? {} : { options: spec.options }),
  });
  return { ...result, paxos: monitor.figures() };
}
