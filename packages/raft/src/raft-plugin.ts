import { defineProtocolPlugin, registerWorkload, type ProtocolPlugin } from "@cx/sim";
import { raftAbstractState } from "./abstract-state.js";
import { raftBugs, type RaftBugName } from "./bugs.js";
import { raftCoverage } from "./coverage.js";
import { createRaftMonitor } from "./raft-monitor.js";
import { createRaftProtocol } from "./raft-protocol.js";
import { raftClusterViews } from "./replica-view.js";
import { raftVersion } from "./version.js";

/**
 * Raft as a cx protocol plug-in: its nine defects, the register workload,
 * @cx/check's replica monitor, Raft's coverage probe and its replica views. What `cx --protocol
 * raft`, the experiment and @cx/vitest run.
 *
 * When to use: anywhere a tool takes a protocol plug-in. For Raft-specific
 * figures (`RaftRunResult.raft`), use {@link runRaft}.
 *
 * @example
 * ```ts
 * const target = protocolPlugin.createTarget({ defects: ["vote_twice_in_term"] });
 * target.run(new GeneratedChoices(7)).violation; // { invariant: "ElectionSafety", ... } or null
 * ```
 */
export const protocolPlugin: ProtocolPlugin = defineProtocolPlugin({
  name: "raft",
  version: raftVersion,
  summary: "Raft (leader election, log replication, client at-most-once) with nine seeded defects",
  defects: raftBugs,
  // The plug-in validated the names against raftBugs before handing them over.
  protocol: (defects) => createRaftProtocol(defects as readonly RaftBugName[]),
  workload: registerWorkload,
  monitors: () => [createRaftMonitor()],
  coverage: raftCoverage,
  abstractState: raftAbstractState,
  replicaViews: raftClusterViews,
});
