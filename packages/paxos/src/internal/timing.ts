// Suspicion (election) and heartbeat timing: @cx/sim's one definition for leader-based protocols.
export { HEARTBEAT_MS } from "@cx/sim";

/** Most chosen entries one catch-up message carries. */
export const MAX_BATCH = 32;
