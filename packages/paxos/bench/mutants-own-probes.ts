/**
 * Paxos's mutant benchmark guided as the Paxos plug-in once was: its own
 * coverage probe and abstract state (`paxosCoverage`, `paxosAbstractState`).
 * The plug-in now runs on @cx/sim's protocol-neutral abstract state
 * (`mutants.ts`); this module keeps the comparison runnable:
 *
 *   pnpm --filter @cx/eval bench:search-power --protocol ../paxos/bench/mutants-own-probes.ts --equal-time
 */
import { defineProtocolPlugin, registerWorkload, type ProtocolPlugin } from "@cx/sim";
import { createPaxosMonitor, createPaxosProtocol, paxosAbstractState, paxosClusterViews, paxosCoverage, type PaxosDefectName } from "../src/index.js";
import { paxosMutants } from "./mutants.js";

/** Multi-Paxos with its mutants as the plug-in's defects, guided by its own coverage probe and abstract state. */
export const protocolPlugin: ProtocolPlugin = defineProtocolPlugin({
  name: "paxos-mutants-own-probes",
  version: "0.0.0",
  summary: "Multi-Paxos with the mutants of the search benchmark, guided by its own coverage probe and abstract state (evaluation only)",
  defects: paxosMutants,
  // The plug-in validated the names against the defects before handing them over.
  protocol: (defects) => createPaxosProtocol(defects as readonly PaxosDefectName[]),
  workload: registerWorkload,
  monitors: () => [createPaxosMonitor()],
  coverage: paxosCoverage,
  abstractState: paxosAbstractState,
  replicaViews: paxosClusterViews,
});
