/**
 * Raft's mutant benchmark guided as the Raft plug-in once was: Raft's
 * coverage probe (`raftCoverage`) beside its abstract state. The plug-in now
 * runs on the abstract state alone (`mutants.ts`); this module keeps the
 * comparison runnable:
 *
 *   pnpm --filter @cx/eval bench:search-power --protocol ../raft/bench/mutants-own-probes.ts --equal-time
 */
import { defineProtocolPlugin, registerWorkload, type ProtocolPlugin } from "@cx/sim";
import { createRaftMonitor, createRaftProtocol, raftAbstractState, raftClusterViews, raftCoverage, type RaftBugName } from "../src/index.js";
import { raftMutants } from "./mutants.js";

/** Raft with its mutants as the plug-in's defects, guided by Raft's coverage probe and abstract state. */
export const protocolPlugin: ProtocolPlugin = defineProtocolPlugin({
  name: "raft-mutants-own-probes",
  version: "0.0.0",
  summary: "Raft with the mutants of the search benchmark, guided by Raft's coverage probe and abstract state (evaluation only)",
  defects: raftMutants,
  // The plug-in validated the names against the defects before handing them over.
  protocol: (defects) => createRaftProtocol(defects as readonly RaftBugName[], {}),
  workload: registerWorkload,
  monitors: () => [createRaftMonitor()],
  coverage: raftCoverage,
  abstractState: raftAbstractState,
  replicaViews: raftClusterViews,
});
