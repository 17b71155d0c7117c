// Viewstamped Replication Revisited as a cx protocol plug-in, written against
// the published @cx/sim and @cx/check only: a primary per view orders client
// requests, backups take over through view changes, and a client table keeps
// retried requests from running twice.
import { createReplicaMonitor, registerModel, type Operation, type RegisterState } from "@cx/check";
import { defineProtocolPlugin, registerWorkload, type NodeContext, type ProtocolDefect, type ProtocolVocabulary, type RegisterInput, type RegisterOutput } from "@cx/sim";
import { VrReplica, type VrDefects } from "./replica.js";
import { vrClusterViews } from "./replica-view.js";
import { describeVrMessage, type VrMessage, type VrStored } from "./vr-terms.js";

/** VR's own words for stories and diagrams: views, a primary per view, backups, view changes. */
export const vrVocabulary: ProtocolVocabulary = {
  epoch: "view",
  leader: "primary",
  follower: "backup",
  candidate: "view changer",
  campaign: ["starts a view change", "start a view change"],
  support: ["backs", "back", "backing"],
};

/** The seeded defects, each one guard of the correct protocol, with the property expected to catch it. */
export const vrDefects = [
  {
    name: "longest_log_wins",
    mistake: "the new primary adopts the longest log of the DoViewChange messages, ignoring their last normal view",
    caughtBy: "LeaderCompleteness",
  },
  {
    name: "ack_before_persist",
    mistake: "a backup sends PrepareOK once the op is written, before it is synced to disk, so a crash can lose an op the primary counted",
    caughtBy: "LeaderCompleteness",
  },
  { name: "accept_stale_prepare", mistake: "a backup accepts and answers a Prepare from the primary of an older view", caughtBy: "StateMachineSafety" },
  {
    name: "count_duplicate_prepare_oks",
    mistake: "the primary counts a backup's repeated PrepareOK for an op again, so it commits with fewer replicas than a majority",
    caughtBy: "LeaderCompleteness",
  },
  {
    name: "skip_view_change_quorum",
    mistake: "the new primary starts its view on the first DoViewChange it gets instead of waiting for a majority",
    caughtBy: "LeaderCompleteness",
  },
  { name: "no_client_table", mistake: "no client table: a retried request gets a new op-number and is executed again", caughtBy: "DuplicateApply" },
] as const satisfies readonly ProtocolDefect[];

/** A seeded defect's name. */
export type VrDefectName = (typeof vrDefects)[number]["name"];

/** The replica's switches for a list of defect names (already validated by the plug-in). */
export function vrDefectFlags(defects: readonly string[]): VrDefects {
  const on = (name: VrDefectName): boolean => defects.includes(name);
  return {
    longestLogWins: on("longest_log_wins"),
    ackBeforePersist: on("ack_before_persist"),
    acceptStalePrepare: on("accept_stale_prepare"),
    countDuplicatePrepareOks: on("count_duplicate_prepare_oks"),
    skipViewChangeQuorum: on("skip_view_change_quorum"),
    noClientTable: on("no_client_table"),
  };
}

/** An operation as violation messages name it: `client 1's read -> "0.1" [600..624 ms]`. */
function describeOperation(op: Operation<RegisterInput, RegisterOutput>): string {
  const answer = op.return === null ? "never answered" : op.input.op === "write" ? "ok" : JSON.stringify(op.output);
  return `client ${op.client}'s ${registerWorkload.describe(op.input)} -> ${answer} [${op.call}..${op.return ?? "?"} ms]`;
}

/**
 * Viewstamped Replication Revisited as a cx protocol plug-in: `cx hunt
 * --protocol ./examples/viewstamped-replication/src/viewstamped-replication.ts
 * --bugs longest_log_wins` finds, shrinks and tells a schedule that breaks it.
 *
 * Replica `v mod n` is the primary of view v (s0 of view 0, where every run
 * starts); clients read and write one register through it. @cx/check's
 * replica monitor checks the logs as the replicas report them (a view is a
 * "term") and the client history's linearizability.
 */
export const protocolPlugin = defineProtocolPlugin({
  name: "viewstamped-replication",
  version: "1.0.0",
  summary: "Viewstamped Replication Revisited: a primary per view, view changes that keep every committed op, and a client table",
  defects: vrDefects,
  protocol: (defects) => ({
    name: defects.length === 0 ? "viewstamped-replication" : `viewstamped-replication+${defects.join("+")}`,
    start: (ctx: NodeContext<VrMessage, RegisterOutput, VrStored>) => new VrReplica(ctx, vrDefectFlags(defects)),
    describeMessage: describeVrMessage,
    vocabulary: vrVocabulary,
  }),
  workload: registerWorkload,
  monitors: () => [createReplicaMonitor<RegisterState, RegisterInput, RegisterOutput>({ model: registerModel, describeOperation })],
  replicaViews: vrClusterViews,
});
