import type { NodeId, ProtocolNode } from "../protocol.js";
import type { Clients } from "./clients.js";
import type { ClusterNodes } from "./cluster-nodes.js";
import type { Network } from "./network.js";
import { buildPartition, drawPartitionShape, PartitionShape, type PartitionDraw } from "./partition.js";
import type { WorldCore } from "./world-core.js";
import { EventKind, type FaultAtEvent, type HealEvent, type TickFaults } from "./world-events.js";

/** The parts of the world that faults act on. */
export interface FaultTargets<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>> {
  readonly network: Network<Message, Input, Output, Persistent, Node>;
  readonly nodes: ClusterNodes<Message, Input, Output, Persistent, Node>;
  /** Read for its focus: targeted faults aim at the node that last answered a client. */
  readonly clients: Clients<Message, Input, Output, Persistent, Node>;
}

/** What a nemesis strike does to the node that just received a client request (the "strike kind" draw). */
export const StrikeKind = {
  /** Cut it off from every other node, messages in flight on its links included; the partition replaces any other. */
  Isolate: 0,
  /** Crash it, losing the messages it sent that have not arrived yet (a power loss). */
  Crash: 1,
} as const;

const STRIKE_KINDS = Object.keys(StrikeKind).length;

/**
 * The fault clock: every tick draws whether a node crashes and a partition
 * forms, for how long and (with a fault grain) when in the tick, and, with
 * clock jumps on, whether a node's clock jumps; the partition heals by
 * itself, or is replaced when the swarm profile repartitions. With the
 * swarm profile's nemesis, a client request delivered in the fault phase
 * may also strike its receiver.
 */
export class Faults<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>> {
  private readonly tracing: boolean;
  private partitionId = 0;
  private partitionActive = false;

  constructor(
    private readonly core: WorldCore<Message, Input, Output, Persistent, Node>,
    private readonly targets: FaultTargets<Message, Input, Output, Persistent, Node>,
  ) {
    this.tracing = core.setup.recordTrace;
  }

  /** Schedules every tick of the fault phase. */
  start(): void {
    const tickMs = this.tickMs();
    const { faultPhaseMs } = this.core.setup.options;
    for (let t = tickMs; t < faultPhaseMs; t += tickMs) this.core.schedule.clock({ kind: EventKind.FaultTick, time: t });
  }

  tick(): void {
    const core = this.core;
    const choices = core.setup.choices;
    const { crashPercent, partitionPercent } = core.profile;
    const tickMs = this.tickMs();
    const grain = core.setup.swarm.faultGrainMs;
    // A tick always draws the same seven values, used or not, so that
    // zeroing "crash?" leaves every later draw meaning what it meant
    // (eight with a fault grain: the offset comes last).
    choices.startSpan("fault tick");
    const crash = choices.drawBool(crashPercent, "crash?");
    const crashNode = choices.draw(core.size, "crash node");
    // Durations count in the scenario's ticks: a faster fault clock brings more faults, not shorter ones.
    const unitMs = core.setup.options.faultTickMs;
    const downMs = this.drawDuration(unitMs, grain, "down time");
    const split = choices.drawBool(partitionPercent, "partition?");
    const drawn = drawPartitionShape(choices, core.size);
    const healMs = this.drawDuration(unitMs, grain, "partition time");
    const offset = grain === 0 ? 0 : grain * choices.draw(Math.max(1, Math.floor(tickMs / grain)), "fault offset");
    choices.endSpan();
    const faults: TickFaults = { crash, crashNode, downMs, split, drawn, healMs };
    if (offset === 0) this.apply(faults);
    else core.schedule.faultAt({ time: core.time + offset, payload: faults });
    // Clock jumps draw in their own span after the tick's, and only when on: older files keep their layout.
    core.clocks.tick();
    core.sampleCoverageAtTick();
  }

