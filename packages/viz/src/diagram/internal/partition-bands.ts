import type { TraceEvent } from "@cx/sim";

/** Each partition within the window, from its start (or the window's) to its heal (or the window's end), with its trace events. */
export function partitionBands(trace: readonly TraceEvent[], window: { from: number; to: number }): { from: number; to: number; shape: string; events: number[] }[] {
  const bands: { from: number; to: number; shape: string; events: number[] }[] = [];
  let open: { from: number; shape: string; index: number } | null = null;
  for (const [index, event] of trace.entries()) {
    if (event.time > window.to) break;
    if (event.kind === "partition") open = { from: event.time, shape: event.shape, index };
    else if (event.kind === "heal" && open !== null) {
      if (event.time >= window.from) bands.push({ from: Math.max(open.from, window.from), to: event.time, shape: open.shape, events: [open.index, index] });
      open = null;
    }
  }
  if (open !== null) bands.push({ from: Math.max(open.from, window.from), to: window.to, shape: open.shape, events: [open.index] });
  return bands;
}
