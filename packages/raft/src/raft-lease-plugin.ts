import type { ProtocolPlugin } from "@cx/sim";
import { raftLeaseBugs } from "./bugs.js";
import { defineRaftPlugin } from "./define-raft-plugin.js";

/**
 * The drift bound Raft's lease reads assume and the `raft-lease` plug-in
 * runs with, in parts per million: 20%, far beyond a real oscillator, so
 * that a lease counted without it is wrong by tens of milliseconds, while a
 * lease that honours it is tested inside its assumption.
 */
export const RAFT_LEASE_DRIFT_BOUND_PPM = 200_000;

/**
 * Raft whose leaders serve reads from a lease (no log round), with the two
 * defects that break it: what `cx hunt --protocol @cx/raft/lease` (in a
 * checkout, `--protocol ./packages/raft/src/lease.ts`) runs. Every clock
 * drifts within {@link RAFT_LEASE_DRIFT_BOUND_PPM}; clock jumps stay off,
 * since a lease assumes a clock that only drifts.
 *
 * When to use: to test a protocol feature that trusts clocks; for Raft
 * without leases, the `raft` plug-in.
 *
 * @example
 * ```ts
 * const target = leaseProtocolPlugin.createTarget({ defects: ["lease_ignores_drift"] });
 * target.run(new GeneratedChoices(7)).violation; // { invariant: "Linearizability", ... } or null
 * ```
 */
export const leaseProtocolPlugin: ProtocolPlugin = defineRaftPlugin({
  name: "raft-lease",
  summary: "Raft with lease reads: a leader answers reads from a lease bounded by clock drift; two seeded defects",
  defects: raftLeaseBugs,
  options: { leaseReads: { driftBoundPpm: RAFT_LEASE_DRIFT_BOUND_PPM } },
  scenario: { clockDriftPpm: RAFT_LEASE_DRIFT_BOUND_PPM },
});
