import type { InvariantName } from "@cx/check";

/** The names of the seeded defects; each is one guard in the one Paxos implementation. */
export type PaxosDefectName =
  | "forget_promise_on_restart"
  | "ignore_promised_values"
  | "accept_lower_ballot"
  | "minority_quorum"
  | "stale_local_read"
  | "no_client_dedup"
  | "reply_before_sync"
  | PaxosMutantName;

/**
 * Defects kept for evaluating search, not offered as `--bugs` names (the
 * mutant benchmark, `bench/mutants.ts`): each is one guard like the others.
 */
export type PaxosMutantName =
  | "m_harvest_first_report"
  | "m_count_stale_accepts"
  | "m_recover_committed_only"
  | "m_learn_on_accept"
  | "m_promise_lower_ballot"
  | "m_recover_over_chosen"
  | "m_report_from_commit"
  | "m_ack_on_reject"
  | "m_count_stale_promises"
  | "m_persist_promise_on_new_round"
  | "m_recovery_stops_at_chosen";

/** One seeded defect: its name, the mistake in a sentence, and the property expected to catch it. */
export interface PaxosDefect {
  readonly name: PaxosDefectName;
  readonly mistake: string;
  readonly caughtBy: InvariantName;
}

/**
 * The defects @cx/paxos can switch on, in a stable order.
 *
 * When to use: listing them (`cx bugs --protocol paxos`), validating user
 * input, driving an experiment over every defect. `caughtBy` is the property
 * a hunt is expected to break first; another property may occasionally break
 * first on the same schedule.
 *
 * @example
 * ```ts
 * for (const d of paxosDefects) console.log(`${d.name}: ${d.mistake} (${d.caughtBy})`);
 * ```
 */
export const paxosDefects: readonly PaxosDefect[] = [
  {
    name: "forget_promise_on_restart",
    mistake: "An acceptor does not restore its promised ballot after a restart, so it accepts values of a ballot lower than one it promised before the crash.",
    caughtBy: "StateMachineSafety",
  },
  {
    name: "ignore_promised_values",
    mistake: "A new leader ignores the values acceptors report in their promises and proposes its own commands in those slots, overwriting values already chosen.",
    caughtBy: "LeaderCompleteness",
  },
  {
    name: "accept_lower_ballot",
    mistake: "An acceptor accepts an Accept whose ballot is lower than the one it promised, so a deposed leader can still get a value chosen behind the new leader's back.",
    caughtBy: "LeaderCompleteness",
  },
  {
    name: "minority_quorum",
    mistake: "A proposer counts half the cluster rounded down (a minority) as a quorum, in both phases, so two quorums need not intersect.",
    caughtBy: "LeaderCompleteness",
  },
  {
    name: "stale_local_read",
    mistake: "A leader answers reads from its own state machine without confirming it still leads (no slot chosen for the read); only linearizability sees it.",
    caughtBy: "Linearizability",
  },
  {
    name: "no_client_dedup",
    mistake: "The state machine keeps no per-client table of applied operations, so a client's retry chosen in a second slot is applied twice.",
    caughtBy: "DuplicateApply",
  },
  {
    name: "reply_before_sync",
    mistake: "An acceptor writes its promise and accepted values and answers Prepare and Accept at once, but syncs them only with its next heartbeat (a group commit): a crash in between makes it forget a promise or an acceptance it reported.",
    caughtBy: "LeaderCompleteness",
  },
];

const NAMES: ReadonlySet<string> = new Set(paxosDefects.map((d) => d.name));

/**
 * Whether `name` is one of the seeded defects.
 *
 * @example
 * ```ts
 * isPaxosDefectName("minority_quorum"); // true
 * ```
 */
export function isPaxosDefectName(name: string): name is PaxosDefectName {
  return NAMES.has(name);
}
