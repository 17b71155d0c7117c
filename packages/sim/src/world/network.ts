import type { ChoiceSource } from "../choices/choice-source.js";
import type { NodeId, ProtocolNode } from "../protocol.js";
import type { Partition } from "./partition.js";
import type { MessageFate } from "./trace.js";
import type { NodeSlot, WorldCore } from "./world-core.js";
import type { DeliverEvent } from "./world-events.js";

/** A held message (see `SwarmProfile.holdPercent`) waits `HOLD_STEP_MS * (1 + draw(HOLD_STEPS))` beyond the longest ordinary delay. */
const HOLD_STEP_MS = 100;
const HOLD_STEPS = 30;

interface SentMessage<Message> {
  readonly id: number;
  readonly from: NodeId;
  readonly to: NodeId;
  readonly message: Message;
}

/**
 * The world's hostile network: per message a fate (delivered, duplicated,
 * held, dropped) and a delay drawn from the choices, and the directed links
 * the current partition blocks. Client requests and answers draw their fate
 * here too, through `drawFate`.
 */
export class Network<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>> {
  /** Messages sent so far, client requests and answers included. */
  messages = 0;
  /** How many directed links the partition blocks (0 when healed). */
  blockedLinks = 0;
  // The last drawFate's outcome: fields, not a returned object, because this
  // runs for every message and the allocation was a tenth of all a run allocated.
  dropped = false;
  duplicated = false;
  delay = 0;

  private readonly choices: ChoiceSource;
  private readonly tracing: boolean;
  private readonly blocked: Uint8Array;
  /** The swarm profile's hold chance, 0 once the calm phase begins. */
  private holdPercent: number;
  /** The swarm profile's partitions that cut messages in flight. */
  private readonly cutInFlight: boolean;
  private messageId = 0;
  /** The current partition loses messages in flight too (a nemesis strike's does). */
  private cutsInFlightNow = false;

  constructor(private readonly core: WorldCore<Message, Input, Output, Persistent, Node>) {
    this.choices = core.setup.choices;
    this.tracing = core.setup.recordTrace;
    this.blocked = new Uint8Array(core.size * core.size);
    this.holdPercent = core.setup.swarm.holdPercent;
    this.cutInFlight = core.setup.swarm.partitionsCutInFlight;
  }

  isBlocked(from: NodeId, to: NodeId): boolean {
    return this.blocked[from * this.core.size + to] === 1;
  }

  /**
   * One message's fate, in a span named `label`: a single "fate" draw (0
   * delivered, high values duplicated, the highest dropped, so smaller
   * always means calmer; with a swarm profile the values just below the
   * duplicates hold the message for long) and a delay draw. The outcome is
   * in `dropped`, `duplicated` and `delay`.
   */
  drawFate(label: string): void {
    this.messages++;
    const choices = this.choices;
    choices.startSpan(label);
    const { dropPercent, duplicatePercent, delaySpreadMs } = this.core.profile;
    const fate = choices.draw(100, "fate");
    this.dropped = fate >= 100 - dropPercent;
    this.duplicated = !this.dropped && fate >= 100 - dropPercent - duplicatePercent;
    // Below the duplicates, the swarm profile's held messages: still one delay draw, over a longer range.
    const held = !this.dropped && !this.duplicated && fate >= 100 - dropPercent - duplicatePercent - this.holdPercent;
    const extra = held ? delaySpreadMs + HOLD_STEP_MS * (1 + choices.draw(HOLD_STEPS, "delay")) : choices.draw(delaySpreadMs + 1, "delay");
    this.delay = this.core.setup.options.messageDelayMsMin + extra;
    choices.endSpan();
  }

