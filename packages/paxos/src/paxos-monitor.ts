import { createReplicaMonitor, registerModel, type Operation, type RegisterState, type ReplicaMonitor } from "@cx/check";
import { registerWorkload, type RegisterInput, type RegisterOutput } from "@cx/sim";

/** An operation in a violation message: `client 1's read -> null [600..624 ms]`. */
function describeOperation(op: Operation<RegisterInput, RegisterOutput>): string {
  const what = registerWorkload.describe(op.input);
  const answer = op.return === null ? "never answered" : op.input.op === "write" ? "ok" : JSON.stringify(op.output);
  return `client ${op.client}'s ${what} -> ${answer} [${op.call}..${op.return ?? "?"} ms]`;
}

/**
 * The monitor of a Paxos run: @cx/check's replica monitor (every safety
 * invariant on every observation, linearizability of the client history at
 * the end against the register model, liveness if the calm phase was
 * reached), with operations worded as in Raft's messages.
 *
 * When to use: pass it in `monitors` of `runScenario`; {@link runPaxos} and
 * the plug-in do. One monitor per run: it keeps state.
 *
 * @example
 * ```ts
 * const monitor = createPaxosMonitor();
 * runScenario({ protocol: createPaxosProtocol(), workload: registerWorkload, choices, monitors: [monitor] });
 * monitor.figures().leaderChanges;
 * ```
 */
export function createPaxosMonitor(options: { readonly linearizability?: boolean } = {}): ReplicaMonitor<RegisterInput, RegisterOutput> {
  return createReplicaMonitor<RegisterState, RegisterInput, RegisterOutput>({
    model: registerModel,
    describeOperation,
    ...(options.linearizability === undefined ? {} : { linearizability: options.linearizability }),
  });
}
