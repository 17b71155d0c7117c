// Election and heartbeat timing: @cx/sim's one definition for leader-based protocols.
export { HEARTBEAT_MS } from "@cx/sim";

/** Most entries one AppendEntries carries. */
export const MAX_BATCH = 32;
