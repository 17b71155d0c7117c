/**
 * Paxos's mutant benchmark: defects kept for evaluating search, not offered
 * as `--bugs` names. Each is one guard in `src/paxos-node.ts`; none was the
 * reason for any part of the search or the shrinker. `@cx/eval`'s
 * `bench:search-power` loads this module by path:
 *
 *   pnpm --filter @cx/eval bench:search-power --protocol ../paxos/bench/mutants.ts
 */
import type { ProtocolPlugin } from "@cx/sim";
import { definePaxosPlugin, type PaxosDefect } from "../src/index.js";

/** The mutants, in a stable order. */
export const paxosMutants: readonly PaxosDefect[] = [
  { name: "m_harvest_first_report", mistake: "A new leader keeps, per slot, the first value a promise reports rather than the one of the highest ballot.", caughtBy: "StateMachineSafety" },
  { name: "m_count_stale_accepts", mistake: "A proposer counts acceptances of an earlier ballot of its own towards the value it proposes now.", caughtBy: "StateMachineSafety" },
  { name: "m_recover_committed_only", mistake: "A new leader re-proposes only up to its own commit index, so slots where promises reported accepted values get new values.", caughtBy: "StateMachineSafety" },
  { name: "m_learn_on_accept", mistake: "An acceptor treats the value of every Accept it takes as chosen.", caughtBy: "StateMachineSafety" },
  { name: "m_promise_lower_ballot", mistake: "An acceptor promises a proposer's lower ballot again after it promised a higher one.", caughtBy: "StateMachineSafety" },
  { name: "m_recover_over_chosen", mistake: "A new leader re-proposes slots it already learned were chosen, with no-ops where no promise reported a value.", caughtBy: "StateMachineSafety" },
  { name: "m_report_from_commit", mistake: "An acceptor's promise reports accepted values only above its own commit index, not from the slot the proposer asked for.", caughtBy: "StateMachineSafety" },
  { name: "m_ack_on_reject", mistake: "An acceptor that refuses an Accept of a lower ballot still answers ok, so the proposer counts it towards a quorum.", caughtBy: "StateMachineSafety" },
  { name: "m_count_stale_promises", mistake: "A candidate counts a promise that answers an earlier ballot of its own towards the quorum of its current ballot, though that acceptor may have accepted another leader's values since it promised.", caughtBy: "LeaderCompleteness" },
  { name: "m_persist_promise_on_new_round", mistake: "An acceptor writes a new promise to disk only when the ballot's round goes up, so after a crash it has forgotten a promise to a higher ballot of the same round and accepts the lower ballot it had refused.", caughtBy: "LeaderCompleteness" },
  { name: "m_recovery_stops_at_chosen", mistake: "A new leader re-proposing the slots its promises reported stops at the first slot it already knows is chosen instead of skipping it, so the slots after it are never proposed and it never finishes taking over.", caughtBy: "Liveness" },
];

/** Paxos with its mutants as the plug-in's defects. */
export const protocolPlugin: ProtocolPlugin = definePaxosPlugin({
  name: "paxos-mutants",
  version: "0.0.0",
  summary: "Multi-Paxos with the mutants of the search benchmark as its defects (evaluation only)",
  defects: paxosMutants,
});
