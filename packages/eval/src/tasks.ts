import type { Feedback, PassStats, ShrinkPassName } from "@cx/search";
import { hashText } from "@cx/sim";
import type { ProtocolRef } from "./experiment-protocol.js";
import type { Counterexample, HuntRecord, StrategyName, ViolationRecord } from "./results.js";

/** One hunt: the protocol with `bugs` (empty: the correct protocol), one strategy and seed, at most `budget` runs. */
export interface HuntTask extends ProtocolRef {
  readonly kind: "hunt";
  readonly bugs: readonly string[];
  readonly strategy: StrategyName;
  readonly seed: number;
  readonly budget: number;
  /** Scenario options over the plug-in's own (e.g. a hunt's drawn horizon and swarm profile); absent: the plug-in's scenario. */
  readonly scenario?: Readonly<Record<string, number>>;
  /**
   * What guides the strategy (@cx/search's `Feedback`). When present, every
   * run records its causal behaviours (whatever guides the strategy, so
   * cells compare at the same cost per run) and the output counts the
   * distinct behaviours the hunt reached; absent: the protocol's coverage,
   * nothing recorded.
   */
  readonly feedback?: Feedback;
}

/** Shrink one failing sequence of one defect, replay the result and tell its story. */
export interface ShrinkTask extends ProtocolRef {
  readonly kind: "shrink";
  readonly bug: string;
  readonly choices: readonly number[];
  readonly invariant: string;
  readonly candidatesMax: number;
  readonly storyStepsMax: number;
  /** Written into the repro file. */
  readonly cxVersion: string;
  /** The scenario options the failure was found with, over the plug-in's own (absent: the plug-in's scenario). */
  readonly scenario?: Readonly<Record<string, number>>;
  /** Passes left out of the shrinker's default lists (main, final and cleanup): what the shrink ends on without them. Absent or empty: every default pass. */
  readonly without?: readonly ShrinkPassName[];
}

/** Check one corpus history for linearizability within a step budget. */
export interface CorpusTask {
  readonly kind: "corpus";
  readonly path: string;
  readonly model: "register" | "kv";
  readonly budgetSteps: number;
}

/** A fixed batch of runs of the correct protocol (seeds `firstSeed ..`): the unit of the speed-up measurement. */
export interface BatchTask extends ProtocolRef {
  readonly kind: "batch";
  readonly firstSeed: number;
  readonly runs: number;
  /** Scenario options over the plug-in's own (absent: the plug-in's scenario). */
  readonly scenario?: Readonly<Record<string, number>>;
}

/** Anything a worker runs. Plain data: it crosses a thread boundary. */
export type EvalTask = HuntTask | ShrinkTask | CorpusTask | BatchTask;

/** What a hunt task returns: the record plus the failing choices (for the shrink that follows). */
export interface HuntOutput extends HuntRecord {
  readonly kind: "hunt";
  readonly choices: readonly number[] | null;
  /** With `feedback` in the task: distinct causal behaviours over all the hunt's runs. */
  readonly behaviours?: number;
}

/** What a shrink task returns. */
export interface ShrinkOutput {
  readonly kind: "shrink";
  readonly reproduced: boolean;
  readonly decisionsBefore: number;
  readonly decisionsAfter: number;
  readonly nonZeroBefore: number;
  readonly nonZeroAfter: number;
  readonly candidateRuns: number;
  readonly converged: boolean;
  readonly stoppedBy: string;
  readonly ms: number;
  readonly replaysExactly: boolean;
  readonly replayedViolation: ViolationRecord | null;
  readonly counterexample: Counterexample | null;
  /** How the shrink went: `[candidate runs so far, decisions left]` at the start and at every improvement (absent from older caches). */
  readonly progress?: readonly (readonly [number, number])[];
  /** What each pass tried, accepted and cost (the shrink's `stats.passes`; absent from older caches). */
  readonly passes?: readonly PassStats[];
}

/** What a corpus task returns. */
export interface CorpusOutput {
  readonly kind: "corpus";
  readonly verdict: "ok" | "illegal" | "unknown";
  readonly steps: number;
  readonly ops: number;
  readonly ms: number;
}

/** What a batch task returns: totals and a digest that must not depend on which worker ran it. */
export interface BatchOutput {
  readonly kind: "batch";
  readonly events: number;
  readonly violations: number;
  readonly digest: number;
}

/** The output of each task kind. */
export type EvalOutput = HuntOutput | ShrinkOutput | CorpusOutput | BatchOutput;

/** Maps a task type to its output type. */
export type OutputOf<T extends EvalTask> = T extends HuntTask ? HuntOutput : T extends ShrinkTask ? ShrinkOutput : T extends CorpusTask ? CorpusOutput : BatchOutput;

/**
 * A stable key for a task: the resume cache files finished tasks under it.
 *
 * @example
 * ```ts
 * taskKey({ kind: "hunt", protocol: "raft", module: "file:///raft.js", bugs: [], strategy: "random", seed: 1, budget: 300 }); // "hunt|raft|-|random|1|300"
 * ```
 */
export function taskKey(task: EvalTask): string {
  switch (task.kind) {
    case "hunt":
      return `hunt|${task.protocol}|${task.bugs.join("+") || "-"}|${task.strategy}|${task.seed}|${task.budget}${task.scenario === undefined ? "" : `|${hashText(JSON.stringify(task.scenario))}`}`;
    case "shrink":
      return `shrink|${task.protocol}|${task.bug}|${task.invariant}|${task.candidatesMax}|${task.storyStepsMax}|${hashText(task.choices.join(","))}${task.scenario === undefined ? "" : `|${hashText(JSON.stringify(task.scenario))}`}${task.without === undefined || task.without.length === 0 ? "" : `|without ${task.without.join(",")}`}`;
    case "corpus":
      return `corpus|${task.path}|${task.budgetSteps}`;
    case "batch":
      return `batch|${task.protocol}|${task.firstSeed}|${task.runs}${task.scenario === undefined ? "" : `|${hashText(JSON.stringify(task.scenario))}`}`;
  }
}
