import type { ClientRequest, ClientResponse, NodeId } from "../protocol.js";
import { EventQueue } from "./event-queue.js";
import type { PartitionDraw } from "./partition.js";

/** The kinds of event the world schedules, as small integers so the hot loop stays monomorphic. */
export const EventKind = {
  Deliver: 0,
  Timer: 1,
  ClientRequest: 2,
  ClientResponse: 3,
  ClientTimeout: 4,
  ClientNext: 5,
  FaultTick: 6,
  Restart: 7,
  Heal: 8,
  Calm: 9,
  CalmMin: 10,
  End: 11,
  ClientRetry: 12,
  FaultAt: 13,
} as const;

/** A request as the world tracks it; nodes see it as a plain ClientRequest. */
export interface TrackedRequest<Input> extends ClientRequest<Input> {
  readonly attempt: number;
}

/** A fault tick's decisions, applied later in the tick when the swarm profile puts faults off the tick's first millisecond. */
export interface TickFaults {
  readonly crash: boolean;
  readonly crashNode: NodeId;
  readonly downMs: number;
  readonly split: boolean;
  readonly drawn: PartitionDraw;
  readonly healMs: number;
}

/** A message reaches `node`. `epoch` is the sender's boot when it sent it (power-loss crashes lose it). */
export interface DeliverEvent<Message> {
  readonly kind: typeof EventKind.Deliver;
  readonly time: number;
  readonly from: NodeId;
  readonly node: NodeId;
  /** The message's id, as the trace names it. */
  readonly serial: number;
  readonly epoch: number;
  readonly payload: Message;
}

/** A node's timer fires, if `serial` is still the live token of that name and the node has not rebooted since `epoch`. */
export interface TimerEvent {
  readonly kind: typeof EventKind.Timer;
  readonly time: number;
  readonly node: NodeId;
  /** The timer's token: a newer setTimer of the same name makes this one stale. */
  readonly serial: number;
  readonly epoch: number;
  /** The timer's name. */
  readonly payload: string;
}

/** A client's request reaches `node`. */
export interface ClientRequestEvent<Input> {
  readonly kind: typeof EventKind.ClientRequest;
  readonly time: number;
  readonly node: NodeId;
  readonly payload: TrackedRequest<Input>;
}

/** `node`'s answer to attempt `attempt` of operation `seq` reaches client `client`. */
export interface ClientResponseEvent<Output> {
  readonly kind: typeof EventKind.ClientResponse;
  readonly time: number;
  readonly node: NodeId;
  readonly client: number;
  readonly seq: number;
  readonly attempt: number;
  readonly payload: ClientResponse<Output>;
}

/** Client `client` stops waiting for attempt `attempt` of operation `seq` (a timeout), or tries it again (a retry after a redirect). */
export interface ClientAttemptEvent {
  readonly kind: typeof EventKind.ClientTimeout | typeof EventKind.ClientRetry;
  readonly time: number;
  readonly client: number;
  readonly seq: number;
  readonly attempt: number;
}

/** Client `client` starts its next operation. */
export interface ClientNextEvent {
  readonly kind: typeof EventKind.ClientNext;
  readonly time: number;
  readonly client: number;
}

/** A crashed node comes back, unless it already did (its boot is no longer `epoch`). */
export interface RestartEvent {
  readonly kind: typeof EventKind.Restart;
  readonly time: number;
  readonly node: NodeId;
  readonly epoch: number;
}

/** Partition number `serial` heals, unless another partition replaced it. */
export interface HealEvent {
  readonly kind: typeof EventKind.Heal;
  readonly time: number;
  readonly serial: number;
}

/** A fault tick's decisions, drawn at the tick, take effect. */
export interface FaultAtEvent {
  readonly kind: typeof EventKind.FaultAt;
  readonly time: number;
  readonly payload: TickFaults;
}

/** The world's clock events: a fault tick, the calm phase's start, its minimum reached, the run's end. */
export interface ClockEvent {
  readonly kind: typeof EventKind.FaultTick | typeof EventKind.Calm | typeof EventKind.CalmMin | typeof EventKind.End;
  readonly time: number;
}

/** Every event the world schedules, told apart by `kind`. */
export type WorldEvent<Message, Input, Output> =
  | DeliverEvent<Message>
  | TimerEvent
  | ClientRequestEvent<Input>
  | ClientResponseEvent<Output>
  | ClientAttemptEvent
  | ClientNextEvent
  | RestartEvent
  | HealEvent
  | FaultAtEvent
  | ClockEvent;

/**
 * One event object as it is stored: every kind has the same fields, so the
 * queue and the dispatch see one object shape (monomorphic), and objects are
 * recycled across kinds. Only the fields of its kind are meaningful: the
 * others hold whatever an earlier use left there, and the typed view
 * (`WorldEvent`) never lets them be read.
 */
interface EventRecord {
  time: number;
  kind: number;
  node: number;
  from: number;
  client: number;
  seq: number;
  attempt: number;
  serial: number;
  epoch: number;
  payload: unknown;
}

