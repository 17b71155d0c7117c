import type { HistoryOperation } from "../clients/history.js";
import type { ClientTurn, PastOperation } from "../clients/workload.js";
import type { ClientResponse, NodeId, ProtocolNode } from "../protocol.js";
import { EngineAssertionError } from "../engine-assertion.js";
import { nextOperationAt } from "./client-cadence.js";
import type { Network } from "./network.js";
import type { NodeSlot, WorldCore } from "./world-core.js";
import { EventKind, type ClientAttemptEvent, type ClientRequestEvent, type ClientResponseEvent, type TrackedRequest } from "./world-events.js";

/**
 * A redirected client waits this long before trying again. Redirects do not
 * count towards giving up (only timeouts do): during an election a client
 * may be redirected several times before a leader exists.
 */
const REDIRECT_PAUSE_MS = 20;

interface ClientState<Input> {
  readonly id: number;
  /** The calm phase's probe client: its one operation is the workload's probe. */
  readonly probe: boolean;
  readonly ops: number;
  seq: number;
  target: NodeId;
  /** Sends of the current operation so far: matches answers and timeouts to the latest send. */
  attempt: number;
  /** Timeouts of the current operation: the client gives up after `clientAttempts` of them. */
  timeouts: number;
  /** Index into the history of the operation in flight, or -1. */
  pending: number;
  input: Input | undefined;
  done: boolean;
}

/** An operation while the run goes on: its return and output are filled in when the answer comes. */
export interface MutableOperation<Input, Output> {
  client: number;
  seq: number;
  call: number;
  return: number | null;
  input: Input;
  output: Output | null;
}

/**
 * The world's sequential, at-most-once clients: each issues its operations
 * one at a time, retries the same (client, seq) on a timeout or a redirect,
 * gives up after `clientAttempts` timeouts (leaving the operation
 * indeterminate), and records every operation in the history.
 */
export class Clients<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>> {
  readonly history: MutableOperation<Input, Output>[] = [];
  /** The node that last answered a client: what targeted faults aim at. */
  focus: NodeId = 0;

  private readonly clients: ClientState<Input>[] = [];
  private readonly tracing: boolean;
  /** Operations each client issues (the scenario's, times the swarm profile's factor). */
  private opsPerClient = 0;

  constructor(
    private readonly core: WorldCore<Message, Input, Output, Persistent, Node>,
    private readonly network: Network<Message, Input, Output, Persistent, Node>,
  ) {
    this.tracing = core.setup.recordTrace;
  }

  /** Creates the scenario's clients (and the swarm profile's extra ones) and schedules their first operations. */
  start(): void {
    const { options, swarm } = this.core.setup;
    // A scenario without clients stays without: the swarm only adds to a workload that exists.
    const count = options.clients === 0 ? 0 : options.clients + swarm.extraClients;
    this.opsPerClient = options.opsPerClient * swarm.opsFactor;
    for (let c = 0; c < count; c++) {
      this.clients.push(newClient<Input>(c, { probe: false, ops: this.opsPerClient }));
      this.core.schedule.clientNext({ time: options.clientStartMs, client: c });
    }
  }

  /**
   * A probe client writes once in the calm phase, so liveness always has
   * something to commit even when every other client finished early.
   */
  startProbe(): void {
    const probe = newClient<Input>(this.clients.length, { probe: true, ops: 1 });
    this.clients.push(probe);
    this.next(probe.id);
  }

  allDone(): boolean {
    return this.clients.every((c) => c.done);
  }

  /** Client `c` starts its next operation, or is done. */
  next(c: number): void {
    const client = this.clients[c] as ClientState<Input>;
    if (client.seq >= client.ops) {
      client.done = true;
      this.core.maybeStop();
      return;
    }
    const { choices, workload } = this.core.setup;
    client.seq++;
    let input: Input;
    if (client.probe) {
      input = workload.probe(client.id, client.seq);
    } else {
      choices.startSpan("client operation");
      input = "react" in workload ? workload.react(choices, this.turnOf(client)) : workload.next(choices, client.id, client.seq);
      choices.endSpan();
    }
    client.input = input;
    client.attempt = 0;
    client.timeouts = 0;
    client.pending = this.history.length;
    this.history.push({ client: client.id, seq: client.seq, call: this.core.time, return: null, input, output: null });
    this.attempt(client);
  }

  /** A request reaches its node: handled if the node is up. */
  deliverRequest(event: ClientRequestEvent<Input>): void {
    const slot = this.core.slots[event.node] as NodeSlot<Node>;
    if (!slot.up || slot.node === undefined) return;
    this.core.setup.behaviours?.request(event.node, event.payload.input);
    try {
      slot.node.onClientRequest(event.payload);
    } catch (error) {
      this.core.nodeThrew(event.node, `a request of client ${event.payload.client}`, error);
    }
  }

  /** A node answers a request: the answer's fate is drawn like a message's. */
  sendResponse(node: NodeId, request: TrackedRequest<Input>, response: ClientResponse<Output>): void {
    const network = this.network;
    network.drawFate("client response");
    if (network.dropped) return;
    this.core.schedule.clientResponse({ time: this.core.time + network.delay, node, client: request.client, seq: request.seq, attempt: request.attempt, payload: response });
  }

