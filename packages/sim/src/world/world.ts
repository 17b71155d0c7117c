import type { ChoiceSource } from "../choices/choice-source.js";
import type { HistoryOperation } from "../clients/history.js";
import type { Workload } from "../clients/workload.js";
import type { ClientRequest, ClientResponse, NodeContext, NodeId, Observation, Protocol, ProtocolNode } from "../protocol.js";
import type { ScenarioOptions } from "../scenario/options.js";
import { RunLimitError, type RunLimits } from "../scenario/run-limits.js";
import type { Violation } from "../violation.js";
import type { ClusterView } from "./cluster-view.js";
import { EventQueue } from "./event-queue.js";
import { calmProfile, type FaultProfile } from "./fault-profile.js";
import type { Monitor, PropertyFailure } from "./monitor.js";
import { buildPartition, drawPartitionShape, type PartitionDraw } from "./partition.js";
import type { SwarmProfile } from "./swarm-profile.js";
import type { MessageFate, TraceEvent } from "./trace.js";

// Event kinds, as small integers so the hot loop stays monomorphic.
const DELIVER = 0;
const TIMER = 1;
const CLIENT_REQUEST = 2;
const CLIENT_RESPONSE = 3;
const CLIENT_TIMEOUT = 4;
const CLIENT_NEXT = 5;
const FAULT_TICK = 6;
const RESTART = 7;
const HEAL = 8;
const CALM = 9;
const CALM_MIN = 10;
const END = 11;
const CLIENT_RETRY = 12;
const FAULT_AT = 13;

/** A held message (see `SwarmProfile.holdPercent`) waits `HOLD_STEP_MS * (1 + draw(HOLD_STEPS))` beyond the longest ordinary delay. */
const HOLD_STEP_MS = 100;
const HOLD_STEPS = 30;

/** A fault tick's decisions, applied later in the tick when the swarm profile puts faults off the tick's first millisecond. */
interface TickFaults {
  readonly crash: boolean;
  readonly crashNode: NodeId;
  readonly downMs: number;
  readonly split: boolean;
  readonly drawn: PartitionDraw;
  readonly healMs: number;
}

/**
 * A redirected client waits this long before trying again. Redirects do not
 * count towards giving up (only timeouts do): during an election a client
 * may be redirected several times before a leader exists.
 */
const REDIRECT_PAUSE_MS = 20;

/**
 * One scheduled event. Fields a/b/c/d/payload mean different things per kind
 * (see `dispatch`); one shape for all kinds keeps the hot loop monomorphic.
 * Mutable because the world recycles them (see `World.schedule`).
 */
interface SimEvent {
  time: number;
  kind: number;
  a: number;
  b: number;
  c: number;
  d: number;
  payload: unknown;
}

interface NodeSlot<Node> {
  node: Node | undefined;
  up: boolean;
  /** Bumped by every crash: timers and replies of an older boot are ignored. */
  epoch: number;
  /** The live token per timer name; 0 means none (entries are zeroed, not deleted: a Map shrinking on delete allocates). */
  timers: Map<string, number>;
  persisted: unknown;
}

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

/** A request as the world tracks it; nodes see it as a plain ClientRequest. */
interface TrackedRequest<Input> extends ClientRequest<Input> {
  readonly attempt: number;
}

interface MutableOperation<Input, Output> {
  client: number;
  seq: number;
  call: number;
  return: number | null;
  input: Input;
  output: Output | null;
}

/**
 * Queues and event objects of finished runs, reused by the next world:
 * a run's ring buckets and events were a fifth of what it allocated, and
 * allocation (memory bandwidth), not CPU, is what keeps two workers from
 * scaling on a small machine. A queue is taken out while a world runs, so
 * worlds running inside worlds never share one.
 */
interface IdleQueue {
  readonly queue: EventQueue<SimEvent>;
  readonly spare: SimEvent[];
}
const idleQueues: IdleQueue[] = [];
/** Enough for nested worlds; beyond it a finished world's queue is left to the GC. */
const MAX_IDLE_QUEUES = 4;

