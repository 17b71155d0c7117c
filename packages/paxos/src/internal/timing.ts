// Suspicion (election) and heartbeat timing: @cx/sim's one definition for leader-based protocols.
export { ELECTION_BASE_MS, ELECTION_JITTER_LEVELS as JITTER_LEVELS, ELECTION_JITTER_STEP_MS as JITTER_STEP_MS, ELECTION_STAGGER_MS, HEARTBEAT_MS } from "@cx/sim";

/** Most chosen entries one catch-up message carries. */
export const MAX_BATCH = 32;
