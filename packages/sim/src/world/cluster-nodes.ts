import type { NodeContext, NodeId, ProtocolNode, StorageFault } from "../protocol.js";
import type { Clients } from "./clients.js";
import type { Network } from "./network.js";
import type { NodeSlot, WorldCore } from "./world-core.js";
import type { RestartEvent, TimerEvent, TrackedRequest } from "./world-events.js";

/** What the "disk at restart" draw gives: 0 the disk kept what was synced. */
const STORAGE_FAULTS: readonly (StorageFault | null)[] = [null, "corrupt", "unreadable"];

/**
 * The cluster's nodes as the world runs them: booting a node with its
 * context, its timers, crashing it (the node object and its timers are
 * gone, what it persisted survives) and restarting it.
 */
export class ClusterNodes<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>> {
  private readonly tracing: boolean;
  private timerToken = 0;

  constructor(
    private readonly core: WorldCore<Message, Input, Output, Persistent, Node>,
    private readonly links: { readonly network: Network<Message, Input, Output, Persistent, Node>; readonly clients: Clients<Message, Input, Output, Persistent, Node> },
  ) {
    this.tracing = core.setup.recordTrace;
  }

  isUp(id: NodeId): boolean {
    return this.core.slots[id]?.up === true;
  }

  boot(id: NodeId): void {
    const slot = this.slot(id);
    this.core.setup.behaviours?.booted(id);
    try {
      slot.node = this.core.setup.protocol.start(this.context(id, slot.epoch));
    } catch (error) {
      this.core.nodeThrew(id, "its start", error);
    }
  }

  /** A timer fires, unless it was cancelled, set again, or belongs to an earlier boot. */
  fireTimer(event: TimerEvent): void {
    const core = this.core;
    const slot = this.slot(event.node);
    const name = event.payload;
    if (!slot.up || slot.epoch !== event.epoch || slot.timers.get(name) !== event.serial) return;
    slot.timers.set(name, 0);
    if (this.tracing) core.trace.push({ kind: "timer", time: core.time, step: core.step, node: event.node, name });
    if (slot.node === undefined) return;
    core.setup.behaviours?.timer(event.node, name);
    try {
      slot.node.onTimer(name);
    } catch (error) {
      core.nodeThrew(event.node, `its timer "${name}"`, error);
    }
  }

  /** The node loses its volatile state, its timers and what it wrote but did not sync, and comes back after `downMs`; with `losesSends` its messages still in flight are lost too (a power loss). */
  crash(id: NodeId, downMs: number, losesSends = false): void {
    const core = this.core;
    const slot = this.slot(id);
    slot.up = false;
    slot.node = undefined;
    slot.epoch++;
    if (losesSends) slot.lostSendsBelow = slot.epoch;
    slot.timers.clear();
    const lostUnsynced = slot.unsynced !== undefined;
    slot.unsynced = undefined;
    if (this.tracing) core.trace.push(lostUnsynced ? { kind: "crash", time: core.time, step: core.step, node: id, downMs, lostUnsynced } : { kind: "crash", time: core.time, step: core.step, node: id, downMs });
    core.schedule.restart({ time: core.time + downMs, node: id, epoch: slot.epoch });
  }

  /** A scheduled restart: only if the node is still down from the crash that scheduled it. */
  restartDue(event: RestartEvent): void {
    if (!this.isUp(event.node) && this.core.slots[event.node]?.epoch === event.epoch) this.restart(event.node);
  }

  restart(id: NodeId): void {
    const core = this.core;
    const slot = this.slot(id);
    slot.up = true;
    slot.storageFault = this.drawStorageFault(slot);
    if (slot.storageFault !== null) slot.persisted = undefined;
    if (this.tracing) {
      core.trace.push(slot.storageFault === null ? { kind: "restart", time: core.time, step: core.step, node: id } : { kind: "restart", time: core.time, step: core.step, node: id, storageFault: slot.storageFault });
    }
    this.boot(id);
  }

  /** With `diskFaults`, whether a restarting node's synced state reads back intact (0), corrupt (1) or not at all (2); nothing is drawn for a blank disk. */
  private drawStorageFault(slot: NodeSlot<Node>): StorageFault | null {
    if (this.core.setup.options.diskFaults !== 1 || slot.persisted === undefined) return null;
    return STORAGE_FAULTS[this.core.setup.choices.draw(STORAGE_FAULTS.length, "disk at restart")] ?? null;
  }

  private slot(id: NodeId): NodeSlot<Node> {
    return this.core.slots[id] as NodeSlot<Node>;
  }

  private context(id: NodeId, epoch: number): NodeContext<Message, Output, Persistent> {
    const core = this.core;
    const { network, clients } = this.links;
    const slot = this.slot(id);
    // A context outlives its boot only as a stale reference: after a crash
    // every effect through it is ignored.
    const live = () => slot.epoch === epoch && slot.up;
    // With perfect clocks (every run whose scenario draws none) a node reads the world's time, as before clocks existed.
    const clocks = core.clocks;
    const perfect = clocks.perfect;
    return {
      id,
      peers: Array.from({ length: core.size }, (_, i) => i).filter((i) => i !== id),
      clusterSize: core.size,
      now: perfect ? () => core.time : () => clocks.now(id),
      send: (to, message) => {
        if (live()) network.send(id, to, message);
      },
      setTimer: (name, delayMs) => {
        if (!live()) return;
        const token = ++this.timerToken;
        slot.timers.set(name, token);
        const delay = Math.max(0, Math.floor(delayMs));
        core.schedule.timer({ time: perfect ? core.time + delay : clocks.timerFiresAt(id, delay), node: id, serial: token, epoch, payload: name });
      },
      cancelTimer: (name) => {
        if (live() && slot.timers.has(name)) slot.timers.set(name, 0);
      },
      persist: (state) => {
        if (!live()) return;
        slot.persisted = state;
        slot.unsynced = undefined;
      },
      write: (state) => {
        if (live()) slot.unsynced = { state };
      },
      sync: () => {
        if (!live() || slot.unsynced === undefined) return;
        slot.persisted = slot.unsynced.state;
        slot.unsynced = undefined;
      },
      restore: () => slot.persisted as Persistent | undefined,
      storageFault: () => slot.storageFault,
      emit: (observation) => {
        if (!live()) return;
        core.setup.behaviours?.observed(id, observation);
        core.observe(id, observation);
      },
      reply: (request, response) => {
        if (live()) clients.sendResponse(id, request as TrackedRequest<Input>, response);
      },
      draw: (n, label) => core.setup.choices.draw(n, label),
    };
  }
}
