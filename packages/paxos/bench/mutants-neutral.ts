/**
 * Paxos's mutant benchmark guided by what any replicated log gives: the same
 * protocol and mutants as `mutants.ts`, without Paxos's coverage probe and
 * abstract state, so search sees only @cx/sim's protocol-neutral abstract
 * state read from the replica views (`replicaAbstractState`):
 *
 *   pnpm --filter @cx/eval bench:search-power --protocol ../paxos/bench/mutants-neutral.ts --equal-time
 */
import { defineProtocolPlugin, registerWorkload, type ProtocolPlugin } from "@cx/sim";
import { createPaxosMonitor, createPaxosProtocol, paxosClusterViews, type PaxosDefectName } from "../src/index.js";
import { paxosMutants } from "./mutants.js";

/** Multi-Paxos with its mutants as the plug-in's defects, guided by the protocol-neutral abstract state only. */
export const protocolPlugin: ProtocolPlugin = defineProtocolPlugin({
  name: "paxos-mutants-neutral",
  version: "0.0.0",
  summary: "Multi-Paxos with the mutants of the search benchmark, guided only by the protocol-neutral abstract state (evaluation only)",
  defects: paxosMutants,
  // The plug-in validated the names against the defects before handing them over.
  protocol: (defects) => createPaxosProtocol(defects as readonly PaxosDefectName[]),
  workload: registerWorkload,
  monitors: () => [createPaxosMonitor()],
  replicaViews: paxosClusterViews,
});
