import type { ProtocolPlugin } from "@cx/sim";
import { definePaxosPlugin } from "./define-paxos-plugin.js";
import { paxosDefects } from "./defects.js";

/**
 * Multi-Paxos as a cx protocol plug-in: its seeded defects, the register
 * workload, @cx/check's replica monitor and Paxos's coverage probe. What
 * `cx --protocol paxos` runs.
 *
 * When to use: anywhere a tool takes a protocol plug-in. For the replica
 * figures of a run, use {@link runPaxos}.
 *
 * @example
 * ```ts
 * const target = protocolPlugin.createTarget({ defects: ["ignore_promised_values"] });
 * target.run(new GeneratedChoices(7)).violation; // { invariant: "LeaderCompleteness", ... } or null
 * ```
 */
export const protocolPlugin: ProtocolPlugin = definePaxosPlugin({
  name: "paxos",
  summary: "Multi-Paxos (ballots, a distinguished proposer, a replicated log, client at-most-once) with seven seeded defects",
  defects: paxosDefects,
});