/**
 * Queues and event objects of finished runs, reused by the next world:
 * a run's ring buckets and events were a fifth of what it allocated, and
 * allocation (memory bandwidth), not CPU, is what keeps two workers from
 * scaling on a small machine. A queue is taken out while a world runs, so
 * worlds running inside worlds never share one.
 */
interface IdleQueue {
  readonly queue: EventQueue<EventRecord>;
  readonly spare: EventRecord[];
}
const idleQueues: IdleQueue[] = [];
/** Enough for nested worlds; beyond it a finished world's queue is left to the GC. */
const MAX_IDLE_QUEUES = 4;

type Spec<Event> = Omit<Event, "kind">;

/**
 * The world's schedule: its event queue and the typed constructors of every
 * kind of event, over recycled event objects (allocating one per message and
 * timer was a fifth of all a run allocated; nothing keeps an event after its
 * dispatch, so reuse is safe).
 *
 * When to use: inside the world only; each part of it (network, faults,
 * clients, nodes) schedules through one shared schedule.
 */
export class WorldSchedule<Message, Input, Output> {
  private readonly queue: EventQueue<EventRecord>;
  private readonly spare: EventRecord[];

  constructor() {
    const idle = idleQueues.pop();
    this.queue = idle?.queue ?? new EventQueue<EventRecord>();
    this.spare = idle?.spare ?? [];
  }

  deliver(event: Spec<DeliverEvent<Message>>): void {
    const record = this.take(event.time, EventKind.Deliver);
    record.from = event.from;
    record.node = event.node;
    record.serial = event.serial;
    record.epoch = event.epoch;
    record.payload = event.payload;
    this.queue.push(record);
  }

  timer(event: Spec<TimerEvent>): void {
    const record = this.take(event.time, EventKind.Timer);
    record.node = event.node;
    record.serial = event.serial;
    record.epoch = event.epoch;
    record.payload = event.payload;
    this.queue.push(record);
  }

  clientRequest(event: Spec<ClientRequestEvent<Input>>): void {
    const record = this.take(event.time, EventKind.ClientRequest);
    record.node = event.node;
    record.payload = event.payload;
    this.queue.push(record);
  }

  clientResponse(event: Spec<ClientResponseEvent<Output>>): void {
    const record = this.take(event.time, EventKind.ClientResponse);
    record.node = event.node;
    record.client = event.client;
    record.seq = event.seq;
    record.attempt = event.attempt;
    record.payload = event.payload;
    this.queue.push(record);
  }

  clientAttempt(event: ClientAttemptEvent): void {
    const record = this.take(event.time, event.kind);
    record.client = event.client;
    record.seq = event.seq;
    record.attempt = event.attempt;
    this.queue.push(record);
  }

  clientNext(event: Spec<ClientNextEvent>): void {
    const record = this.take(event.time, EventKind.ClientNext);
    record.client = event.client;
    this.queue.push(record);
  }

  restart(event: Spec<RestartEvent>): void {
    const record = this.take(event.time, EventKind.Restart);
    record.node = event.node;
    record.epoch = event.epoch;
    this.queue.push(record);
  }

  heal(event: Spec<HealEvent>): void {
    const record = this.take(event.time, EventKind.Heal);
    record.serial = event.serial;
    this.queue.push(record);
  }

  faultAt(event: Spec<FaultAtEvent>): void {
    const record = this.take(event.time, EventKind.FaultAt);
    record.payload = event.payload;
    this.queue.push(record);
  }

  clock(event: ClockEvent): void {
    this.queue.push(this.take(event.time, event.kind));
  }

  /** The next event in (time, scheduling) order, or `undefined` when none is left. */
  next(): WorldEvent<Message, Input, Output> | undefined {
    return this.queue.pop() as WorldEvent<Message, Input, Output> | undefined;
  }

  /** Takes back an event once dispatched: its object serves a later event. */
  recycle(event: WorldEvent<Message, Input, Output>): void {
    const record = event as unknown as EventRecord;
    record.payload = undefined;
    this.spare.push(record);
  }

  /** Hands the queue and its event objects to the next world (see `idleQueues`); nothing is scheduled after this. */
  retire(): void {
    if (idleQueues.length >= MAX_IDLE_QUEUES) return;
    const spare = this.spare;
    for (let record = this.queue.pop(); record !== undefined; record = this.queue.pop()) {
      record.payload = undefined;
      spare.push(record);
    }
    this.queue.clear();
    idleQueues.push({ queue: this.queue, spare });
  }

  private take(time: number, kind: number): EventRecord {
    let record = this.spare.pop();
    if (record === undefined) record = { time, kind, node: 0, from: 0, client: 0, seq: 0, attempt: 0, serial: 0, epoch: 0, payload: undefined };
    else {
      record.time = time;
      record.kind = kind;
    }
    return record;
  }
}
