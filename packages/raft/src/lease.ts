/**
 * @cx/raft/lease: Raft with lease reads as a protocol module of its own, so
 * that a worker thread or `--protocol @cx/raft/lease` loads it by name.
 */
export { leaseProtocolPlugin as protocolPlugin, RAFT_LEASE_DRIFT_BOUND_PPM } from "./raft-lease-plugin.js";