  /** A node sends a message: its fate is drawn, and its deliveries (none, one or two) are scheduled. */
  send(from: NodeId, to: NodeId, message: Message): void {
    const id = ++this.messageId;
    // Every message draws the same two values, even when a partition blocks
    // it: a healed partition must not shift the meaning of every later draw,
    // or the shrinker could not remove a partition without losing the bug.
    this.drawFate("message");
    const core = this.core;
    const delay = this.delay;
    const sent = this.tracing ? { id, from, to, message } : undefined;
    if (this.blocked[from * core.size + to] === 1) {
      if (sent) this.traceSend(sent, "partitioned", { at: core.time, duplicate: false });
      return;
    }
    if (this.dropped) {
      if (sent) this.traceSend(sent, "dropped", { at: core.time + delay, duplicate: false });
      return;
    }
    if (sent) this.traceSend(sent, "delivered", { at: core.time + delay, duplicate: false });
    const epoch = (core.slots[from] as NodeSlot<Node>).epoch;
    core.setup.behaviours?.sent(id, from);
    const schedule = core.schedule;
    schedule.deliver({ time: core.time + delay, from, node: to, serial: id, epoch, payload: message });
    if (this.duplicated) {
      // The duplicate trails the original by its own delay again: no extra draw.
      const second = 2 * delay + 1;
      if (sent) this.traceSend(sent, "delivered", { at: core.time + second, duplicate: true });
      schedule.deliver({ time: core.time + second, from, node: to, serial: id, epoch, payload: message });
    }
  }

  /**
   * A message arrives: the receiving node handles it if it is up (and, with
   * power-loss crashes, if its sender has not lost power since; and, when
   * partitions cut messages in flight, if no partition cuts its link now).
   */
  deliver(event: DeliverEvent<Message>): void {
    const core = this.core;
    const { from, node: to, serial: id, payload: message } = event;
    const slot = core.slots[to] as NodeSlot<Node>;
    if ((this.cutInFlight || this.cutsInFlightNow) && this.blocked[from * core.size + to] === 1) {
      if (this.tracing) core.trace.push({ kind: "deliver", time: core.time, step: core.step, id, from, to, message: this.describe(message), fate: "partitioned" });
      return;
    }
    // The sender lost power since it sent this: with the swarm profile's power-loss crashes the message is gone.
    const sender = core.slots[from] as NodeSlot<Node>;
    if (core.setup.swarm.crashLosesSends ? sender.epoch !== event.epoch : event.epoch < sender.lostSendsBelow) {
      if (this.tracing) core.trace.push({ kind: "deliver", time: core.time, step: core.step, id, from, to, message: this.describe(message), fate: "dropped" });
      return;
    }
    if (this.tracing) core.trace.push({ kind: "deliver", time: core.time, step: core.step, id, from, to, message: this.describe(message), fate: slot.up ? "delivered" : "to-down-node" });
    if (!slot.up || slot.node === undefined) return;
    core.setup.behaviours?.message(to, id, message);
    try {
      slot.node.onMessage(from, message);
    } catch (error) {
      core.nodeThrew(to, `a message from s${from} (${this.describe(message)})`, error);
    }
  }

  /** Cuts the partition's links (and, with `inFlight`, also what is in flight on them). */
  block(partition: Partition, inFlight = false): void {
    this.cutsInFlightNow = inFlight;
    const size = this.core.size;
    for (const link of partition.blocked) this.blocked[link.from * size + link.to] = 1;
    this.blockedLinks = partition.blocked.length;
  }

  /** Every link open again. */
  unblock(): void {
    this.cutsInFlightNow = false;
    this.blocked.fill(0);
    this.blockedLinks = 0;
  }

  /** The calm phase: no more held messages (the profile turns calm in the world). */
  calm(): void {
    this.holdPercent = 0;
  }

  private describe(message: Message): string {
    return this.core.setup.protocol.describeMessage?.(message) ?? "message";
  }

  private traceSend(sent: SentMessage<Message>, fate: MessageFate, deliver: { at: number; duplicate: boolean }): void {
    const core = this.core;
    core.trace.push({ kind: "send", time: core.time, step: core.step, id: sent.id, from: sent.from, to: sent.to, message: this.describe(sent.message), fate, deliverAt: deliver.at, duplicate: deliver.duplicate });
  }
}
