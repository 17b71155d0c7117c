import { checkLinearizability, createLivenessTracker, createSafetyMonitor, registerModel, type ReplicaObservation, type SafetyMonitor } from "@cx/check";
import { registerWorkload, type Monitor, type PropertyFailure, type RegisterInput, type RegisterOutput } from "@cx/sim";
import type { RaftNode } from "./raft-node.js";

/** Counters a Raft run reports besides @cx/sim's. */
export interface RaftFigures {
  /** The highest commit index any server reached. */
  readonly commitIndex: number;
  /** How many times some server became leader. */
  readonly leaderChanges: number;
  /** How many elections were started (a server became candidate). */
  readonly elections: number;
  /** How many times some server advanced its commit index. */
  readonly commits: number;
}

/** A {@link Monitor} for Raft runs plus the figures it counted. */
export interface RaftMonitor extends Monitor<RaftNode, RegisterInput, RegisterOutput> {
  figures(): RaftFigures;
  /** The incremental safety checker, for tests that compare its mirror with the real logs. */
  readonly safety: SafetyMonitor;
}

/** Search steps allowed to the end-of-run linearizability check; beyond it the verdict is `unknown`, which is not a violation. */
export const LINEARIZABILITY_BUDGET_STEPS = 2_000_000;

function describeOp(op: { client: number; input: RegisterInput; output: RegisterOutput | null; call: number; return: number | null }): string {
  const what = registerWorkload.describe(op.input);
  const answer = op.return === null ? "never answered" : op.input.op === "write" ? "ok" : JSON.stringify(op.output);
  return `client ${op.client}'s ${what} -> ${answer} [${op.call}..${op.return ?? "?"} ms]`;
}

/**
 * The monitors of a Raft run in one object: @cx/check's safety invariants on
 * every observation, linearizability of the client history at the end (an
 * `unknown` verdict is not a violation), and liveness if the calm phase was
 * reached.
 *
 * When to use: pass it in `monitors` of `runScenario`; {@link runRaft} does.
 * One monitor per run: it keeps state.
 *
 * @example
 * ```ts
 * const monitor = createRaftMonitor();
 * runScenario({ protocol, workload: registerWorkload, choices, monitors: [monitor] });
 * monitor.figures().leaderChanges;
 * ```
 */
export function createRaftMonitor(options: { readonly linearizability?: boolean } = {}): RaftMonitor {
  const safety = createSafetyMonitor();
  const liveness = createLivenessTracker();
  let leaderChanges = 0;
  let elections = 0;
  let commits = 0;
  return {
    safety,
    onObservation(_node, observation, cluster): PropertyFailure | undefined {
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
    finish(run): PropertyFailure | undefined {
      if (options.linearizability !== false) {
        const result = checkLinearizability(registerModel, run.history, { budgetSteps: LINEARIZABILITY_BUDGET_STEPS });
        if (result.verdict === "illegal") {
          const { witness } = result;
          // Name what a person can see was wrong: a completed read whose value
          // is impossible where the search got stuck, before the bare deadline.
          const impossibleRead = witness.blocked.find((b) => !b.legal && b.operation.input.op === "read" && b.operation.return !== null)?.operation;
          const stuck = impossibleRead ?? witness.deadline?.operation ?? witness.blocked[0]?.operation;
          const state = witness.state === null ? "empty" : JSON.stringify(witness.state);
          return {
            invariant: "Linearizability",
            message:
              stuck === undefined
                ? `the client history is not linearizable (after ${witness.prefix.length} operations the register is ${state})`
                : `the client history is not linearizable: no order explains ${describeOp(stuck)} once the register is ${state} after ${witness.prefix.length} operations`,
          };
        }
      }
      return liveness.verdict({ calmStartedAt: run.calmStartedAt, endTime: run.cluster.time });
    },
    figures: () => ({ commitIndex: liveness.commitIndex, leaderChanges, elections, commits }),
  };
}
