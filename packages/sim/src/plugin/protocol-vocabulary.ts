/**
 * The words a protocol's stories, diagrams and reports use for its roles and
 * for the number that orders its leaderships. Every field is optional; a
 * missing one keeps Raft's word, so Raft-shaped protocols declare nothing.
 *
 * Roles stay three for the checkers (a node that leads, one that tries to
 * lead, one that follows: the `role` observation's `role`), but a protocol
 * names them in its own words here, and a `role` observation may also carry
 * a `status` (any short word: `recovering`, `view-change`) that the story
 * and the diagram show instead of the role's name, so a protocol with more
 * states than three can tell them apart.
 *
 * When to use: set it on a protocol (`Protocol.vocabulary`) whose words are
 * not Raft's: Viewstamped Replication (view, primary, backup), a lease
 * service (epoch, holder), Paxos written in its own words (ballot,
 * proposer).
 *
 * @example
 * ```ts
 * const vocabulary: ProtocolVocabulary = {
 *   epoch: "view",
 *   leader: "primary",
 *   follower: "backup",
 *   candidate: "view changer",
 *   campaign: ["starts a view change", "start a view change"],
 *   support: ["backs", "back", "backing"],
 * };
 * ```
 */
export interface ProtocolVocabulary {
  /** The number that orders leaderships, as a noun: `term` (the default), `view`, `ballot`, `epoch`. */
  readonly epoch?: string;
  /** The role that leads: `leader` (the default), `primary`, `holder`. */
  readonly leader?: string;
  /** The role that follows: `follower` (the default), `backup`, `replica`. */
  readonly follower?: string;
  /** The role that tries to lead: `candidate` (the default), `view changer`, `proposer`. */
  readonly candidate?: string;
  /** What a node that becomes a candidate does, for one node and for several: `["stands for election", "stand for election"]` (the default). */
  readonly campaign?: readonly [one: string, many: string];
  /** What a node does for a candidate it backs (the `voted` observation), for one node, for several, and as a gerund: `["votes for", "vote for", "voting for"]` (the default). */
  readonly support?: readonly [one: string, many: string, gerund: string];
}

/** Every word of a {@link ProtocolVocabulary}, with Raft's where the protocol names none. */
export type ProtocolWords = Required<ProtocolVocabulary>;

/** Raft's words: what a protocol that declares no vocabulary reads in. */
export const raftWords: ProtocolWords = {
  epoch: "term",
  leader: "leader",
  follower: "follower",
  candidate: "candidate",
  campaign: ["stands for election", "stand for election"],
  support: ["votes for", "vote for", "voting for"],
};

const WORD_MAX = 40;

/**
 * A protocol's words with Raft's filling the gaps. A word that is not a
 * short line of text (empty, too long, a line break) is replaced by Raft's,
 * so a slip in a plug-in cannot break a story.
 *
 * @example
 * ```ts
 * protocolWords({ epoch: "view" }).leader; // "leader"
 * ```
 */
export function protocolWords(vocabulary: ProtocolVocabulary | undefined): ProtocolWords {
  if (vocabulary === undefined) return raftWords;
  const word = (value: unknown, fallback: string): string =>
    typeof value === "string" && value.trim().length > 0 && value.length <= WORD_MAX && !/[\p{Cc}\u2028\u2029]/u.test(value) ? value.trim() : fallback;
  const pair = (value: readonly [string, string] | undefined, fallback: readonly [string, string]): readonly [string, string] =>
    Array.isArray(value) && value.length === 2 ? [word(value[0], fallback[0]), word(value[1], fallback[1])] : fallback;
  const triple = (value: readonly [string, string, string] | undefined, fallback: readonly [string, string, string]): readonly [string, string, string] =>
    Array.isArray(value) && value.length === 3 ? [word(value[0], fallback[0]), word(value[1], fallback[1]), word(value[2], fallback[2])] : fallback;
  return {
    epoch: word(vocabulary.epoch, raftWords.epoch),
    leader: word(vocabulary.leader, raftWords.leader),
    follower: word(vocabulary.follower, raftWords.follower),
    candidate: word(vocabulary.candidate, raftWords.candidate),
    campaign: pair(vocabulary.campaign, raftWords.campaign),
    support: triple(vocabulary.support, raftWords.support),
  };
}
