/** Shortest election timeout, for node s0 with jitter 0. */
export const ELECTION_BASE_MS = 150;
/**
 * Fixed per-node stagger under the drawn jitter: with every draw 0 the
 * nodes still time out one after another (s0 first), so the calm run
 * elects a leader at once and never splits the vote forever.
 */
export const ELECTION_STAGGER_MS = 25;
/** Jitter is `JITTER_STEP_MS * draw(JITTER_LEVELS)`. */
export const JITTER_LEVELS = 16;
export const JITTER_STEP_MS = 10;
/** Leader heartbeat and candidate vote-request retry period. */
export const HEARTBEAT_MS = 50;
/** Most entries one AppendEntries carries. */
export const MAX_BATCH = 32;
