import { checkLinearizability } from "../linearizability/check-linearizability.js";
import type { Model } from "../linearizability/model.js";
import type { Operation } from "../linearizability/operation.js";
import type { LinearizabilityWitness } from "../linearizability/result.js";
import type { InvariantViolation } from "../invariants/invariant-violation.js";
import type { OperationSubject } from "../invariants/violation-subjects.js";
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

/**
 * A client operation of a run's history: the checker's `Operation`, plus the
 * client's operation number when the simulator records one (`@cx/sim` does),
 * so a violation can name the operation the way the trace does.
 */
export type ReplicaHistoryOperation<Input, Output> = Operation<Input, Output> & { readonly seq?: number };

/** What the monitor needs of a finished run. */
export interface ReplicaFinishedRun<Input, Output> {
  readonly history: readonly ReplicaHistoryOperation<Input, Output>[];
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
 * kinds) are ignored by the invariants. A linearizability violation names
 * the operation no order can place (its subjects mark it `unplaceable`):
 * the answer at the earliest time such that the history of everything
 * answered up to then is not linearizable (a few more checks of shorter
 * histories, only once the whole history failed). When one of those checks
 * runs out of budget, it falls back to what the checker's witness names (a
 * completed read no order explains, else the operation at the deadline),
 * marked `involved`.
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
        if (result.verdict === "illegal") return linearizabilityViolation(options, { history: run.history, witness: result.witness, budgetSteps });
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

/** An operation of the history as a violation's subject. */
function subject<Input, Output>(op: ReplicaHistoryOperation<Input, Output>, role: OperationSubject["role"]): OperationSubject {
  return op.seq === undefined ? { client: op.client, call: op.call, role } : { client: op.client, seq: op.seq, call: op.call, role };
}

/** The history as it stood at time `t`: what was called by then, answers after `t` not yet known (indeterminate). */
function historyAt<Input, Output>(history: readonly Operation<Input, Output>[], t: number): Operation<Input, Output>[] {
  const out: Operation<Input, Output>[] = [];
  for (const op of history) {
    if (op.call > t) continue;
    out.push(op.return !== null && op.return <= t ? op : { ...op, return: null, output: null });
  }
  return out;
}

/**
 * The operation whose answer first makes the history unexplainable: the
 * earliest answer time T such that the history as it stood at T is not
 * linearizable (the property holds of every earlier time, and once broken
 * stays broken, so a binary search over answer times finds it). `undefined`
 * when a check on the way ran out of budget.
 */
function findUnplaceable<State, Input, Output>(
  model: Model<State, Input, Output>,
  history: readonly ReplicaHistoryOperation<Input, Output>[],
  budgetSteps: number,
): ReplicaHistoryOperation<Input, Output> | undefined {
  const times = [...new Set(history.flatMap((op) => (op.return === null ? [] : [op.return])))].sort((a, b) => a - b);
  // The whole history failed, and it is equivalent to the history at the last answer.
  let low = 0;
  let high = times.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    const verdict = checkLinearizability(model, historyAt(history, times[mid] as number), { budgetSteps }).verdict;
    if (verdict === "unknown") return undefined;
    if (verdict === "illegal") high = mid;
    else low = mid + 1;
  }
  const at = times[low];
  const answered = history.filter((op) => op.return === at);
  // Answers at the same instant: a read contradicting the state is the clearer culprit.
  return answered.find((op) => model.isReadOnly?.(op.input, op.output ?? undefined) === true) ?? answered[0];
}

/** The last operation that could change the state and had returned before `op` was called: what `op` should have seen. */
function precedingUpdate<State, Input, Output>(
  model: Model<State, Input, Output>,
  history: readonly ReplicaHistoryOperation<Input, Output>[],
  op: Operation<Input, Output>,
): ReplicaHistoryOperation<Input, Output> | undefined {
  let found: ReplicaHistoryOperation<Input, Output> | undefined;
  for (const other of history) {
    if (other.return === null || other.return >= op.call || model.isReadOnly?.(other.input, other.output ?? undefined) === true) continue;
    if (found === undefined || other.return > (found.return as number)) found = other;
  }
  return found;
}

function linearizabilityViolation<State, Input, Output>(
  options: ReplicaMonitorOptions<State, Input, Output>,
  failed: { readonly history: readonly ReplicaHistoryOperation<Input, Output>[]; readonly witness: LinearizabilityWitness<State, Input, Output>; readonly budgetSteps: number },
): InvariantViolation {
  const { model } = options;
  const describe = options.describeOperation ?? ((op: Operation<Input, Output>) => defaultDescription(model, op));
  const unplaceable = findUnplaceable(model, failed.history, failed.budgetSteps);
  if (unplaceable === undefined) return witnessViolation(options, failed);
  const preceding = precedingUpdate(model, failed.history, unplaceable);
  return {
    invariant: "Linearizability",
    message: `the client history is not linearizable: no order explains ${describe(unplaceable)}${preceding === undefined ? "" : `, called after ${describe(preceding)} returned`}`,
    subjects: {
      property: "safety",
      nodes: [],
      terms: [],
      entries: [],
      operations: [subject(unplaceable, "unplaceable"), ...(preceding === undefined ? [] : [subject(preceding, "preceding")])],
    },
  };
}

/** The violation from the checker's witness alone, when the search for the unplaceable operation ran out of budget. */
function witnessViolation<State, Input, Output>(
  options: ReplicaMonitorOptions<State, Input, Output>,
  failed: { readonly history: readonly ReplicaHistoryOperation<Input, Output>[]; readonly witness: LinearizabilityWitness<State, Input, Output> },
): InvariantViolation {
  const { model } = options;
  const { witness } = failed;
  const describe = options.describeOperation ?? ((op: Operation<Input, Output>) => defaultDescription(model, op));
  const noun = options.stateName ?? model.name;
  // Name what a person can see was wrong: a completed operation that changes
  // nothing (a read) whose answer is impossible where the search got stuck.
  const impossibleRead = witness.blocked.find((b) => !b.legal && b.operation.return !== null && model.isReadOnly?.(b.operation.input, b.operation.output ?? undefined) === true);
  const stuck = impossibleRead ?? witness.deadline ?? witness.blocked[0];
  const state = model.describeState?.(witness.state) ?? JSON.stringify(witness.state);
  // The witness's index is the operation's position in the history the checker was given.
  const named = stuck === undefined ? undefined : failed.history[stuck.index];
  return {
    invariant: "Linearizability",
    message:
      stuck === undefined
        ? `the client history is not linearizable (after ${witness.prefix.length} operations the ${noun} is ${state})`
        : `the client history is not linearizable: no order explains ${describe(stuck.operation)} once the ${noun} is ${state} after ${witness.prefix.length} operations`,
    subjects: { property: "safety", nodes: [], terms: [], entries: [], operations: named === undefined ? [] : [subject(named, "involved")] },
  };
}
