export { leaseLockVocabulary, protocolPlugin } from "./lease-lock.js";
export { heldLease, leaseClient, type HeldLease } from "./lease-client.js";
export { LeaseMonitor, liveLeaseAt } from "./lease-monitor.js";
export { DRIFT_BOUND_PPM, LEASE_HOLD_MS, LEASE_MS, emptyTable, type LeaseInput, type LeaseMessage, type LeaseOutput, type LockTable } from "./lease-terms.js";
export { ACQUIRE_WAIT_MS } from "./lock-server.js";
