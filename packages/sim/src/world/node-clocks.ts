import type { ChoiceSource } from "../choices/choice-source.js";
import type { NodeId } from "../protocol.js";
import { CLOCK_JUMP_SIZES_MS, CLOCK_JUMP_SPAN, clockReadingMs, perfectClock, timerFiresAt, type ClockProfile, type NodeClock } from "./clock-profile.js";
import type { TraceEvent } from "./trace.js";

/** What the clocks need of the world. */
interface ClockWorld {
  readonly time: number;
  readonly step: number;
  readonly size: number;
  readonly trace: TraceEvent[];
  readonly setup: { readonly choices: ChoiceSource; readonly recordTrace: boolean; readonly clocks: ClockProfile };
}

/**
 * The nodes' clocks while a run lasts: each node's drawn clock and the
 * jumps it took. A clock belongs to the node's machine, not to its boot: a
 * crash keeps it. When every clock is perfect (`perfect`), nodes read the
 * world's time directly and none of this runs.
 */
export class NodeClocks {
  /** Every clock reads the world's time and none can jump: the world's fast path. */
  readonly perfect: boolean;
  private readonly clocks: readonly NodeClock[];
  private readonly jumpedMs: number[];

  constructor(private readonly world: ClockWorld) {
    const profile = world.setup.clocks;
    this.perfect = profile.nodes.length === 0 && profile.jumpPercent === 0;
    this.clocks = Array.from({ length: world.size }, (_, id) => profile.nodes[id] ?? perfectClock);
    this.jumpedMs = new Array<number>(world.size).fill(0);
  }

  /** What node `id`'s clock reads now. */
  now(id: NodeId): number {
    return clockReadingMs(this.clocks[id] ?? perfectClock, this.world.time, this.jumpedMs[id] ?? 0);
  }

  /** The world time at which a timer of `delayMs` that node `id` sets now fires (see `timerFiresAt`). */
  timerFiresAt(id: NodeId, delayMs: number): number {
    return timerFiresAt(this.clocks[id] ?? perfectClock, this.world.time, delayMs);
  }

  /** Records each imperfect clock in the trace, once, before the first node boots. */
  traceSetup(): void {
    const world = this.world;
    if (!world.setup.recordTrace) return;
    this.clocks.forEach((clock, node) => {
      if (clock.offsetMs !== 0 || clock.driftPpm !== 0) world.trace.push({ kind: "clock", time: world.time, step: world.step, node, offsetMs: clock.offsetMs, driftPpm: clock.driftPpm });
    });
  }

  /**
   * A fault tick's chance of a clock jump (only when the profile's
   * `jumpPercent` is above 0): three draws, always all three so that
   * zeroing "clock jump?" leaves every later draw meaning what it meant.
   * A jump moves what the clock reads from now on; the node's pending
   * timers fire when they would have (they count the oscillator, which a
   * jump does not touch).
   */
  tick(): void {
    const world = this.world;
    const percent = world.setup.clocks.jumpPercent;
    if (percent === 0) return;
    const choices = world.setup.choices;
    choices.startSpan(CLOCK_JUMP_SPAN);
    const jump = choices.drawBool(percent, "clock jump?");
    const node = choices.draw(world.size, "jump node");
    const jumpMs = CLOCK_JUMP_SIZES_MS[choices.draw(CLOCK_JUMP_SIZES_MS.length, "jump size")] ?? 0;
    choices.endSpan();
    if (!jump) return;
    this.jumpedMs[node] = (this.jumpedMs[node] ?? 0) + jumpMs;
    if (world.setup.recordTrace) world.trace.push({ kind: "clock-jump", time: world.time, step: world.step, node, jumpMs, readsMs: this.now(node) });
  }
}
