import { createReplicaMonitor, REPLICA_LINEARIZABILITY_BUDGET_STEPS, registerModel, type Operation, type RegisterState, type ReplicaFigures, type SafetyMonitor } from "@cx/check";
import { registerWorkload, type Monitor, type RegisterInput, type RegisterOutput } from "@cx/sim";
import type { RaftNode } from "./raft-node.js";

/** Counters a Raft run reports besides @cx/sim's (the protocol-neutral replica figures). */
export type RaftFigures = ReplicaFigures;

/** A {@link Monitor} for Raft runs plus the figures it counted. */
export interface RaftMonitor extends Monitor<RaftNode, RegisterInput, RegisterOutput> {
  figures(): RaftFigures;
  /** The incremental safety checker, for tests that compare its mirror with the real logs. */
  readonly safety: SafetyMonitor;
}

/** Search steps allowed to the end-of-run linearizability check; beyond it the verdict is `unknown`, which is not a violation. */
export const LINEARIZABILITY_BUDGET_STEPS = REPLICA_LINEARIZABILITY_BUDGET_STEPS;

/** An operation as Raft's violation messages have always named it: `client 1's read -> null [600..624 ms]`. */
function describeOperation(op: Operation<RegisterInput, RegisterOutput>): string {
  const what = registerWorkload.describe(op.input);
  const answer = op.return === null ? "never answered" : op.input.op === "write" ? "ok" : JSON.stringify(op.output);
  return `client ${op.client}'s ${what} -> ${answer} [${op.call}..${op.return ?? "?"} ms]`;
}

/**
 * The monitors of a Raft run: @cx/check's replica monitor (safety invariants
 * on every observation, linearizability of the client history at the end
 * against the register model, liveness if the calm phase was reached) with
 * the operation wording Raft's saved reproductions carry.
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
  return createReplicaMonitor<RegisterState, RegisterInput, RegisterOutput>({
    model: registerModel,
    describeOperation,
    ...(options.linearizability === undefined ? {} : { linearizability: options.linearizability }),
  });
}
