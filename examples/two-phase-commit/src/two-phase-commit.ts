// Two-phase commit as a cx protocol plug-in, written against the published
// @cx/sim only: node 0 coordinates, the other nodes participate, clients are
// programs that ask what became of a transaction they lost track of.
import { defineProtocolPlugin, type NodeContext, type ProtocolVocabulary } from "@cx/sim";
import { AtomicityMonitor } from "./atomicity-monitor.js";
import { describeCommitMessage, type CommitMessage, type CommitStored, type TxOutput } from "./commit-terms.js";
import { Coordinator } from "./coordinator.js";
import { Participant } from "./participant.js";
import { txClient } from "./tx-client.js";

/**
 * Two-phase commit's own words, for stories and diagrams: the coordinator
 * leads in an incarnation (it boots again after every crash, knowing only
 * what it synced); the participants follow. There are no elections.
 */
export const twoPhaseCommitVocabulary: ProtocolVocabulary = {
  epoch: "incarnation",
  leader: "coordinator",
  follower: "participant",
};

/**
 * Two-phase commit as a cx protocol plug-in: `cx hunt --protocol
 * ./examples/two-phase-commit/src/index.ts --bugs forget_prepared` finds,
 * shrinks and tells a schedule that breaks it.
 *
 * Node 0 is the coordinator and the only node clients talk to (the
 * participants redirect them); every other node is a participant holding
 * some of the keys a transaction writes.
 */
export const protocolPlugin = defineProtocolPlugin({
  name: "two-phase-commit",
  version: "1.0.0",
  summary: "a coordinator commits a transaction only if every participant it touches votes yes, and recovers its decisions after a crash",
  defects: [
    {
      name: "answer_before_sync",
      mistake: "the coordinator answers the client before its decision is synced to disk, so a crash can make it presume the opposite",
      caughtBy: "AnsweredOutcome",
    },
    {
      name: "forget_prepared",
      mistake: "a participant does not write its yes vote to disk, so after a crash it cannot commit what it promised",
      caughtBy: "AnsweredOutcome",
    },
    { name: "commit_on_majority", mistake: "the coordinator commits once a majority of the nodes involved is for it, not every participant", caughtBy: "Atomicity" },
  ],
  protocol: (defects) => ({
    name: defects.length === 0 ? "two-phase-commit" : `two-phase-commit+${defects.join("+")}`,
    start: (ctx: NodeContext<CommitMessage, TxOutput, CommitStored>) =>
      ctx.id === 0
        ? new Coordinator(ctx, { answerBeforeSync: defects.includes("answer_before_sync"), commitOnMajority: defects.includes("commit_on_majority") })
        : new Participant(ctx, defects.includes("forget_prepared")),
    describeMessage: describeCommitMessage,
    vocabulary: twoPhaseCommitVocabulary,
  }),
  workload: txClient,
  monitors: () => [new AtomicityMonitor()],
  scenario: { clusterSize: 3 },
});
