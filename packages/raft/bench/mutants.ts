/**
 * Raft's mutant benchmark: defects kept for evaluating search, not offered
 * as `--bugs` names. Each is one guard in `src/raft-node.ts`, a mistake real
 * Raft implementations have made; none was the reason for any part of the
 * search or the shrinker. `@cx/eval`'s `bench:search-power` loads this
 * module by path:
 *
 *   pnpm --filter @cx/eval bench:search-power --protocol ../raft/bench/mutants.ts
 */
import type { ProtocolPlugin } from "@cx/sim";
import { defineRaftPlugin, type RaftBug } from "../src/index.js";

/** The mutants, in a stable order. */
export const raftMutants: readonly RaftBug[] = [
  { name: "m_keep_match_index", mistake: "A new leader keeps the matchIndex its last leadership learned instead of starting from 0, and counts replicas that no longer hold those entries.", caughtBy: "LeaderCompleteness" },
  { name: "m_commit_past_match", mistake: "A follower commits up to the leader's commit index even past the entries this AppendEntries verified, so a stale suffix it still holds counts as committed.", caughtBy: "StateMachineSafety" },
  { name: "m_count_stale_votes", mistake: "A candidate counts votes granted in an earlier term of its own towards its current term.", caughtBy: "ElectionSafety" },
  { name: "m_forget_vote_on_step_down", mistake: "A candidate that learns of the leader of its own term forgets whom it voted for, and can vote again in that term.", caughtBy: "ElectionSafety" },
  { name: "m_apply_on_append", mistake: "A follower applies entries as soon as it appends them, before they are committed.", caughtBy: "StateMachineSafety" },
  { name: "m_count_self_twice", mistake: "A leader counts its own copy twice when it counts replicas of an entry.", caughtBy: "LeaderCompleteness" },
  { name: "m_up_to_date_by_length", mistake: "A voter judges a candidate's log up to date by its length alone, ignoring the term of its last entry.", caughtBy: "LeaderCompleteness" },
  { name: "m_match_whole_log", mistake: "A leader takes a successful AppendReply as proof that the follower holds its whole log, not just what that AppendEntries carried.", caughtBy: "LeaderCompleteness" },
  { name: "m_commit_by_next_index", mistake: "A leader counts a replica as holding everything before its nextIndex (what was sent), not its matchIndex (what was acknowledged).", caughtBy: "LeaderCompleteness" },
  { name: "m_truncate_on_mismatch", mistake: "A follower whose entry at prevLogIndex has another term deletes it and everything after before the leader has found where the logs agree, committed entries included.", caughtBy: "LeaderCompleteness" },
  { name: "m_reset_timer_on_denied_vote", mistake: "A follower pushes its election deadline back when it denies a vote, not only when it grants one, so a candidate that cannot win keeps the others from standing.", caughtBy: "Liveness" },
  { name: "m_append_ignores_prev_term", mistake: "A follower checks only that it holds an entry at prevLogIndex, not that its term matches, and appends after a prefix that differs from the leader's.", caughtBy: "LogMatching" },
  { name: "m_commit_by_last_term", mistake: "A leader applies the current-term rule (Figure 8) to the last entry of its log instead of the entry it counts: once its log ends with an entry of its own term, it commits an earlier-term entry a majority holds although that own-term entry has not reached them.", caughtBy: "LeaderCompleteness" },
  { name: "m_reply_log_length", mistake: "A follower acknowledges an AppendEntries with the length of its whole log instead of the last index that AppendEntries verified, so stale entries of an older term past that point count as replicated.", caughtBy: "LeaderCompleteness" },
  { name: "m_read_index_without_heartbeat", mistake: "A leader answers a read from its state machine once it has committed an entry of its term and holds nothing uncommitted, without first hearing from a majority that it still leads, so a deposed leader cut off from the others answers with a stale value.", caughtBy: "Linearizability" },
];

/** Raft with its mutants as the plug-in's defects. */
export const protocolPlugin: ProtocolPlugin = defineRaftPlugin({
  name: "raft-mutants",
  version: "0.0.0",
  summary: "Raft with the mutants of the search benchmark as its defects (evaluation only)",
  defects: raftMutants,
});