  /** An answer arrives: an `ok` completes the operation; a redirect to the latest attempt makes the client retry elsewhere. */
  deliverResponse(arrived: ClientResponseEvent<Output>): void {
    const core = this.core;
    const client = this.clients[arrived.client];
    const response = arrived.payload;
    if (client === undefined || client.pending < 0 || client.seq !== arrived.seq) return;
    if (this.tracing) core.trace.push({ kind: "client-response", time: core.time, step: core.step, client: client.id, seq: client.seq, node: arrived.node, response });
    if (response.kind === "ok") {
      const operation = this.history[client.pending];
      // A pending operation has no answer yet: an answered one is no longer pending.
      if (operation === undefined || operation.return !== null) {
        throw new EngineAssertionError(`client ${client.id}'s pending operation ${client.pending} (seq ${client.seq}) is ${operation === undefined ? "not in the history" : `already answered at t=${operation.return}`}`);
      }
      operation.return = core.time;
      operation.output = response.output;
      client.pending = -1;
      client.target = arrived.node;
      this.focus = arrived.node;
      core.operationEnded(operation);
      this.scheduleNextOperation(client);
      return;
    }
    // Only the answer to the latest attempt redirects; a late one is stale.
    if (arrived.attempt !== client.attempt) return;
    client.target = response.leaderHint ?? (arrived.node + 1) % core.size;
    // A short pause before retrying: without a hint there may be no leader yet.
    core.schedule.clientAttempt({ kind: EventKind.ClientRetry, time: core.time + REDIRECT_PAUSE_MS, client: client.id, seq: client.seq, attempt: client.attempt });
  }

  /** A redirected client tries again, unless its operation has moved on. */
  retry(event: ClientAttemptEvent): void {
    const client = this.clients[event.client] as ClientState<Input>;
    if (client.pending >= 0 && client.seq === event.seq && client.attempt === event.attempt) this.attempt(client);
  }

  /** A client stops waiting for an attempt still in flight and tries the next node. */
  timeout(event: ClientAttemptEvent): void {
    const client = this.clients[event.client] as ClientState<Input>;
    if (client.pending < 0 || client.seq !== event.seq || client.attempt !== event.attempt) return;
    client.timeouts++;
    client.target = (client.target + 1) % this.core.size;
    this.attempt(client);
  }

  private attempt(client: ClientState<Input>): void {
    const core = this.core;
    const { options, workload } = core.setup;
    if (client.timeouts >= options.clientAttempts) {
      // Giving up leaves the operation indeterminate: it may yet take effect.
      if (this.tracing) core.trace.push({ kind: "client-give-up", time: core.time, step: core.step, client: client.id, seq: client.seq });
      const operation = this.history[client.pending];
      client.pending = -1;
      if (operation !== undefined) core.operationEnded(operation);
      this.scheduleNextOperation(client);
      return;
    }
    client.attempt++;
    const request: TrackedRequest<Input> = { client: client.id, seq: client.seq, input: client.input as Input, attempt: client.attempt };
    if (this.tracing) {
      core.trace.push({ kind: "client-call", time: core.time, step: core.step, client: client.id, seq: client.seq, node: client.target, operation: workload.describe(request.input), attempt: client.attempt });
    }
    const network = this.network;
    network.drawFate("client request");
    if (!network.dropped) core.schedule.clientRequest({ time: core.time + network.delay, node: client.target, payload: request });
    core.schedule.clientAttempt({ kind: EventKind.ClientTimeout, time: core.time + options.clientTimeoutMs, client: client.id, seq: client.seq, attempt: client.attempt });
  }

  /** What a client program sees before it picks its next operation: its own earlier operations and their answers, and the time. */
  private turnOf(client: ClientState<Input>): ClientTurn<Input, Output> {
    const history = this.history;
    let past: PastOperation<Input, Output>[] | undefined;
    return {
      client: client.id,
      seq: client.seq,
      now: this.core.time,
      // Built only when the program asks: a program may look at the time alone.
      get past() {
        past ??= history.filter((op) => op.client === client.id).map((op) => (op.return === null ? { input: op.input, answered: false as const } : { input: op.input, answered: true as const, output: op.output as Output }));
        return past;
      },
    };
  }

  private scheduleNextOperation(client: ClientState<Input>): void {
    const core = this.core;
    const { options, swarm, choices, cadence } = core.setup;
    // Operations are spread over the fault phase; the drawn pause (0 = none)
    // lets the search line them up against faults.
    // The swarm profile's pacing: bursts (each operation right after the last) or idle gaps (pauses ten times as long).
    const pacing = swarm.pacing;
    const pause = (pacing === 2 ? 100 : 10) * choices.draw(8, "client pause");
    const due = nextOperationAt(cadence, { nowMs: core.time, startMs: options.clientStartMs, seq: client.seq, ops: this.opsPerClient });
    const at = pacing === 1 ? core.time + 1 + pause : due + pause;
    core.schedule.clientNext({ time: at, client: client.id });
  }
}

function newClient<Input>(id: number, kind: { probe: boolean; ops: number }): ClientState<Input> {
  return { id, probe: kind.probe, ops: kind.ops, seq: 0, target: 0, attempt: 0, timeouts: 0, pending: -1, input: undefined, done: false };
}

/** The history, frozen for the result. */
export function frozenHistory<Input, Output>(history: readonly MutableOperation<Input, Output>[]): HistoryOperation<Input, Output>[] {
  return history.map((op) => ({ ...op }));
}
