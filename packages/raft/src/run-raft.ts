import { registerWorkload, runScenario, type ChoiceSource, type RegisterInput, type RegisterOutput, type RunResult, type ScenarioOptions } from "@cx/sim";
import { raftAbstractState } from "./abstract-state.js";
import type { RaftBugName } from "./bugs.js";
import { createRaftMonitor, type RaftFigures } from "./raft-monitor.js";
import { createRaftProtocol } from "./raft-protocol.js";

/** What {@link runRaft} needs. */
export interface RaftRunSpec {
  /** Defects to switch on; empty or absent for correct Raft. */
  readonly bugs?: Iterable<RaftBugName>;
  /** Every nondeterministic decision of the run. */
  readonly choices: ChoiceSource;
  /** Overrides of @cx/sim's default scenario options. */
  readonly options?: Partial<ScenarioOptions>;
  /** Record the full trace (stories, diagrams, determinism hashes); off for speed. */
  readonly recordTrace?: boolean;
  /** Switch monitors off (benchmark baselines only): no violation is ever reported. */
  readonly monitors?: boolean;
}

/** @cx/sim's run result plus Raft's own counters. */
export interface RaftRunResult extends RunResult<RegisterInput, RegisterOutput> {
  readonly raft: RaftFigures;
}

/**
 * Runs one Raft scenario with every check wired: the safety invariants on
 * every observation, linearizability of the client history at the end, and
 * liveness when the calm phase was reached. The one entry point for search,
 * eval, viz and the CLI.
 *
 * When to use: any time you want "these choices, this Raft: what happened?".
 *
 * Gotchas: a run is a pure function of `choices` and `options`; pass a fresh
 * ChoiceSource each time (it records what it hands out).
 *
 * @example
 * ```ts
 * const result = runRaft({ bugs: ["commit_any_term"], choices: new ReplayedChoices(saved) });
 * result.violation; // { invariant: "LeaderCompleteness", message: "...", time, step } or null
 * ```
 */
export function runRaft(spec: RaftRunSpec): RaftRunResult {
  const monitor = createRaftMonitor();
  const result = runScenario({
    protocol: createRaftProtocol(spec.bugs),
    workload: registerWorkload,
    choices: spec.choices,
    monitors: spec.monitors === false ? [] : [monitor],
    abstractState: raftAbstractState,
    recordTrace: spec.recordTrace ?? false,
    ...(spec.options === undefined ? {} : { options: spec.options }),
  });
  return { ...result, raft: monitor.figures() };
}

/** A search target: choices in, outcome out. */
export interface RaftTarget {
  /** Names the protocol and its defects, e.g. `raft+commit_any_term`. */
  readonly name: string;
  run(source: ChoiceSource): RaftRunResult;
}

/**
 * Raft with fixed defects as an object @cx/search can drive without knowing
 * it is Raft: `run(source)` returns the violation (or null), the choices
 * consumed, their spans and the coverage features.
 *
 * @example
 * ```ts
 * const target = createRaftTarget({ bugs: ["vote_twice_in_term"] });
 * const outcome = target.run(new GeneratedChoices(7));
 * ```
 */
export function createRaftTarget(spec: { readonly bugs?: Iterable<RaftBugName>; readonly options?: Partial<ScenarioOptions> } = {}): RaftTarget {
  const bugs = [...(spec.bugs ?? [])];
  const name = createRaftProtocol(bugs).name;
  return {
    name,
    run: (source) => runRaft({ bugs, choices: source, ...(spec.options === undefined ? {} : { options: spec.options }) }),
  };
}
