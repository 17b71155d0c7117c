import type { Protocol, RegisterInput, RegisterOutput } from "@cx/sim";
import type { RaftBugName } from "./bugs.js";
import { describeRaftMessage, type RaftMessage, type RaftPersistent } from "./messages.js";
import { RaftNode } from "./raft-node.js";

/** Raft as a @cx/sim protocol: what `runScenario` drives. */
export type RaftProtocol = Protocol<RaftMessage, RegisterInput, RegisterOutput, RaftPersistent, RaftNode>;

/**
 * Raft with the given defects switched on (none: correct Raft).
 *
 * When to use: to run Raft in your own scenario with your own monitors;
 * {@link runRaft} wires the usual ones for you.
 *
 * @example
 * ```ts
 * const result = runScenario({ protocol: createRaftProtocol(), workload: registerWorkload, choices: new GeneratedChoices(1) });
 * ```
 */
export function createRaftProtocol(bugs: Iterable<RaftBugName> = []): RaftProtocol {
  const enabled: ReadonlySet<RaftBugName> = new Set(bugs);
  const names = [...enabled].sort();
  return {
    name: names.length === 0 ? "raft" : `raft+${names.join("+")}`,
    start: (context) => new RaftNode(context, enabled),
    describeMessage: describeRaftMessage,
  };
}
