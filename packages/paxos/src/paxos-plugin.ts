import { defineProtocolPlugin, registerWorkload, type ProtocolPlugin } from "@cx/sim";
import { paxosAbstractState } from "./abstract-state.js";
import { paxosCoverage } from "./coverage.js";
import { paxosDefects, type PaxosDefectName } from "./defects.js";
import { createPaxosMonitor } from "./paxos-monitor.js";
import { createPaxosProtocol } from "./paxos-protocol.js";
import { paxosClusterViews } from "./replica-view.js";
import { paxosVersion } from "./version.js";

/**
 * Multi-Paxos as a cx protocol plug-in: its seeded defects, the register
 * workload, @cx/check's replica monitor and Paxos's coverage probe. What
 * `cx --protocol paxos` runs.
 *
 * When to use: anywhere a tool takes a protocol plug-in. For the replica
 * figures of a run, use {@link runPaxos}.
 *
 * @example
 * ```ts
 * const target = protocolPlugin.createTarget({ defects: ["ignore_promised_values"] });
 * target.run(new GeneratedChoices(7)).violation; // { invariant: "LeaderCompleteness", ... } or null
 * ```
 */
export const protocolPlugin: ProtocolPlugin = defineProtocolPlugin({
  name: "paxos",
  version: paxosVersion,
  summary: "Multi-Paxos (ballots, a distinguished proposer, a replicated log, client at-most-once) with seven seeded defects",
  defects: paxosDefects,
  // The plug-in validated the names against paxosDefects before handing them over.
  protocol: (defects) => createPaxosProtocol(defects as readonly PaxosDefectName[]),
  workload: registerWorkload,
  monitors: () => [createPaxosMonitor()],
  coverage: paxosCoverage,
  abstractState: paxosAbstractState,
  replicaViews: paxosClusterViews,
});