/** How the world is set up for one run. */
export interface WorldSetup<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>> {
  readonly protocol: Protocol<Message, Input, Output, Persistent, Node>;
  readonly workload: Workload<Input>;
  readonly choices: ChoiceSource;
  readonly options: ScenarioOptions;
  readonly clusterSize: number;
  readonly profile: FaultProfile;
  /** The run's swarm profile (`calmSwarm` for the world as it was before swarm profiles). */
  readonly swarm: SwarmProfile;
  readonly monitors: readonly Monitor<Node, Input, Output>[];
  /** The protocol side's coverage probe: one feature, or several, per sample. */
  readonly coverage: ((cluster: ClusterView<Node>) => number | readonly number[]) | undefined;
  readonly recordTrace: boolean;
  /** Caps that end a runaway run with a RunLimitError. */
  readonly limits: RunLimits;
}

/**
 * The simulated world: a virtual clock, an event queue ordered by (time,
 * sequence number), a hostile network, crashes and partitions, sequential
 * clients. Every decision it makes is drawn from the choice sequence, with
 * 0 the calm outcome.
 */
export class World<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>> implements ClusterView<Node> {
  readonly size: number;
  time = 0;
  step = 0;
  phase: "fault" | "calm" = "fault";
  blockedLinks = 0;

  readonly trace: TraceEvent[] = [];
  readonly history: MutableOperation<Input, Output>[] = [];
  readonly coverage: number[] = [];
  violation: Violation | null = null;
  calmStartedAt: number | null = null;
  messages = 0;
  events = 0;

  private readonly queue: EventQueue<SimEvent>;
  /**
   * Events already dispatched, ready for reuse: allocating one per message
   * and timer was a fifth of all a run allocated. Nothing keeps an event
   * after its dispatch (the queue drops it when popped), so reuse is safe.
   */
  private readonly spareEvents: SimEvent[];
  private readonly slots: NodeSlot<Node>[] = [];
  private readonly blocked: Uint8Array;
  private readonly clients: ClientState<Input>[] = [];
  private readonly coverageSeen = new Set<number>();
  private profile: FaultProfile;
  /** The swarm profile's hold chance, 0 once the calm phase begins. */
  private holdPercent: number;
  /** Operations each client issues (the scenario's, times the swarm profile's factor). */
  private opsPerClient = 0;
  /** The node that last answered a client: what targeted faults aim at. */
  private focus: NodeId = 0;
  private partitionId = 0;
  private partitionActive = false;
  private timerToken = 0;
  private messageId = 0;
  private calmMinReached = false;
  private stopped = false;
  // The last drawFate's outcome (see drawFate).
  private fateDropped = false;
  private fateDuplicated = false;
  private fateDelay = 0;
  /** The trace ends at the violation: effects later in the same step are cut off. */
  private traceEnd = -1;
  private readonly afterStepMonitors: Monitor<Node, Input, Output>[];
  private readonly observationMonitors: Monitor<Node, Input, Output>[];

  constructor(private readonly setup: WorldSetup<Message, Input, Output, Persistent, Node>) {
    this.size = setup.clusterSize;
    this.profile = setup.profile;
    this.holdPercent = setup.swarm.holdPercent;
    this.blocked = new Uint8Array(this.size * this.size);
    const idle = idleQueues.pop();
    this.queue = idle?.queue ?? new EventQueue<SimEvent>();
    this.spareEvents = idle?.spare ?? [];
    this.afterStepMonitors = setup.monitors.filter((m) => m.afterStep !== undefined);
    this.observationMonitors = setup.monitors.filter((m) => m.onObservation !== undefined);
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
    return this.blocked[from * this.size + to] === 1;
  }

  // ---- the run -----------------------------------------------------------

