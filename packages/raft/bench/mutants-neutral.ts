/**
 * Raft's mutant benchmark guided by what any replicated log gives: the same
 * protocol and mutants as `mutants.ts`, without Raft's coverage probe and
 * abstract state, so search sees only @cx/sim's protocol-neutral abstract
 * state read from the replica views (`replicaAbstractState`). Compares the
 * neutral signal with Raft's own:
 *
 *   pnpm --filter @cx/eval bench:search-power --protocol ../raft/bench/mutants-neutral.ts --equal-time
 */
import { defineProtocolPlugin, registerWorkload, type ProtocolPlugin } from "@cx/sim";
import { createRaftMonitor, createRaftProtocol, raftClusterViews, type RaftBugName } from "../src/index.js";
import { raftMutants } from "./mutants.js";

/** Raft with its mutants as the plug-in's defects, guided by the protocol-neutral abstract state only. */
export const protocolPlugin: ProtocolPlugin = defineProtocolPlugin({
  name: "raft-mutants-neutral",
  version: "0.0.0",
  summary: "Raft with the mutants of the search benchmark, guided only by the protocol-neutral abstract state (evaluation only)",
  defects: raftMutants,
  // The plug-in validated the names against the defects before handing them over.
  protocol: (defects) => createRaftProtocol(defects as readonly RaftBugName[], {}),
  workload: registerWorkload,
  monitors: () => [createRaftMonitor()],
  replicaViews: raftClusterViews,
});