  /**
   * The nemesis after a client request reached `node` (only when the swarm
   * profile's `strikePercent` is above 0, and only in the fault phase):
   * three draws, always all three so that zeroing "strike?" leaves every
   * later draw meaning what it meant, whether or not the node is up.
   */
  afterClientRequest(node: NodeId): void {
    const core = this.core;
    const percent = core.setup.swarm.strikePercent;
    if (percent === 0 || core.phase !== "fault") return;
    const choices = core.setup.choices;
    choices.startSpan("nemesis strike");
    const strike = choices.drawBool(percent, "strike?");
    const kind = choices.draw(STRIKE_KINDS, "strike kind");
    const lastsMs = this.drawDuration(core.setup.options.faultTickMs, 0, "strike time");
    choices.endSpan();
    const { nodes } = this.targets;
    if (!strike || !nodes.isUp(node)) return;
    // Either way what the node had in flight is lost: that is what makes a strike hurt (work the leader began never reaches anyone).
    if (kind === StrikeKind.Crash) nodes.crash(node, lastsMs, true);
    else this.partition({ shape: PartitionShape.Isolate, node }, lastsMs, true);
  }

  /** A tick's faults drawn for later in the tick; one that the calm phase overtook never happens. */
  applyLate(event: FaultAtEvent): void {
    if (this.core.phase === "fault") this.apply(event.payload);
  }

  /** A partition's scheduled heal, unless another partition replaced it. */
  healDue(event: HealEvent): void {
    if (this.partitionActive && this.partitionId === event.serial) this.heal();
  }

  /** The calm phase: the partition heals and every crashed node restarts. */
  calm(): void {
    if (this.partitionActive) this.heal();
    const { nodes } = this.targets;
    for (let id = 0; id < this.core.size; id++) if (!nodes.isUp(id)) nodes.restart(id);
  }

  /** The fault clock's period: the scenario's, or shorter by the swarm profile's factor. */
  private tickMs(): number {
    const { options, swarm } = this.core.setup;
    return Math.max(1, Math.floor(options.faultTickMs / swarm.faultClockFactor));
  }

  /** How long a crash or a partition lasts: 1 to 10 ticks of the scenario, in whole ticks or, with a fault grain, in steps of the grain. */
  private drawDuration(tickMs: number, grain: number, label: string): number {
    const choices = this.core.setup.choices;
    if (grain === 0) return tickMs * (1 + choices.draw(10, label));
    return grain * (1 + choices.draw(Math.max(1, Math.floor((10 * tickMs) / grain)), label));
  }

  private apply(faults: TickFaults): void {
    const core = this.core;
    const { nodes, clients } = this.targets;
    const swarm = core.setup.swarm;
    // Targeted faults count the drawn node from the focus (0 still means "the first", now "the focus").
    const shift = swarm.targeted ? clients.focus : 0;
    const crashNode = (faults.crashNode + shift) % core.size;
    if (faults.crash && nodes.isUp(crashNode)) nodes.crash(crashNode, faults.downMs);
    if (!faults.split) return;
    if (this.partitionActive && !swarm.repartition) return;
    this.partition({ shape: faults.drawn.shape, node: (faults.drawn.node + shift) % core.size }, faults.healMs);
  }

  /**
   * A partition forms now and heals after `healMs`; one already active is
   * replaced at once (its heal is void: its id is stale). With `inFlight`
   * it also loses what is in flight on its links until it heals.
   */
  private partition(drawn: PartitionDraw, healMs: number, inFlight = false): void {
    const core = this.core;
    if (this.partitionActive) this.heal();
    const partition = buildPartition(drawn, core.size);
    this.partitionActive = true;
    this.partitionId++;
    this.targets.network.block(partition, inFlight);
    if (this.tracing) core.trace.push({ kind: "partition", time: core.time, step: core.step, shape: partition.shape, blocked: partition.blocked });
    core.schedule.heal({ time: core.time + healMs, serial: this.partitionId });
  }

  private heal(): void {
    const core = this.core;
    this.partitionActive = false;
    this.targets.network.unblock();
    if (this.tracing) core.trace.push({ kind: "heal", time: core.time, step: core.step });
  }
}