  run(): void {
    const { options } = this.setup;
    for (let id = 0; id < this.size; id++) {
      this.slots.push({ node: undefined, up: true, epoch: 0, timers: new Map(), persisted: undefined });
    }
    for (let id = 0; id < this.size; id++) this.boot(id);
    const { swarm } = this.setup;
    // A scenario without clients stays without: the swarm only adds to a workload that exists.
    const clients = options.clients === 0 ? 0 : options.clients + swarm.extraClients;
    this.opsPerClient = options.opsPerClient * swarm.opsFactor;
    for (let c = 0; c < clients; c++) {
      this.clients.push({ id: c, probe: false, ops: this.opsPerClient, seq: 0, target: 0, attempt: 0, timeouts: 0, pending: -1, input: undefined, done: false });
      this.schedule(options.clientStartMs, CLIENT_NEXT, c);
    }
    const tickMs = this.tickMs();
    for (let t = tickMs; t < options.faultPhaseMs; t += tickMs) this.schedule(t, FAULT_TICK);
    this.schedule(options.faultPhaseMs, CALM);
    this.schedule(options.faultPhaseMs + options.calmMinMs, CALM_MIN);
    this.schedule(options.faultPhaseMs + options.calmMaxMs, END);

    const queue = this.queue;
    const spare = this.spareEvents;
    const afterStep = this.afterStepMonitors;
    const { maxEvents, maxSimulatedMs, maxEventsPerInstant } = this.setup.limits;
    let sameInstant = 0;
    while (!this.stopped && this.violation === null) {
      const event = queue.pop();
      if (event === undefined) break;
      sameInstant = event.time === this.time ? sameInstant + 1 : 0;
      this.time = event.time;
      this.events++;
      if (this.events > maxEvents || event.time > maxSimulatedMs || sameInstant > maxEventsPerInstant) {
        this.retireQueue();
        throw new RunLimitError(this.events > maxEvents ? "events" : event.time > maxSimulatedMs ? "simulated-time" : "stalled-clock", this.time, this.events);
      }
      this.dispatch(event);
      event.payload = undefined;
      spare.push(event);
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
    this.retireQueue();
    if (this.violation !== null) {
      this.trace.length = this.traceEnd;
      return;
    }
    {
      this.sampleCoverage();
      for (const monitor of this.setup.monitors) {
        const failure = monitor.finish?.({ cluster: this, history: this.history, calmStartedAt: this.calmStartedAt });
        if (failure !== undefined) {
          this.fail(failure);
          break;
        }
      }
    }
  }

  /** Hands the queue and its events to the next world (see `idleQueues`); this world schedules nothing more. */
  private retireQueue(): void {
    // Every context goes stale, as after a crash: a node poked after the run
    // must not push events into a queue that another world now uses.
    for (const slot of this.slots) slot.epoch++;
    if (idleQueues.length >= MAX_IDLE_QUEUES) return;
    const spare = this.spareEvents;
    for (let event = this.queue.pop(); event !== undefined; event = this.queue.pop()) {
      event.payload = undefined;
      spare.push(event);
    }
    this.queue.clear();
    idleQueues.push({ queue: this.queue, spare });
  }

  /**
   * Queues an event at `time` (fields b, c, d, payload start at 0/undefined;
   * set them on the returned event before anything else is scheduled).
   */
  private schedule(time: number, kind: number, a = 0): SimEvent {
    let scheduled = this.spareEvents.pop();
    if (scheduled === undefined) {
      scheduled = { time, kind, a, b: 0, c: 0, d: 0, payload: undefined };
    } else {
      scheduled.time = time;
      scheduled.kind = kind;
      scheduled.a = a;
      scheduled.b = 0;
      scheduled.c = 0;
      scheduled.d = 0;
    }
    this.queue.push(scheduled);
    return scheduled;
  }

  private dispatch(event: SimEvent): void {
    switch (event.kind) {
      case DELIVER:
        return this.deliver(event);
      case TIMER:
        return this.fireTimer(event);
      case CLIENT_REQUEST:
        return this.deliverClientRequest(event.a, event.payload as TrackedRequest<Input>);
      case CLIENT_RESPONSE:
        return this.deliverClientResponse(event);
      case CLIENT_TIMEOUT:
        return this.clientTimeout(event.a, event.b, event.c);
      case CLIENT_NEXT:
        return this.clientNext(event.a);
      case CLIENT_RETRY: {
        const client = this.clients[event.a] as ClientState<Input>;
        if (client.pending >= 0 && client.seq === event.b && client.attempt === event.c) this.clientAttempt(client);
        return;
      }
      case FAULT_TICK:
        return this.faultTick();
      case FAULT_AT:
        // A fault drawn for later in a tick that the calm phase overtook never happens.
        if (this.phase === "fault") this.applyFaults(event.payload as TickFaults);
        return;
      case RESTART:
        if (!this.isUp(event.a) && this.slots[event.a]?.epoch === event.b) this.restart(event.a);
        return;
      case HEAL:
        if (this.partitionActive && this.partitionId === event.a) this.heal();
        return;
      case CALM:
        return this.enterCalm();
      case CALM_MIN:
        this.calmMinReached = true;
        this.maybeStop();
        return;
      case END:
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

  // ---- nodes -------------------------------------------------------------

  private boot(id: NodeId): void {
    const slot = this.slots[id] as NodeSlot<Node>;
    slot.node = this.setup.protocol.start(this.context(id, slot.epoch));
  }

  private context(id: NodeId, epoch: number): NodeContext<Message, Output, Persistent> {
    const slot = this.slots[id] as NodeSlot<Node>;
    // A context outlives its boot only as a stale reference: after a crash
    // every effect through it is ignored.
    const live = () => slot.epoch === epoch && slot.up;
    return {
      id,
      peers: Array.from({ length: this.size }, (_, i) => i).filter((i) => i !== id),
      clusterSize: this.size,
      now: () => this.time,
      send: (to, message) => {
        if (live()) this.send(id, to, message);
      },
      setTimer: (name, delayMs) => {
        if (!live()) return;
        const token = ++this.timerToken;
        slot.timers.set(name, token);
        const timer = this.schedule(this.time + Math.max(0, Math.floor(delayMs)), TIMER, id);
        timer.b = token;
        timer.c = epoch;
        timer.payload = name;
      },
      cancelTimer: (name) => {
        if (live() && slot.timers.has(name)) slot.timers.set(name, 0);
      },
      persist: (state) => {
        if (live()) slot.persisted = state;
      },
      restore: () => slot.persisted as Persistent | undefined,
      emit: (observation) => {
        if (live()) this.observe(id, observation);
      },
      reply: (request, response) => {
        if (live()) this.sendClientResponse(id, request as TrackedRequest<Input>, response);
      },
      draw: (n, label) => this.setup.choices.draw(n, label),
    };
  }

  private fireTimer(event: SimEvent): void {
    const slot = this.slots[event.a] as NodeSlot<Node>;
    const name = event.payload as string;
    if (!slot.up || slot.epoch !== event.c || slot.timers.get(name) !== event.b) return;
    slot.timers.set(name, 0);
    if (this.setup.recordTrace) this.trace.push({ kind: "timer", time: this.time, step: this.step, node: event.a, name });
    slot.node?.onTimer(name);
  }

  private observe(id: NodeId, observation: Observation): void {
    if (this.setup.recordTrace) this.trace.push({ kind: "observation", time: this.time, step: this.step, node: id, observation });
    if (this.violation !== null) return;
    for (const monitor of this.observationMonitors) {
      const failure = monitor.onObservation?.(id, observation, this);
      if (failure !== undefined) {
        this.fail(failure);
        return;
      }
    }
  }

  private crash(id: NodeId, downMs: number): void {
    const slot = this.slots[id] as NodeSlot<Node>;
    slot.up = false;
    slot.node = undefined;
    slot.epoch++;
    slot.timers.clear();
    if (this.setup.recordTrace) this.trace.push({ kind: "crash", time: this.time, step: this.step, node: id, downMs });
    this.schedule(this.time + downMs, RESTART, id).b = slot.epoch;
  }

  private restart(id: NodeId): void {
    const slot = this.slots[id] as NodeSlot<Node>;
    slot.up = true;
    if (this.setup.recordTrace) this.trace.push({ kind: "restart", time: this.time, step: this.step, node: id });
    this.boot(id);
  }

  // ---- network -----------------------------------------------------------

  /**
   * One message: a single "fate" draw (0 delivered, high values duplicated,
   * the highest dropped, so smaller always means calmer; with a swarm
   * profile the values just below the duplicates hold the message for long)
   * and a delay draw.
   */
  private drawFate(): void {
    // Results go to fields, not a returned object: this runs for every
    // message, and the allocation was a tenth of all a run allocated.
    const choices = this.setup.choices;
    const { dropPercent, duplicatePercent, delaySpreadMs } = this.profile;
    const fate = choices.draw(100, "fate");
    this.fateDropped = fate >= 100 - dropPercent;
    this.fateDuplicated = !this.fateDropped && fate >= 100 - dropPercent - duplicatePercent;
    // Below the duplicates, the swarm profile's held messages: still one delay draw, over a longer range.
    const held = !this.fateDropped && !this.fateDuplicated && fate >= 100 - dropPercent - duplicatePercent - this.holdPercent;
    const extra = held ? delaySpreadMs + HOLD_STEP_MS * (1 + choices.draw(HOLD_STEPS, "delay")) : choices.draw(delaySpreadMs + 1, "delay");
    this.fateDelay = this.setup.options.messageDelayMsMin + extra;
  }

  private send(from: NodeId, to: NodeId, message: Message): void {
    this.messages++;
    const id = ++this.messageId;
    const tracing = this.setup.recordTrace;
    // Every message draws the same two values, even when a partition blocks
    // it: a healed partition must not shift the meaning of every later draw,
    // or the shrinker could not remove a partition without losing the bug.
    const choices = this.setup.choices;
    choices.startSpan("message");
    this.drawFate();
    choices.endSpan();
    const delay = this.fateDelay;
    const sent = tracing ? { id, from, to, message } : undefined;
    if (this.blocked[from * this.size + to] === 1) {
      if (sent) this.traceSend(sent, "partitioned", { at: this.time, duplicate: false });
      return;
    }
    if (this.fateDropped) {
      if (sent) this.traceSend(sent, "dropped", { at: this.time + delay, duplicate: false });
      return;
    }
    if (sent) this.traceSend(sent, "delivered", { at: this.time + delay, duplicate: false });
    const epoch = (this.slots[from] as NodeSlot<Node>).epoch;
    const delivery = this.schedule(this.time + delay, DELIVER, from);
    delivery.b = to;
    delivery.c = id;
    delivery.d = epoch;
    delivery.payload = message;
    if (this.fateDuplicated) {
      // The duplicate trails the original by its own delay again: no extra draw.
      const second = 2 * delay + 1;
      if (sent) this.traceSend(sent, "delivered", { at: this.time + second, duplicate: true });
      const duplicate = this.schedule(this.time + second, DELIVER, from);
      duplicate.b = to;
      duplicate.c = id;
      duplicate.d = epoch;
      duplicate.payload = message;
    }
  }

  private traceSend(sent: { id: number; from: NodeId; to: NodeId; message: Message }, fate: MessageFate, deliver: { at: number; duplicate: boolean }): void {
    const text = this.setup.protocol.describeMessage?.(sent.message) ?? "message";
    this.trace.push({ kind: "send", time: this.time, step: this.step, id: sent.id, from: sent.from, to: sent.to, message: text, fate, deliverAt: deliver.at, duplicate: deliver.duplicate });
  }

  private deliver(event: SimEvent): void {
    const { a: from, b: to, c: id } = event;
    const message = event.payload as Message;
    const slot = this.slots[to] as NodeSlot<Node>;
    // The sender lost power since it sent this: with the swarm profile's power-loss crashes the message is gone.
    if (this.setup.swarm.crashLosesSends && (this.slots[from] as NodeSlot<Node>).epoch !== event.d) {
      if (this.setup.recordTrace) this.trace.push({ kind: "deliver", time: this.time, step: this.step, id, from, to, message: this.setup.protocol.describeMessage?.(message) ?? "message", fate: "dropped" });
      return;
    }
    if (this.setup.recordTrace) {
      const text = this.setup.protocol.describeMessage?.(message) ?? "message";
      this.trace.push({ kind: "deliver", time: this.time, step: this.step, id, from, to, message: text, fate: slot.up ? "delivered" : "to-down-node" });
    }
    if (slot.up) slot.node?.onMessage(from, message);
  }

  // ---- faults ------------------------------------------------------------

  private faultTick(): void {
    const choices = this.setup.choices;
    const { crashPercent, partitionPercent } = this.profile;
    const tickMs = this.tickMs();
    const grain = this.setup.swarm.faultGrainMs;
    // A tick always draws the same seven values, used or not, so that
    // zeroing "crash?" leaves every later draw meaning what it meant
    // (eight with a fault grain: the offset comes last).
    choices.startSpan("fault tick");
    const crash = choices.drawBool(crashPercent, "crash?");
    const crashNode = choices.draw(this.size, "crash node");
    // Durations count in the scenario's ticks: a faster fault clock brings more faults, not shorter ones.
    const unitMs = this.setup.options.faultTickMs;
    const downMs = this.drawDuration(unitMs, grain, "down time");
    const split = choices.drawBool(partitionPercent, "partition?");
    const drawn = drawPartitionShape(choices, this.size);
    const healMs = this.drawDuration(unitMs, grain, "partition time");
    const offset = grain === 0 ? 0 : grain * choices.draw(Math.max(1, Math.floor(tickMs / grain)), "fault offset");
    choices.endSpan();
    const faults: TickFaults = { crash, crashNode, downMs, split, drawn, healMs };
    if (offset === 0) this.applyFaults(faults);
    else this.schedule(this.time + offset, FAULT_AT).payload = faults;
    this.sampleCoverage();
  }

  /** The fault clock's period: the scenario's, or shorter by the swarm profile's factor. */
  private tickMs(): number {
    return Math.max(1, Math.floor(this.setup.options.faultTickMs / this.setup.swarm.faultClockFactor));
  }

  /** How long a crash or a partition lasts: 1 to 10 ticks of the scenario, in whole ticks or, with a fault grain, in steps of the grain. */
  private drawDuration(tickMs: number, grain: number, label: string): number {
    if (grain === 0) return tickMs * (1 + this.setup.choices.draw(10, label));
    return grain * (1 + this.setup.choices.draw(Math.max(1, Math.floor((10 * tickMs) / grain)), label));
  }

  private applyFaults(faults: TickFaults): void {
    // Targeted faults count the drawn node from the focus (0 still means "the first", now "the focus").
    const shift = this.setup.swarm.targeted ? this.focus : 0;
    const crashNode = (faults.crashNode + shift) % this.size;
    if (faults.crash && this.isUp(crashNode)) this.crash(crashNode, faults.downMs);
    if (!faults.split) return;
    if (this.partitionActive) {
      if (!this.setup.swarm.repartition) return;
      // The network changes shape at once: the old partition's heal is void (its id is stale).
      this.heal();
    }
    const partition = buildPartition({ shape: faults.drawn.shape, node: (faults.drawn.node + shift) % this.size }, this.size);
    this.partitionActive = true;
    this.partitionId++;
    for (const link of partition.blocked) this.blocked[link.from * this.size + link.to] = 1;
    this.blockedLinks = partition.blocked.length;
    if (this.setup.recordTrace) this.trace.push({ kind: "partition", time: this.time, step: this.step, shape: partition.shape, blocked: partition.blocked });
    this.schedule(this.time + faults.healMs, HEAL, this.partitionId);
  }

  private heal(): void {
    this.partitionActive = false;
    this.blocked.fill(0);
    this.blockedLinks = 0;
    if (this.setup.recordTrace) this.trace.push({ kind: "heal", time: this.time, step: this.step });
  }

  private enterCalm(): void {
    this.sampleCoverage();
    this.phase = "calm";
    this.calmStartedAt = this.time;
    this.profile = calmProfile(this.profile);
    this.holdPercent = 0;
    if (this.setup.recordTrace) this.trace.push({ kind: "phase", time: this.time, step: this.step, phase: "calm" });
    if (this.partitionActive) this.heal();
    for (let id = 0; id < this.size; id++) if (!this.isUp(id)) this.restart(id);
    // A probe client writes once in the calm phase, so liveness always has
    // something to commit even when every other client finished early.
    const probe: ClientState<Input> = { id: this.clients.length, probe: true, ops: 1, seq: 0, target: 0, attempt: 0, timeouts: 0, pending: -1, input: undefined, done: false };
    this.clients.push(probe);
    this.clientNext(probe.id);
  }

  private sampleCoverage(): void {
    const probe = this.setup.coverage;
    if (probe === undefined) return;
    const sampled = probe(this);
    for (const feature of typeof sampled === "number" ? [sampled] : sampled) {
      if (!this.coverageSeen.has(feature)) {
        this.coverageSeen.add(feature);
        this.coverage.push(feature);
      }
    }
  }

  // ---- clients -----------------------------------------------------------

  private clientNext(c: number): void {
    const client = this.clients[c] as ClientState<Input>;
    if (client.seq >= client.ops) {
      client.done = true;
      this.maybeStop();
      return;
    }
    const choices = this.setup.choices;
    client.seq++;
    let input: Input;
    if (client.probe) {
      input = this.setup.workload.probe(client.id, client.seq);
    } else {
      choices.startSpan("client operation");
      input = this.setup.workload.next(choices, client.id, client.seq);
      choices.endSpan();
    }
    client.input = input;
    client.attempt = 0;
    client.timeouts = 0;
    client.pending = this.history.length;
    this.history.push({ client: client.id, seq: client.seq, call: this.time, return: null, input, output: null });
    this.clientAttempt(client);
  }

  private clientAttempt(client: ClientState<Input>): void {
    const { options } = this.setup;
    if (client.timeouts >= options.clientAttempts) {
      // Giving up leaves the operation indeterminate: it may yet take effect.
      if (this.setup.recordTrace) this.trace.push({ kind: "client-give-up", time: this.time, step: this.step, client: client.id, seq: client.seq });
      client.pending = -1;
      this.scheduleNextOperation(client);
      return;
    }
    client.attempt++;
    const request: TrackedRequest<Input> = { client: client.id, seq: client.seq, input: client.input as Input, attempt: client.attempt };
    if (this.setup.recordTrace) {
      this.trace.push({ kind: "client-call", time: this.time, step: this.step, client: client.id, seq: client.seq, node: client.target, operation: this.setup.workload.describe(request.input), attempt: client.attempt });
    }
    this.messages++;
    this.setup.choices.startSpan("client request");
    this.drawFate();
    this.setup.choices.endSpan();
    if (!this.fateDropped) this.schedule(this.time + this.fateDelay, CLIENT_REQUEST, client.target).payload = request;
    const timeout = this.schedule(this.time + options.clientTimeoutMs, CLIENT_TIMEOUT, client.id);
    timeout.b = client.seq;
    timeout.c = client.attempt;
  }

  private deliverClientRequest(node: NodeId, request: TrackedRequest<Input>): void {
    const slot = this.slots[node] as NodeSlot<Node>;
    if (slot.up) slot.node?.onClientRequest(request);
  }

  private sendClientResponse(node: NodeId, request: TrackedRequest<Input>, response: ClientResponse<Output>): void {
    this.messages++;
    this.setup.choices.startSpan("client response");
    this.drawFate();
    this.setup.choices.endSpan();
    if (this.fateDropped) return;
    const answer = this.schedule(this.time + this.fateDelay, CLIENT_RESPONSE, node);
    answer.b = request.client;
    answer.c = request.seq;
    answer.d = request.attempt;
    answer.payload = response;
  }

  private deliverClientResponse(arrived: SimEvent): void {
    const client = this.clients[arrived.b];
    const response = arrived.payload as ClientResponse<Output>;
    const attempt = arrived.d;
    if (client === undefined || client.pending < 0 || client.seq !== arrived.c) return;
    if (this.setup.recordTrace) this.trace.push({ kind: "client-response", time: this.time, step: this.step, client: client.id, seq: client.seq, node: arrived.a, response });
    if (response.kind === "ok") {
      const operation = this.history[client.pending] as MutableOperation<Input, Output>;
      operation.return = this.time;
      operation.output = response.output;
      client.pending = -1;
      client.target = arrived.a;
      this.focus = arrived.a;
      this.scheduleNextOperation(client);
      return;
    }
    // Only the answer to the latest attempt redirects; a late one is stale.
    if (attempt !== client.attempt) return;
    client.target = response.leaderHint ?? (arrived.a + 1) % this.size;
    // A short pause before retrying: without a hint there may be no leader yet.
    const retry = this.schedule(this.time + REDIRECT_PAUSE_MS, CLIENT_RETRY, client.id);
    retry.b = client.seq;
    retry.c = client.attempt;
  }

  private clientTimeout(c: number, seq: number, attempt: number): void {
    const client = this.clients[c] as ClientState<Input>;
    if (client.pending < 0 || client.seq !== seq || client.attempt !== attempt) return;
    client.timeouts++;
    client.target = (client.target + 1) % this.size;
    this.clientAttempt(client);
  }

  private scheduleNextOperation(client: ClientState<Input>): void {
    const { options } = this.setup;
    // Operations are spread over the fault phase; the drawn pause (0 = none)
    // lets the search line them up against faults.
    // The swarm profile's pacing: bursts (each operation right after the last) or idle gaps (pauses ten times as long).
    const pacing = this.setup.swarm.pacing;
    const spacing = Math.floor(options.faultPhaseMs / Math.max(1, this.opsPerClient));
    const pause = (pacing === 2 ? 100 : 10) * this.setup.choices.draw(8, "client pause");
    const at = pacing === 1 ? this.time + 1 + pause : Math.max(this.time + 1, options.clientStartMs + client.seq * spacing) + pause;
    this.schedule(at, CLIENT_NEXT, client.id);
  }

  private maybeStop(): void {
    if (this.calmMinReached && this.clients.every((c) => c.done)) this.stopped = true;
  }

  /** The history, frozen for the result. */
  frozenHistory(): HistoryOperation<Input, Output>[] {
    return this.history.map((op) => ({ ...op }));
  }
}
