import type { ClusterView, FinishedRun, HistoryOperation, Monitor, NodeId, Observation, PropertyFailure, ViolationOperation } from "@cx/sim";
import { participantsOf, type Outcome, type TxInput, type TxOutput } from "./commit-terms.js";

type TxOperation = HistoryOperation<TxInput, TxOutput>;

const OUTCOMES: Readonly<Record<string, Outcome>> = { commits: "commit", aborts: "abort" };
/**
 * How long the participants get, after an answer and after the calm phase
 * began, to learn a decision before its absence counts (five of the
 * coordinator's resend periods): a run may end a moment after an answer.
 */
const SETTLE_MS = 500;

const toldOutcome = (output: TxOutput): Outcome => (output === "committed" ? "commit" : "abort");

/** The commit operation that started `tx` (named `client.seq`), as a violation's subject. */
function transactionSubject(tx: string): ViolationOperation[] {
  const [client, seq] = tx.split(".").map(Number);
  return client === undefined || seq === undefined || !Number.isInteger(client) || !Number.isInteger(seq) ? [] : [{ client, seq, role: "involved" }];
}

/**
 * Two-phase commit's properties, each checked the moment it can break:
 *
 * - Atomicity (as a participant records an outcome): no transaction is
 *   committed at one participant and aborted at another;
 * - AnsweredOutcome (as a participant records an outcome, and as a client
 *   is answered): what a client is told is what the participants do, and
 *   two answers about one transaction agree;
 * - CommittedEverywhere (at the end): a transaction a client was told is
 *   committed is committed at every participant it touches, once the
 *   participants had a calm while (`SETTLE_MS`) to learn of it.
 */
export class AtomicityMonitor implements Monitor<unknown, TxInput, TxOutput> {
  /** Each transaction's outcome at each participant that recorded one. */
  private readonly outcomes = new Map<string, Map<NodeId, Outcome>>();
  /** The first answer a client got about each transaction. */
  private readonly answers = new Map<string, TxOperation>();

  onObservation(node: NodeId, observation: Observation, _cluster: ClusterView<unknown>): PropertyFailure | undefined {
    const outcome = OUTCOMES[observation.kind];
    const tx = observation["tx"];
    if (outcome === undefined || typeof tx !== "string") return undefined;
    const recorded = this.outcomes.get(tx) ?? new Map<NodeId, Outcome>();
    this.outcomes.set(tx, recorded);
    recorded.set(node, outcome);
    const other = [...recorded].find(([, o]) => o !== outcome);
    if (other !== undefined) {
      return {
        invariant: "Atomicity",
        message: `transaction ${tx} ${outcome === "commit" ? "commits" : "aborts"} at s${node} but ${other[1] === "commit" ? "committed" : "aborted"} at s${other[0]}`,
        subjects: { property: "safety", nodes: [other[0], node], operations: transactionSubject(tx) },
      };
    }
    const answer = this.answers.get(tx);
    if (answer === undefined || answer.output === null || toldOutcome(answer.output) === outcome) return undefined;
    return this.answeredOutcome(tx, answer, `s${node} ${outcome === "commit" ? "commits" : "aborts"} it`);
  }

  onOperation(operation: TxOperation): PropertyFailure | undefined {
    if (operation.return === null || operation.output === null) return undefined;
    const { tx } = operation.input;
    const told = toldOutcome(operation.output);
    const earlier = this.answers.get(tx);
    if (earlier === undefined) this.answers.set(tx, operation);
    else if (earlier.output !== operation.output) return this.answeredOutcome(tx, operation, `client ${earlier.client} was told it ${String(earlier.output)} at t=${earlier.return}`);
    const against = [...(this.outcomes.get(tx) ?? [])].find(([, o]) => o !== told);
    if (against === undefined) return undefined;
    return this.answeredOutcome(tx, operation, `it ${against[1] === "commit" ? "committed" : "aborted"} at s${against[0]}`);
  }

  finish(run: FinishedRun<unknown, TxInput, TxOutput>): PropertyFailure | undefined {
    const calmFrom = run.calmStartedAt;
    if (calmFrom === null) return undefined;
    for (const [tx, answer] of this.answers) {
      if (answer.output !== "committed" || answer.return === null || run.cluster.time - Math.max(answer.return, calmFrom) < SETTLE_MS) continue;
      const commit = run.history.find((o) => o.input.op === "commit" && o.input.tx === tx);
      if (commit === undefined || commit.input.op !== "commit") continue;
      const recorded = this.outcomes.get(tx);
      const missing = participantsOf(commit.input.keys, run.cluster.size).filter((p) => recorded?.get(p) !== "commit");
      if (missing.length === 0) continue;
      return {
        invariant: "CommittedEverywhere",
        message: `client ${answer.client} was told transaction ${tx} committed (t=${answer.return}), but by the end ${missing.map((p) => `s${p}`).join(" and ")} ${missing.length === 1 ? "has" : "have"} not committed it`,
        subjects: { nodes: missing, operations: [...transactionSubject(tx), { client: answer.client, seq: answer.seq, role: "involved" }] },
      };
    }
    return undefined;
  }

  private answeredOutcome(tx: string, answer: TxOperation, but: string): PropertyFailure {
    return {
      invariant: "AnsweredOutcome",
      message: `client ${answer.client} was told transaction ${tx} ${String(answer.output)} (t=${answer.return}), but ${but}`,
      subjects: { property: "safety", operations: [...transactionSubject(tx), { client: answer.client, seq: answer.seq, role: "involved" }] },
    };
  }
}
