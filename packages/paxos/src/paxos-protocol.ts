import type { Protocol, RegisterInput, RegisterOutput } from "@cx/sim";
import type { PaxosDefectName } from "./defects.js";
import { describePaxosMessage, type PaxosMessage, type PaxosPersistent } from "./messages.js";
import { PaxosNode } from "./paxos-node.js";

/** Multi-Paxos as a @cx/sim protocol: what `runScenario` drives. */
export type PaxosProtocol = Protocol<PaxosMessage, RegisterInput, RegisterOutput, PaxosPersistent, PaxosNode>;

/**
 * Multi-Paxos with the given defects switched on (none: correct Paxos).
 *
 * When to use: to run Paxos in your own scenario with your own monitors;
 * {@link runPaxos} and the plug-in wire the usual ones for you.
 *
 * @example
 * ```ts
 * const result = runScenario({ protocol: createPaxosProtocol(), workload: registerWorkload, choices: new GeneratedChoices(1) });
 * ```
 */
export function createPaxosProtocol(defects: Iterable<PaxosDefectName> = []): PaxosProtocol {
  const enabled: ReadonlySet<PaxosDefectName> = new Set(defects);
  const names = [...enabled].sort();
  return {
    name: names.length === 0 ? "paxos" : `paxos+${names.join("+")}`,
    start: (context) => new PaxosNode(context, enabled),
    describeMessage: describePaxosMessage,
  };
}
