import { checkLinearizability, lockModel, type LockInput, type LockOutput, type Operation } from "@cx/check";
import type { ClusterView, FinishedRun, HistoryOperation, Monitor, NodeId, Observation, PropertyFailure, ViolationOperation } from "@cx/sim";
import { LEASE_MS, type LeaseInput, type LeaseOutput } from "./lease-terms.js";

type LeaseOperation = HistoryOperation<LeaseInput, LeaseOutput>;

/** Synthetic releases (leases that ran out) get client ids from here on, far from any real client's. */
const EXPIRY_CLIENT_BASE = 1_000_000;
const LINEARIZABILITY_BUDGET_STEPS = 1_000_000;

const operationSubject = (operation: LeaseOperation, role: ViolationOperation["role"] = "involved"): ViolationOperation => ({
  client: operation.client,
  seq: operation.seq,
  call: operation.call,
  role,
});

/** The acquire whose lease `client` believes live at `time`: granted, not released or given up since, asked for less than `LEASE_MS` before. */
export function liveLeaseAt(history: readonly LeaseOperation[], client: number, time: number): LeaseOperation | undefined {
  let current: LeaseOperation | undefined;
  for (const operation of history) {
    if (operation.client !== client) continue;
    if (operation.call > time) break;
    const { op } = operation.input;
    if (op === "write") continue;
    // Asking again, releasing or reading: the client no longer counts on its lease.
    current = op === "acquire" && operation.return !== null && operation.return <= time && typeof operation.output === "number" ? operation : undefined;
  }
  return current !== undefined && time < current.call + LEASE_MS ? current : undefined;
}

/**
 * The lease lock's properties, each checked the moment it can break:
 *
 * - FencingTokens (as an acquire returns): no token is granted twice, and a
 *   token is larger than every token granted before its acquire began;
 * - MutualExclusion (as an acquire returns in time to be used): no other
 *   client still counts on a live lease (its own timer, on the true clock,
 *   has not run out);
 * - FencedWrites (as the storage accepts a write): not under a token whose
 *   holder released it or that a newer grant has replaced;
 * - Linearizability (at the end): the history, with each lease that ran
 *   out as a release at the moment the storage learned of it, is one of
 *   `@cx/check`'s `lockModel`.
 */
export class LeaseMonitor implements Monitor<unknown, LeaseInput, LeaseOutput> {
  /** Answered acquires that were granted a token, in the order they returned. */
  private readonly grants: LeaseOperation[] = [];
  /** Releases the service accepted, by token. */
  private readonly releases = new Map<number, LeaseOperation>();
  /** Leases that ran out, as releases done at the moment the storage learned of them. */
  private readonly expiries: Operation<LockInput, LockOutput>[] = [];

  onOperation(operation: LeaseOperation, history: readonly LeaseOperation[]): PropertyFailure | undefined {
    if (operation.return === null) return undefined;
    const { input, output } = operation;
    if (input.op === "release" && output === true) this.releases.set(input.token, operation);
    if (input.op !== "acquire" || typeof output !== "number") return undefined;
    const failure = this.fencingTokens(operation, output) ?? this.mutualExclusion(operation, output, history);
    this.grants.push(operation);
    return failure;
  }

  onObservation(node: NodeId, observation: Observation, cluster: ClusterView<unknown>): PropertyFailure | undefined {
    const token = observation["token"];
    if (typeof token !== "number") return undefined;
    if (observation.kind === "fenced out") {
      this.expiries.push({ client: EXPIRY_CLIENT_BASE + this.expiries.length, call: cluster.time, return: cluster.time, input: { op: "release", token }, output: true });
      return undefined;
    }
    if (observation.kind !== "accepted write") return undefined;
    const write: ViolationOperation = { client: Number(observation["client"]), seq: Number(observation["seq"]), role: "involved" };
    const released = this.releases.get(token);
    if (released !== undefined) {
      return {
        invariant: "FencedWrites",
        message: `s${node} accepted client ${write.client}'s write under token ${token}, which client ${released.client} had released at t=${released.return}`,
        subjects: { property: "safety", nodes: [node], operations: [write, operationSubject(released)] },
      };
    }
    const newer = this.grants.find((g) => typeof g.output === "number" && g.output > token);
    if (newer === undefined) return undefined;
    return {
      invariant: "FencedWrites",
      message: `s${node} accepted client ${write.client}'s write under token ${token} after client ${newer.client} was granted token ${String(newer.output)} (t=${newer.return})`,
      subjects: { property: "safety", nodes: [node], operations: [write, operationSubject(newer)] },
    };
  }

  finish(run: FinishedRun<unknown, LeaseInput, LeaseOutput>): PropertyFailure | undefined {
    const operations: Operation<LockInput, LockOutput>[] = [...run.history, ...this.expiries];
    const result = checkLinearizability(lockModel, operations, { budgetSteps: LINEARIZABILITY_BUDGET_STEPS });
    if (result.verdict !== "illegal") return undefined;
    const { witness } = result;
    const blocked = witness.blocked.flatMap((b) => {
      const operation = run.history[b.index];
      return operation === undefined ? [] : [operationSubject(operation, b.legal ? "involved" : "unplaceable")];
    });
    return {
      invariant: "Linearizability",
      message: `no order of the lock operations (with ${this.expiries.length} lease${this.expiries.length === 1 ? "" : "s"} run out) explains the history after ${witness.prefix.length} of them`,
      subjects: { property: "safety", operations: blocked },
    };
  }

  private fencingTokens(operation: LeaseOperation, token: number): PropertyFailure | undefined {
    const twice = this.grants.find((g) => g.output === token);
    if (twice !== undefined) {
      return {
        invariant: "FencingTokens",
        message: `token ${token} was granted twice: to client ${twice.client} (t=${twice.return}) and to client ${operation.client} (t=${operation.return})`,
        subjects: { property: "safety", operations: [operationSubject(twice), operationSubject(operation)] },
      };
    }
    const newer = this.grants.find((g) => g.return !== null && g.return < operation.call && typeof g.output === "number" && g.output > token);
    if (newer === undefined) return undefined;
    return {
      invariant: "FencingTokens",
      message: `client ${operation.client} was granted token ${token} (t=${operation.return}) after client ${newer.client} was granted token ${String(newer.output)} (t=${newer.return})`,
      subjects: { property: "safety", operations: [operationSubject(newer), operationSubject(operation)] },
    };
  }

  private mutualExclusion(operation: LeaseOperation, token: number, history: readonly LeaseOperation[]): PropertyFailure | undefined {
    const time = operation.return ?? operation.call;
    // An answer that arrives after the lease it grants has run out (a retry answered late) is not counted on by its client.
    if (time >= operation.call + LEASE_MS) return undefined;
    const clients = new Set(history.map((o) => o.client));
    for (const client of clients) {
      if (client === operation.client) continue;
      const live = liveLeaseAt(history, client, time);
      if (live === undefined) continue;
      return {
        invariant: "MutualExclusion",
        message: `client ${operation.client} was granted token ${token} at t=${time} while client ${client}'s lease on token ${String(live.output)} (asked for at t=${live.call}) lasts until t=${live.call + LEASE_MS}`,
        subjects: { property: "safety", operations: [operationSubject(live), operationSubject(operation)] },
      };
    }
    return undefined;
  }
}
