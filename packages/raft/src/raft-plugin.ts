import type { ProtocolPlugin } from "@cx/sim";
import { raftBugs } from "./bugs.js";
import { defineRaftPlugin } from "./define-raft-plugin.js";

/**
 * Raft as a cx protocol plug-in: its nine defects, the register workload,
 * @cx/check's replica monitor, Raft's coverage probe and its replica views. What `cx --protocol
 * raft`, the experiment and @cx/vitest run.
 *
 * When to use: anywhere a tool takes a protocol plug-in. For Raft-specific
 * figures (`RaftRunResult.raft`), use {@link runRaft}.
 *
 * @example
 * ```ts
 * const target = protocolPlugin.createTarget({ defects: ["vote_twice_in_term"] });
 * target.run(new GeneratedChoices(7)).violation; // { invariant: "ElectionSafety", ... } or null
 * ```
 */
export const protocolPlugin: ProtocolPlugin = defineRaftPlugin({
  name: "raft",
  summary: "Raft (leader election, log replication, client at-most-once) with nine seeded defects",
  defects: raftBugs,
});
