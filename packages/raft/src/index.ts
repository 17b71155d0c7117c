/**
 * @cx/raft: a real Raft on @cx/sim with nine named, seeded defects, the
 * monitors that catch them, and one entry point for search, eval, viz and
 * the CLI.
 */

// Running Raft.
export { runRaft, createRaftTarget, type RaftRunSpec, type RaftRunResult, type RaftTarget } from "./run-raft.js";
export { createRaftMonitor, LINEARIZABILITY_BUDGET_STEPS, type RaftFigures, type RaftMonitor } from "./raft-monitor.js";

// The protocol itself.
export { createRaftProtocol, type RaftProtocol } from "./raft-protocol.js";
export { RaftNode } from "./raft-node.js";
export type { RaftOptions } from "./raft-options.js";
export type { ClientSession, RaftRole } from "./raft-types.js";
export { describeRaftMessage, type LogEntry, type RaftMessage, type RaftPersistent } from "./messages.js";

// The seeded defects.
export { isRaftBugName, raftBugs, raftLeaseBugs, type RaftBug, type RaftBugName, type RaftMutantName } from "./bugs.js";

// What checkers, search and diagrams see.
export { raftClusterViews, raftReplicaView } from "./replica-view.js";
export { raftCoverage } from "./coverage.js";
export { raftAbstractState } from "./abstract-state.js";

// The protocol plug-in: what the CLI, the experiment and @cx/vitest run.
export { protocolPlugin } from "./raft-plugin.js";
export { defineRaftPlugin, type RaftPluginSpec } from "./define-raft-plugin.js";
export { leaseProtocolPlugin, RAFT_LEASE_DRIFT_BOUND_PPM } from "./raft-lease-plugin.js";
