import type { InvariantName } from "@cx/check";

/**
 * The names of Raft's seeded defects; each is one guard in the one Raft
 * implementation. The last two live in lease reads ({@link raftLeaseBugs}).
 */
export type RaftBugName =
  | "no_log_up_to_date_check"
  | "truncate_on_every_append"
  | "commit_any_term"
  | "forget_vote_on_restart"
  | "vote_twice_in_term"
  | "accept_stale_leader"
  | "stale_local_read"
  | "no_client_dedup"
  | "reply_before_sync"
  | "lease_ignores_drift"
  | "vote_during_lease"
  | RaftMutantName;

/**
 * Defects kept for evaluating search, not offered as `--bugs` names (the
 * mutant benchmark, `bench/mutants.ts`): each is one guard like the others,
 * a mistake real Raft implementations have made.
 */
export type RaftMutantName =
  | "m_keep_match_index"
  | "m_commit_past_match"
  | "m_count_stale_votes"
  | "m_forget_vote_on_step_down"
  | "m_apply_on_append"
  | "m_count_self_twice"
  | "m_up_to_date_by_length"
  | "m_match_whole_log"
  | "m_commit_by_next_index"
  | "m_truncate_on_mismatch"
  | "m_reset_timer_on_denied_vote"
  | "m_append_ignores_prev_term"
  | "m_commit_by_last_term"
  | "m_reply_log_length"
  | "m_read_index_without_heartbeat";

/** One seeded defect: its name, the mistake in a sentence, and the property expected to catch it. */
export interface RaftBug {
  readonly name: RaftBugName;
  readonly mistake: string;
  readonly caughtBy: InvariantName;
}

/**
 * The nine defects @cx/raft can switch on, in a stable order.
 *
 * When to use: listing them (`cx bugs`), validating user input, driving an
 * experiment over every defect. `caughtBy` is the property a hunt is expected
 * to break first; another property may occasionally break first on the same
 * schedule.
 *
 * @example
 * ```ts
 * for (const bug of raftBugs) console.log(`${bug.name}: ${bug.mistake} (${bug.caughtBy})`);
 * ```
 */
export const raftBugs: readonly RaftBug[] = [
  {
    name: "no_log_up_to_date_check",
    mistake: "A voter grants its vote without checking that the candidate's log is at least as up-to-date as its own (the election restriction).",
    caughtBy: "LeaderCompleteness",
  },
  {
    name: "truncate_on_every_append",
    mistake: "A follower deletes everything after prevLogIndex on every AppendEntries, even when the entries match, so a delayed stale AppendEntries erases acknowledged entries.",
    caughtBy: "LeaderCompleteness",
  },
  {
    name: "commit_any_term",
    mistake: "A leader commits an entry of an earlier term as soon as a majority stores it (Raft's Figure 8), instead of only entries of its own term.",
    caughtBy: "LeaderCompleteness",
  },
  {
    name: "forget_vote_on_restart",
    mistake: "votedFor is not persisted: a node that crashes and restarts can vote a second time in the same term.",
    caughtBy: "ElectionSafety",
  },
  {
    name: "vote_twice_in_term",
    mistake: "A voter grants a vote without checking whether it already voted for another candidate in this term.",
    caughtBy: "ElectionSafety",
  },
  {
    name: "accept_stale_leader",
    mistake: "A follower accepts AppendEntries from a leader of a lower term, letting a deposed leader overwrite entries of the current one.",
    caughtBy: "LeaderCompleteness",
  },
  {
    name: "stale_local_read",
    mistake: "A leader answers reads from its local state without confirming it is still leader and up to date; only linearizability sees it.",
    caughtBy: "Linearizability",
  },
  {
    name: "no_client_dedup",
    mistake: "The state machine keeps no per-client table of applied operations, so a retried client operation is applied twice.",
    caughtBy: "DuplicateApply",
  },
  {
    name: "reply_before_sync",
    mistake: "A node writes its term, vote and log and answers at once, but syncs them to disk only with its next heartbeat (a group commit): a crash in between makes it forget entries it acknowledged or a vote it granted.",
    caughtBy: "LeaderCompleteness",
  },
];

/**
 * The two defects of Raft with lease reads (the `raft-lease` plug-in), in a
 * stable order: each breaks the lease's one assumption from a different side.
 *
 * @example
 * ```ts
 * raftLeaseBugs.map((b) => b.name); // ["lease_ignores_drift", "vote_during_lease"]
 * ```
 */
export const raftLeaseBugs: readonly RaftBug[] = [
  {
    name: "lease_ignores_drift",
    mistake: "A leader serves reads for the whole election timeout after a majority heard from it, counted on its own clock: a slow clock keeps the lease past the moment the others may elect a new leader, and a read misses a newer write.",
    caughtBy: "Linearizability",
  },
  {
    name: "vote_during_lease",
    mistake: "A follower grants votes while it still honours the leader's lease, so a new leader is elected and commits while the old one still answers reads from its lease.",
    caughtBy: "Linearizability",
  },
];

const NAMES: ReadonlySet<string> = new Set([...raftBugs, ...raftLeaseBugs].map((b) => b.name));

/**
 * Whether `name` is one of Raft's defects (of {@link raftBugs} or {@link raftLeaseBugs}).
 *
 * @example
 * ```ts
 * isRaftBugName("commit_any_term"); // true
 * ```
 */
export function isRaftBugName(name: string): name is RaftBugName {
  return NAMES.has(name);
}
