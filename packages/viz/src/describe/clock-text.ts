import { nodeName } from "@cx/check";
import type { TraceEvent } from "@cx/sim";

type ClockEvent = Extract<TraceEvent, { kind: "clock" }>;
type ClockJumpEvent = Extract<TraceEvent, { kind: "clock-jump" }>;

/** `1.0% fast`, `0.5% slow`, `50 ppm fast`: a drift in parts per million, as a person reads it. */
export function driftText(driftPpm: number): string {
  const way = driftPpm >= 0 ? "fast" : "slow";
  const ppm = Math.abs(driftPpm);
  return ppm >= 1000 ? `${(ppm / 10_000).toFixed(1)}% ${way}` : `${ppm} ppm ${way}`;
}

/** `400 ms`, `2.5 s`, `40 s`. */
export function durationText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** `400 ms ahead of`, `25 ms behind`, or `exactly` (what a clock reads against the world). */
function aheadText(ms: number): string {
  if (ms === 0) return "exactly";
  return `${Math.abs(ms)} ms ${ms > 0 ? "ahead of" : "behind"}`;
}

/**
 * A node's drawn clock as a sentence. With `afterMs` (the story's end), how
 * far ahead of the world the drift has taken it by then:
 * `s1's clock runs 1.0% fast (reads 400 ms ahead of the world after 40 s)`,
 * `s2's clock runs 0.5% slow, starting 80 ms ahead`, `s0's clock reads 320 ms ahead of the world`.
 */
export function clockText(event: Pick<ClockEvent, "node" | "offsetMs" | "driftPpm">, afterMs?: number): string {
  const clock = `${nodeName(event.node)}'s clock`;
  if (event.driftPpm === 0) return `${clock} reads ${aheadText(event.offsetMs)} the world`;
  const start = event.offsetMs === 0 ? "" : `, starting ${event.offsetMs} ms ahead`;
  if (afterMs === undefined || afterMs <= 0) return `${clock} runs ${driftText(event.driftPpm)}${start}`;
  // What the world's clock arithmetic gives (see @cx/sim's `clockReadingMs`), without the jumps, told on their own.
  const ahead = event.offsetMs + Math.floor((afterMs * event.driftPpm) / 1_000_000);
  const reads = ahead === 0 ? "reads the world's time" : `reads ${aheadText(ahead)} the world`;
  return `${clock} runs ${driftText(event.driftPpm)}${start} (${reads} after ${durationText(afterMs)})`;
}

/** `s2's clock jumps 300 ms back, to 1700 ms`. */
export function clockJumpText(event: Pick<ClockJumpEvent, "node" | "jumpMs" | "readsMs">): string {
  return `${nodeName(event.node)}'s clock jumps ${Math.abs(event.jumpMs)} ms ${event.jumpMs >= 0 ? "forward" : "back"}, to ${event.readsMs} ms`;
}
