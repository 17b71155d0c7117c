// A lock service that is not a replicated log, written against the published
// @cx/sim and @cx/check only: lock servers grant leases with fencing tokens,
// a storage node holds the lock table and fences writes to the resource it
// guards, and clients are programs that time their own leases.
import { defineProtocolPlugin, type NodeContext, type ProtocolVocabulary } from "@cx/sim";
import { LeaseMonitor } from "./lease-monitor.js";
import { leaseClient } from "./lease-client.js";
import { DRIFT_BOUND_PPM, describeLeaseMessage, type LeaseMessage, type LeaseOutput, type LeaseStored } from "./lease-terms.js";
import { LockServer } from "./lock-server.js";
import { StorageNode } from "./storage-node.js";

/** The service's own words, for stories and diagrams. */
export const leaseLockVocabulary: ProtocolVocabulary = {
  epoch: "epoch",
  leader: "primary",
  follower: "standby",
  candidate: "claimant",
  campaign: ["claims the primary role", "claim the primary role"],
  support: ["grants the claim of", "grant the claim of", "granting the claim of"],
};

/**
 * The lease lock as a cx protocol plug-in: `cx hunt --protocol
 * ./examples/lease-lock/src/index.ts --bugs unfenced_writes` finds, shrinks
 * and tells a schedule that breaks it.
 *
 * Nodes: every node but the last is a lock server (s0 starts as primary),
 * the last is the storage. Clients send lock operations to the primary and
 * writes and reads to the storage (each redirects the other kind).
 * Clocks drift within the bound the service assumes (`clockDriftPpm`).
 */
export const protocolPlugin = defineProtocolPlugin({
  name: "lease-lock",
  version: "1.0.0",
  summary: "lock servers grant leases with fencing tokens; a storage node fences the writes to the resource they guard",
  defects: [
    {
      name: "answer_before_stored",
      mistake: "the primary answers before the storage holds the lock table the answer came from, so a crash can hand out a token again",
      caughtBy: "FencingTokens",
    },
    { name: "unfenced_writes", mistake: "the storage accepts a write without checking its fencing token", caughtBy: "FencedWrites" },
    {
      name: "lease_ignores_drift",
      mistake: "the primary holds a lease for its length on its own clock, trusting the clock beyond the drift bound",
      caughtBy: "MutualExclusion",
    },
  ],
  protocol: (defects) => ({
    name: defects.length === 0 ? "lease-lock" : `lease-lock+${defects.join("+")}`,
    start: (ctx: NodeContext<LeaseMessage, LeaseOutput, LeaseStored>) =>
      ctx.id === ctx.clusterSize - 1
        ? new StorageNode(ctx, defects.includes("unfenced_writes"))
        : new LockServer(ctx, { answerBeforeStored: defects.includes("answer_before_stored"), leaseIgnoresDrift: defects.includes("lease_ignores_drift") }),
    describeMessage: describeLeaseMessage,
    vocabulary: leaseLockVocabulary,
  }),
  workload: leaseClient,
  monitors: () => [new LeaseMonitor()],
  scenario: { clusterSize: 3, opsPerClient: 6, clientTimeoutMs: 500, clockDriftPpm: DRIFT_BOUND_PPM },
});
