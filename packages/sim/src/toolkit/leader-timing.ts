/**
 * The timing a leader-based protocol runs on in cx's default scenario: how
 * long a node waits for its leader before it stands for election, and how
 * often a leader speaks. Raft and Multi-Paxos read these one definition, so
 * their runs answer to the same clock and their figures compare.
 *
 * When to use: in a protocol package that elects a leader, for its election
 * timeout (`ELECTION_BASE_MS + ELECTION_STAGGER_MS * id +
 * ELECTION_JITTER_STEP_MS * ctx.draw(ELECTION_JITTER_LEVELS, ...)`) and its
 * heartbeat timer.
 *
 * Gotchas: saved counterexamples replay only with the timing they were found
 * with; changing a value here changes the meaning of every saved file.
 *
 * @example
 * ```ts
 * const timeoutMs = ELECTION_BASE_MS + ELECTION_STAGGER_MS * ctx.id + ELECTION_JITTER_STEP_MS * ctx.draw(ELECTION_JITTER_LEVELS, "election jitter");
 * ctx.setTimer("heartbeat", HEARTBEAT_MS);
 * ```
 */

/** Shortest election timeout, for node s0 with jitter 0: silence this long from the leader starts an election. */
export const ELECTION_BASE_MS = 150;
/**
 * Fixed per-node stagger under the drawn jitter: with every draw 0 the
 * nodes still time out one after another (s0 first), so the calm run
 * elects a leader at once and never splits the vote, or duels, forever.
 */
export const ELECTION_STAGGER_MS = 25;
/** How many jitter values an election timeout draws from: the jitter is `ELECTION_JITTER_STEP_MS * draw(ELECTION_JITTER_LEVELS)`. */
export const ELECTION_JITTER_LEVELS = 16;
/** The step between two jitter values. */
export const ELECTION_JITTER_STEP_MS = 10;
/** Leader heartbeat period, and the retry period of unanswered requests (votes, prepares, accepts). */
export const HEARTBEAT_MS = 50;
