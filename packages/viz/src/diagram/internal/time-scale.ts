/**
 * A piecewise-linear time axis: between consecutive interesting times the
 * scale is linear, but a stretch longer than `idleMs` is squeezed to the
 * width of `idleMs` and marked as a break, so a run's idle seconds do not
 * push the action off the page.
 */
export interface TimeScale {
  readonly from: number;
  readonly to: number;
  /** Total width of the axis in pixels. */
  readonly width: number;
  x(time: number): number;
  /** Squeezed stretches, for break marks: [startTime, endTime]. */
  readonly breaks: readonly (readonly [number, number])[];
  /** The interesting times, ascending. */
  readonly times: readonly number[];
}

/** Width of a squeezed idle stretch, in pixels: room for its `+229ms` mark. */
const BREAK_PX = 36;

export function timeScale(setup: { from: number; to: number; times: readonly number[]; idleMs: number; widthTarget: number }): TimeScale {
  const { from, to, idleMs } = setup;
  const times = [...new Set([from, to, ...setup.times.filter((t) => t >= from && t <= to)])].sort((a, b) => a - b);
  // A squeezed stretch gets a fixed, narrow width: weighing it like `idleMs`
  // of action gave quiet seconds as much room as the busy moments that matter.
  let units = 0;
  let idle = 0;
  for (let i = 1; i < times.length; i++) {
    const gap = (times[i] as number) - (times[i - 1] as number);
    if (gap > idleMs) idle++;
    else units += gap;
  }
  const pxPerMs = Math.min(24, Math.max(1, (setup.widthTarget - idle * BREAK_PX) / Math.max(1, units)));
  const positions: number[] = [0];
  const breaks: [number, number][] = [];
  for (let i = 1; i < times.length; i++) {
    const gap = (times[i] as number) - (times[i - 1] as number);
    if (gap > idleMs) breaks.push([times[i - 1] as number, times[i] as number]);
    // A floor of a few pixels keeps distinct moments distinct.
    positions.push((positions[i - 1] as number) + (gap > idleMs ? BREAK_PX : Math.max(3, gap * pxPerMs)));
  }
  const width = positions[positions.length - 1] as number;
  const x = (time: number): number => {
    if (time <= (times[0] as number)) return 0;
    if (time >= (times[times.length - 1] as number)) return width;
    let low = 0;
    let high = times.length - 1;
    while (high - low > 1) {
      const mid = (low + high) >> 1;
      if ((times[mid] as number) <= time) low = mid;
      else high = mid;
    }
    const t0 = times[low] as number;
    const t1 = times[high] as number;
    const p0 = positions[low] as number;
    const p1 = positions[high] as number;
    return p0 + ((time - t0) / (t1 - t0)) * (p1 - p0);
  };
  return { from, to, width, x, breaks, times };
}
