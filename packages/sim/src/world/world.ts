import type { HistoryOperation } from "../clients/history.js";
import type { NodeId, Observation, ProtocolNode } from "../protocol.js";
import { EngineAssertionError, isEngineAssertion } from "../engine-assertion.js";
import { RunLimitError } from "../scenario/run-limits.js";
import { isNodeEnvironmentError } from "../node-environment-error.js";
import type { Violation } from "../violation.js";
import { Clients, frozenHistory, type MutableOperation } from "./clients.js";
import type { ClusterView } from "./cluster-view.js";
import { ClusterNodes } from "./cluster-nodes.js";
import { calmProfile, type FaultProfile } from "./fault-profile.js";
import { Faults } from "./faults.js";
import type { Monitor, PropertyFailure } from "./monitor.js";
import { Network } from "./network.js";
import { NodeClocks } from "./node-clocks.js";
import type { TraceEvent } from "./trace.js";
import type { NodeSlot, WorldCore } from "./world-core.js";
import { EventKind, WorldSchedule, type WorldEvent } from "./world-events.js";
import type { WorldSetup } from "./world-setup.js";

export type { WorldSetup } from "./world-setup.js";

/**
 * The invariant of a run stopped because a node's handler threw: an
 * implementation that crashes on some schedule is a finding like any other
 * (it reproduces and shrinks), never an error of the tool.
 */
export const HANDLER_ERROR = "HandlerError";

/**
 * The simulated world: a virtual clock (and each node's own, drifting from
 * it when the scenario draws clocks), an event queue ordered by (time,
 * sequence number), a hostile network, crashes and partitions, sequential
 * clients. Every decision it makes is drawn from the choice sequence, with
 * 0 the calm outcome. The world runs the event loop and the monitors; its
 * parts (`Network`, `Faults`, `Clients`, `ClusterNodes`) handle the events.
 */
