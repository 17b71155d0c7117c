import { checkLinearizability } from "../linearizability/check-linearizability.js";
import type { Model } from "../linearizability/model.js";
import type { Operation } from "../linearizability/operation.js";
import type { LinearizabilityWitness } from "../linearizability/result.js";
import type { InvariantViolation } from "../invariants/invariant-violation.js";
import { createSafetyMonitor, type SafetyMonitor } from "../invariants/safety-monitor.js";
import { createLivenessTracker } from "../liveness/liveness.js";
import type { ReplicaObservation } from "./replica-observation.js";

/** Search steps allowed to the end-of-run linearizability check by default; beyond it the verdict is `unknown`, which is not a violation. */
export const REPLICA_LINEARIZABILITY_BUDGET_STEPS = 2_000_000;

/** Counters a replicated-log run reports, protocol-neutral (a term is Raft's term, Paxos's ballot, VR's view). */
export type ReplicaFigures = {
  /** The highest commit index any replica reached. */
  readonly commitIndex: number;
  /** How many times some replica became leader. */
  readonly leaderChanges: number;
  /** How many elections were started (a replica became candidate). */
  readonly elections: number;
  /** How many times some replica advanced its commit index. */
  readonly commits: number;
};

/** What the monitor needs of the simulated cluster at an observation: only the phase. */
export interface ReplicaClusterPhase {
  readonly phase: string;
}

/** What the monitor needs of a finished run. */
export interface ReplicaFinishedRun<Input, Output> {
  readonly history: readonly Operation<Input, Output>[];
  readonly calmStartedAt: number | null;
  readonly cluster: { readonly time: number };
}

/** Options of {@link createReplicaMonitor}. */
export interface ReplicaMonitorOptions<State, Input, Output> {
  /** The sequential model the client history must be linearizable against (e.g. `registerModel`). */
  readonly model: Model<State, Input, Output>;
  /** Check linearizability at the end (default true; benchmarks may switch it off). */
  readonly linearizability?: boolean;
  /** Step budget of that check (default {@link REPLICA_LINEARIZABILITY_BUDGET_STEPS}). */
  readonly budgetSteps?: number;
  /** An operation in words for the violation message (default: the model's `describeOperation`, the client and the call interval). */
  readonly describeOperation?: (operation: Operation<Input, Output>) => string;
  /** What the model's state is called in messages (default: the model's name, e.g. "register"). */
  readonly stateName?: string;
}

/**
 * A monitor for any replicated-log protocol, structurally a `Monitor` of
 * `@cx/sim` (this package imports nothing): it counts the figures and holds
 * the incremental safety checker.
 */
export interface ReplicaMonitor<Input, Output> {
  onObservation(node: number, observation: { readonly kind: string }, cluster: ReplicaClusterPhase): InvariantViolation | undefined;
  finish(run: ReplicaFinishedRun<Input, Output>): InvariantViolation | undefined;
  figures(): ReplicaFigures;
  /** The incremental safety checker, for tests that compare its mirror of each log with the real logs. */
  readonly safety: SafetyMonitor;
}

/**
 * The monitor every replicated-log protocol needs, in one object: the safety
 * invariants on every {@link ReplicaObservation}, linearizability of the
 * client history at the end against the protocol's model (an `unknown`
 * verdict is not a violation), and liveness if the calm phase was reached
 * (did the commit index advance during it?).
 *
 * When to use: in a protocol plug-in's `monitors()`, so the protocol package
 * copies none of this. One monitor per run: it keeps state.
 *
 * Gotchas: observations that are not replica observations (a protocol's own
 * kinds) are ignored by the invariants. The linearizability message names a
 * completed read-only operation that no order explains when the witness has
 * one, else the operation at the deadline.
 *
 * @example
 * ```ts
 * const monitor = createReplicaMonitor({ model: registerModel });
 * runScenario({ protocol, workload: registerWorkload, choices, monitors: [monitor] });
 * monitor.figures().leaderChanges;
 * ```
 */
export function createReplicaMonitor<State, Input, Output>(options: ReplicaMonitorOptions<State, Input, Output>): ReplicaMonitor<Input, Output> {
  const safety = createSafetyMonitor();
  const liveness = createLivenessTracker();
  const budgetSteps = options.budgetSteps ?? REPLICA_LINEARIZABILITY_BUDGET_STEPS;
  let leaderChanges = 0;
  let elections = 0;
  let commits = 0;
  return {
    safety,
    onObservation(_node, observation, cluster) {
      const o = observation as ReplicaObservation;
      if (o.kind === "role") {
        if (o.role === "leader") leaderChanges++;
        else if (o.role === "candidate") elections++;
      } else if (o.kind === "committed") {
        commits++;
        liveness.observe(o, cluster.phase === "calm");
      }
      return safety.observe(o);
    },
    finish(run) {
      if (options.linearizability !== false) {
        const result = checkLinearizability(options.model, run.history, { budgetSteps });
        if (result.verdict === "illegal") return linearizabilityViolation(options, result.witness);
      }
      return liveness.verdict({ calmStartedAt: run.calmStartedAt, endTime: run.cluster.time });
    },
    figures: () => ({ commitIndex: liveness.commitIndex, leaderChanges, elections, commits }),
  };
}

function defaultDescription<State, Input, Output>(model: Model<State, Input, Output>, op: Operation<Input, Output>): string {
  const what = model.describeOperation?.(op.input, op.output) ?? JSON.stringify(op.input);
  return `client ${op.client}'s ${what} [${op.call}..${op.return ?? "?"} ms]`;
}

function linearizabilityViolation<State, Input, Output>(options: ReplicaMonitorOptions<State, Input, Output>, witness: LinearizabilityWitness<State, Input, Output>): InvariantViolation {
  const { model } = options;
  const describe = options.describeOperation ?? ((op: Operation<Input, Output>) => defaultDescription(model, op));
  const noun = options.stateName ?? model.name;
  // Name what a person can see was wrong: a completed operation that changes
  // nothing (a read) whose answer is impossible where the search got stuck.
  const impossibleRead = witness.blocked.find((b) => !b.legal && b.operation.return !== null && model.isReadOnly?.(b.operation.input, b.operation.output ?? undefined) === true)?.operation;
  const stuck = impossibleRead ?? witness.deadline?.operation ?? witness.blocked[0]?.operation;
  const state = model.describeState?.(witness.state) ?? JSON.stringify(witness.state);
  return {
    invariant: "Linearizability",
    message:
      stuck === undefined
        ? `the client history is not linearizable (after ${witness.prefix.length} operations the ${noun} is ${state})`
        : `the client history is not linearizable: no order explains ${describe(stuck)} once the ${noun} is ${state} after ${witness.prefix.length} operations`,
  };
}
