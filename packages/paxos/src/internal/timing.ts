/** Shortest suspicion timeout, for node s0 with jitter 0: silence this long from the leader starts a new ballot. */
export const ELECTION_BASE_MS = 150;
/**
 * Fixed per-node stagger under the drawn jitter: with every draw 0 the
 * nodes suspect the leader one after another (s0 first), so the calm run
 * elects one leader at once and proposers never duel forever.
 */
export const ELECTION_STAGGER_MS = 25;
/** Jitter is `JITTER_STEP_MS * draw(JITTER_LEVELS)`. */
export const JITTER_LEVELS = 16;
export const JITTER_STEP_MS = 10;
/** Leader heartbeat period, and the retry period of unanswered prepares and accepts. */
export const HEARTBEAT_MS = 50;
/** Most chosen entries one catch-up message carries. */
export const MAX_BATCH = 32;
