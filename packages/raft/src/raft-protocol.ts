import type { Protocol, RegisterInput, RegisterOutput } from "@cx/sim";
import type { RaftBugName } from "./bugs.js";
import { describeRaftMessage, type RaftMessage, type RaftPersistent } from "./messages.js";
import { RaftNode } from "./raft-node.js";
import type { RaftOptions } from "./raft-options.js";

/** Raft as a @cx/sim protocol: what `runScenario` drives. */
export type RaftProtocol = Protocol<RaftMessage, RegisterInput, RegisterOutput, RaftPersistent, RaftNode>;

/**
 * Raft with the given defects switched on (none: correct Raft), and its
 * optional features ({@link RaftOptions}: lease reads).
 *
 * When to use: to run Raft in your own scenario with your own monitors;
 * {@link runRaft} wires the usual ones for you.
 *
 * @example
 * ```ts
 * const result = runScenario({ protocol: createRaftProtocol(), workload: registerWorkload, choices: new GeneratedChoices(1) });
 * ```
 */
export function createRaftProtocol(bugs: Iterable<RaftBugName> = [], options: RaftOptions = {}): RaftProtocol {
  const enabled: ReadonlySet<RaftBugName> = new Set(bugs);
  const names = [...enabled].sort();
  const base = options.leaseReads === undefined ? "raft" : "raft-lease";
  return {
    name: names.length === 0 ? base : `${base}+${names.join("+")}`,
    start: (context) => new RaftNode(context, enabled, options),
    describeMessage: describeRaftMessage,
  };
}
