/**
 * @cx/paxos: a real Multi-Paxos replicated log on @cx/sim with seeded
 * defects, the monitor that catches them, and a cx protocol plug-in.
 */

// The protocol plug-in: what the CLI and the experiment run.
export { protocolPlugin } from "./paxos-plugin.js";
export { definePaxosPlugin, type PaxosPluginSpec } from "./define-paxos-plugin.js";

// Running Paxos.
export { runPaxos, type PaxosRunSpec, type PaxosRunResult } from "./run-paxos.js";
export { createPaxosMonitor } from "./paxos-monitor.js";

// The protocol itself.
export { createPaxosProtocol, type PaxosProtocol } from "./paxos-protocol.js";
export { PaxosNode } from "./paxos-node.js";
export type { PaxosClientSession, PaxosRole } from "./paxos-types.js";
export { describePaxosMessage, type AcceptedValue, type PaxosEntry, type PaxosMessage, type PaxosPersistent, type ReportedValue } from "./messages.js";
export { ballotProposer, ballotRound, encodeBallot, nextBallot } from "./ballot.js";

// The seeded defects.
export { isPaxosDefectName, paxosDefects, type PaxosDefect, type PaxosDefectName, type PaxosMutantName } from "./defects.js";

// What checkers, search and diagrams see.
export { paxosClusterViews, paxosReplicaView } from "./replica-view.js";
export { paxosCoverage } from "./coverage.js";
export { paxosAbstractState } from "./abstract-state.js";
export { paxosVersion } from "./version.js";
