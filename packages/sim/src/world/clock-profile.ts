import type { ChoiceSource } from "../choices/choice-source.js";
import type { ScenarioOptions } from "../scenario/options.js";

/** The label of the span holding the clocks' draws. */
export const CLOCKS_SPAN = "clocks";

/** The label of the span a fault tick draws a clock jump in (only when the clock profile's `jumpPercent` is above 0). */
export const CLOCK_JUMP_SPAN = "clock jump";

/**
 * How far a clock may stray from true time between two syncs, in units of
 * the drift bound: 64 s, NTP's shortest default poll interval. A clock whose
 * drift stays within `clockDriftPpm` and that was synced 64 s ago is off by
 * at most `clockDriftPpm * 64 s`, so that is the largest offset drawn
 * (640 ms at 1%).
 */
export const CLOCK_SYNC_PERIOD_MS = 64_000;

/** A node's drawn offset, in eighths of the largest (`clockDriftPpm * CLOCK_SYNC_PERIOD_MS`), by the "clock offset" draw. */
export const CLOCK_OFFSET_EIGHTHS = [0, 1, 4, 8] as const;

/**
 * A node's drawn drift, in halves of the bound (positive: the clock runs
 * fast), by the "clock drift" draw: calmer first, the bound itself in both
 * directions last.
 */
export const CLOCK_DRIFT_HALVES = [0, 1, -1, 2, -2] as const;

/** The chances, per fault tick, that a node's clock jumps, by the "clock jump level" draw (only with `clockJumps: 1`). */
export const CLOCK_JUMP_LEVELS = [0, 5, 15, 30] as const;

/** How far a clock jumps (positive: forward), by the "jump size" draw: the smallest step forward first. */
export const CLOCK_JUMP_SIZES_MS = [10, -10, 100, -100, 300, -300, 1000, -1000] as const;

/** Most draws in the clocks span: an offset and a drift for each of at most five nodes, then the jump level. */
export const CLOCK_DRAWS_MAX = 2 * 5 + 1;

const PPM = 1_000_000;

/** One node's clock as drawn: what it read when the run began and how fast it runs. */
export interface NodeClock {
  /** What the clock reads at world time 0 (it is this far ahead of the world, before it drifts). */
  readonly offsetMs: number;
  /** How fast it runs, in parts per million: 10,000 gains 10 ms a second; negative loses. Within `±clockDriftPpm`. */
  readonly driftPpm: number;
}

/**
 * Each node's clock and how often clocks jump: drawn once, in one place,
 * after the swarm profile, and only when the scenario asks for it
 * (`clockDriftPpm` above 0, or `clockJumps: 1`). Every draw at 0 is a
 * perfect clock (offset 0, drift 0) and no jumps.
 */
export interface ClockProfile {
  /** One clock per node in id order; empty when the scenario draws none (every clock perfect). */
  readonly nodes: readonly NodeClock[];
  /** Chance, per fault tick, that a node's clock jumps forward or back (an out-of-model fault; 0 without `clockJumps: 1`). */
  readonly jumpPercent: number;
}

/** The clocks of every run whose scenario draws none: every node reads the world's clock. */
export const perfectClocks: ClockProfile = { nodes: [], jumpPercent: 0 };

/** A clock that reads the world's time exactly. */
export const perfectClock: NodeClock = { offsetMs: 0, driftPpm: 0 };

/**
 * Draws every node's clock when `options.clockDriftPpm` is above 0 (an
 * offset level and a drift level per node, in id order), then the jump
 * level when `options.clockJumps` is 1, all in one span labelled
 * {@link CLOCKS_SPAN}; draws nothing otherwise, so files saved without the
 * options keep their layout.
 *
 * @example
 * ```ts
 * const clocks = drawClockProfile(choices, { ...defaultScenarioOptions, clockDriftPpm: 10_000 }, 3);
 * clocks.nodes[0]; // { offsetMs: 0, driftPpm: 0 } when its two draws are 0
 * ```
 */
export function drawClockProfile(choices: ChoiceSource, options: ScenarioOptions, clusterSize: number): ClockProfile {
  const bound = options.clockDriftPpm;
  const jumps = options.clockJumps === 1;
  if (bound <= 0 && !jumps) return perfectClocks;
  choices.startSpan(CLOCKS_SPAN);
  const nodes: NodeClock[] = [];
  if (bound > 0) {
    const offsetMax = (bound * CLOCK_SYNC_PERIOD_MS) / PPM;
    for (let id = 0; id < clusterSize; id++) {
      const eighths = CLOCK_OFFSET_EIGHTHS[choices.draw(CLOCK_OFFSET_EIGHTHS.length, "clock offset")] ?? 0;
      const halves = CLOCK_DRIFT_HALVES[choices.draw(CLOCK_DRIFT_HALVES.length, "clock drift")] ?? 0;
      nodes.push({ offsetMs: Math.floor((offsetMax * eighths) / 8), driftPpm: Math.trunc((bound * halves) / 2) });
    }
  }
  const jumpPercent = jumps ? (CLOCK_JUMP_LEVELS[choices.draw(CLOCK_JUMP_LEVELS.length, "clock jump level")] ?? 0) : 0;
  choices.endSpan();
  return { nodes, jumpPercent };
}

/**
 * What a clock's oscillator has counted by world time `worldMs`: the world's
 * time plus what the drift added, in whole milliseconds (floored, so two
 * platforms agree: the product is an exact integer and the division is
 * correctly rounded). Never decreases as `worldMs` grows (a drift above
 * -100% loses less than a millisecond per millisecond).
 *
 * @example
 * ```ts
 * oscillatorMs({ offsetMs: 0, driftPpm: 10_000 }, 40_000); // 40400
 * ```
 */
export function oscillatorMs(clock: NodeClock, worldMs: number): number {
  return clock.driftPpm === 0 ? worldMs : worldMs + Math.floor((worldMs * clock.driftPpm) / PPM);
}

/**
 * What a node's clock reads at world time `worldMs`: its offset, its
 * oscillator and the jumps it took so far (`jumpedMs`), never below 0.
 *
 * @example
 * ```ts
 * clockReadingMs({ offsetMs: 80, driftPpm: 10_000 }, 40_000, -300); // 40180
 * ```
 */
export function clockReadingMs(clock: NodeClock, worldMs: number, jumpedMs: number): number {
  return Math.max(0, clock.offsetMs + oscillatorMs(clock, worldMs) + jumpedMs);
}

/**
 * The world time at which a timer of `delayMs` set at world time `worldMs`
 * fires on a node with this clock: the first world millisecond at which the
 * node's oscillator has counted `delayMs` more than when it was set (a timer
 * is a duration on the node's own oscillator, as a host timer on a
 * monotonic clock). A fast clock fires early in world time, a slow one late;
 * a jump does not move it.
 *
 * @example
 * ```ts
 * timerFiresAt({ offsetMs: 0, driftPpm: 10_000 }, 0, 1010); // 1000
 * ```
 */
export function timerFiresAt(clock: NodeClock, worldMs: number, delayMs: number): number {
  if (clock.driftPpm === 0) return worldMs + delayMs;
  // The smallest t with t + floor(t * ppm / 1e6) >= target is ceil(target * 1e6 / (1e6 + ppm)):
  // an exact integer over an integer, and no quotient of these sizes lies close enough to an integer to round onto it.
  const target = oscillatorMs(clock, worldMs) + delayMs;
  return Math.max(worldMs, Math.ceil((target * PPM) / (PPM + clock.driftPpm)));
}