export class World<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>>
  implements ClusterView<Node>, WorldCore<Message, Input, Output, Persistent, Node>
{
  readonly size: number;
  time = 0;
  step = 0;
  phase: "fault" | "calm" = "fault";

  readonly trace: TraceEvent[] = [];
  readonly history: MutableOperation<Input, Output>[];
  readonly coverage: number[] = [];
  violation: Violation | null = null;
  calmStartedAt: number | null = null;
  events = 0;
  profile: FaultProfile;

  readonly schedule: WorldSchedule<Message, Input, Output>;
  readonly slots: NodeSlot<Node>[] = [];
  readonly clocks: NodeClocks;
  private readonly network: Network<Message, Input, Output, Persistent, Node>;
  private readonly clients: Clients<Message, Input, Output, Persistent, Node>;
  private readonly nodes: ClusterNodes<Message, Input, Output, Persistent, Node>;
  private readonly faults: Faults<Message, Input, Output, Persistent, Node>;
  /** When the coverage probe was last sampled (simulated ms; the first tick samples). */
  private sampledAt = -Infinity;
  private calmMinReached = false;
  private stopped = false;
  /** The trace ends at the violation: effects later in the same step are cut off. */
  private traceEnd = -1;
  private readonly afterStepMonitors: Monitor<Node, Input, Output>[];
  private readonly observationMonitors: Monitor<Node, Input, Output>[];
  private readonly operationMonitors: Monitor<Node, Input, Output>[];
  /** An observation monitor is running (see `nodeThrew`). */
  private inMonitor = false;

  constructor(readonly setup: WorldSetup<Message, Input, Output, Persistent, Node>) {
    this.size = setup.clusterSize;
    this.profile = setup.profile;
    this.schedule = new WorldSchedule();
    this.clocks = new NodeClocks(this);
    this.network = new Network(this);
    this.clients = new Clients(this, this.network);
    this.nodes = new ClusterNodes(this, { network: this.network, clients: this.clients });
    this.faults = new Faults(this, { network: this.network, nodes: this.nodes, clients: this.clients });
    this.history = this.clients.history;
    this.afterStepMonitors = setup.monitors.filter((m) => m.afterStep !== undefined);
    this.observationMonitors = setup.monitors.filter((m) => m.onObservation !== undefined);
    this.operationMonitors = setup.monitors.filter((m) => m.onOperation !== undefined);
  }

  // ---- ClusterView -------------------------------------------------------

  node(id: NodeId): Node | undefined {
    return this.slots[id]?.node;
  }

  isUp(id: NodeId): boolean {
    return this.slots[id]?.up === true;
  }

  persisted(id: NodeId): unknown {
    return this.slots[id]?.persisted;
  }

  isBlocked(from: NodeId, to: NodeId): boolean {
    return this.network.isBlocked(from, to);
  }

  get blockedLinks(): number {
    return this.network.blockedLinks;
  }

  /** Messages sent so far, client requests and answers included. */
  get messages(): number {
    return this.network.messages;
  }

  // ---- the run -----------------------------------------------------------

  run(): void {
    const { options } = this.setup;
    for (let id = 0; id < this.size; id++) {
      this.slots.push({ node: undefined, up: true, epoch: 0, lostSendsBelow: 0, timers: new Map(), persisted: undefined, unsynced: undefined, storageFault: null });
    }
    this.clocks.traceSetup();
    for (let id = 0; id < this.size; id++) this.nodes.boot(id);
    this.clients.start();
    this.faults.start();
    this.schedule.clock({ kind: EventKind.Calm, time: options.faultPhaseMs });
    this.schedule.clock({ kind: EventKind.CalmMin, time: options.faultPhaseMs + options.calmMinMs });
    this.schedule.clock({ kind: EventKind.End, time: options.faultPhaseMs + options.calmMaxMs });
    this.loop();
    this.retire();
    if (this.violation !== null) {
      this.trace.length = this.traceEnd;
      return;
    }
    this.sampleCoverage();
    for (const monitor of this.setup.monitors) {
      const failure = monitor.finish?.({ cluster: this, history: this.history, calmStartedAt: this.calmStartedAt });
      if (failure !== undefined) {
        this.fail(failure);
        break;
      }
    }
  }

  /** The event loop: one event a step, the after-step monitors after each, until the run stops, fails or runs out of events. */
  private loop(): void {
    const schedule = this.schedule;
    const afterStep = this.afterStepMonitors;
    const { maxEvents, maxSimulatedMs, maxEventsPerInstant } = this.setup.limits;
    let sameInstant = 0;
    while (!this.stopped && this.violation === null) {
      const event = schedule.next();
      if (event === undefined) break;
      if (event.time < this.time) throw new EngineAssertionError(`the clock went back: an event of kind ${event.kind} at t=${event.time} came after t=${this.time} (step ${this.step})`);
      sameInstant = event.time === this.time ? sameInstant + 1 : 0;
      this.time = event.time;
      this.events++;
      if (this.events > maxEvents || event.time > maxSimulatedMs || sameInstant > maxEventsPerInstant) {
        this.retire();
        throw new RunLimitError(this.events > maxEvents ? "events" : event.time > maxSimulatedMs ? "simulated-time" : "stalled-clock", this.time, this.events);
      }
      this.dispatch(event);
      schedule.recycle(event);
      if (afterStep.length > 0 && this.violation === null) {
        for (const monitor of afterStep) {
          const failure = monitor.afterStep?.(this);
          if (failure !== undefined) {
            this.fail(failure);
            break;
          }
        }
      }
      this.step++;
    }
  }

  /** Ends the run's hold on its schedule; the queue goes to the next world. */
  private retire(): void {
    // Every context goes stale, as after a crash: a node poked after the run
    // must not push events into a queue that another world now uses.
    for (const slot of this.slots) slot.epoch++;
    this.schedule.retire();
  }

  private dispatch(event: WorldEvent<Message, Input, Output>): void {
    switch (event.kind) {
      case EventKind.Deliver:
        return this.network.deliver(event);
      case EventKind.Timer:
        return this.nodes.fireTimer(event);
      case EventKind.ClientRequest:
        this.clients.deliverRequest(event);
        return this.faults.afterClientRequest(event.node);
      case EventKind.ClientResponse:
        return this.clients.deliverResponse(event);
      case EventKind.ClientTimeout:
        return this.clients.timeout(event);
      case EventKind.ClientNext:
        return this.clients.next(event.client);
      case EventKind.ClientRetry:
        return this.clients.retry(event);
      case EventKind.FaultTick:
        return this.faults.tick();
      case EventKind.FaultAt:
        return this.faults.applyLate(event);
      case EventKind.Restart:
        return this.nodes.restartDue(event);
      case EventKind.Heal:
        return this.faults.healDue(event);
      case EventKind.Calm:
        return this.enterCalm();
      case EventKind.CalmMin:
        this.calmMinReached = true;
        this.maybeStop();
        return;
      case EventKind.End:
        this.stopped = true;
        return;
    }
  }

  private fail(failure: PropertyFailure): void {
    if (this.violation !== null) return;
    this.violation = { invariant: failure.invariant, message: failure.message, time: this.time, step: this.step, ...(failure.subjects === undefined ? {} : { subjects: failure.subjects }) };
    if (this.setup.recordTrace) this.trace.push({ kind: "violation", time: this.time, step: this.step, violation: this.violation });
    this.traceEnd = this.trace.length;
  }

  observe(id: NodeId, observation: Observation): void {
    if (this.setup.recordTrace) this.trace.push({ kind: "observation", time: this.time, step: this.step, node: id, observation });
    if (this.violation !== null) return;
    // Monitors run inside the node's handler: an error they throw must not pass for the node's.
    this.inMonitor = true;
    for (const monitor of this.observationMonitors) {
      const failure = monitor.onObservation?.(id, observation, this);
      if (failure !== undefined) {
        this.fail(failure);
        break;
      }
    }
    this.inMonitor = false;
  }

  operationEnded(operation: HistoryOperation<Input, Output>): void {
    if (this.violation !== null) return;
    for (const monitor of this.operationMonitors) {
      const failure = monitor.onOperation?.(operation, this.history, this);
      if (failure !== undefined) {
        this.fail(failure);
        break;
      }
    }
  }

  nodeThrew(id: NodeId, handling: string, error: unknown): void {
    if (this.inMonitor || isEngineAssertion(error) || isNodeEnvironmentError(error)) throw error;
    const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.fail({ invariant: HANDLER_ERROR, message: `s${id} threw while handling ${handling}: ${what}`, subjects: { nodes: [id] } });
  }

  private enterCalm(): void {
    this.sampleCoverage();
    this.phase = "calm";
    this.calmStartedAt = this.time;
    this.profile = calmProfile(this.profile);
    this.network.calm();
    if (this.setup.recordTrace) this.trace.push({ kind: "phase", time: this.time, step: this.step, phase: "calm" });
    this.faults.calm();
    this.clients.startProbe();
  }

  sampleCoverageAtTick(): void {
    if (this.setup.coverage === undefined || this.time < this.sampledAt + this.setup.options.faultTickMs) return;
    this.sampleCoverage();
  }

  sampleCoverage(): void {
    const probe = this.setup.coverage;
    if (probe === undefined) return;
    this.sampledAt = this.time;
    // The probe (runScenario's coverage recorder) hands over only features new to the run.
    for (const feature of probe(this)) this.coverage.push(feature);
  }

  maybeStop(): void {
    if (this.calmMinReached && this.clients.allDone()) this.stopped = true;
  }

  /** The history, frozen for the result. */
  frozenHistory(): HistoryOperation<Input, Output>[] {
    return frozenHistory(this.history);
  }
}
