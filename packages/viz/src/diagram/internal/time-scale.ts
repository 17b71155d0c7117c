/**
 * A piecewise-linear time axis: between consecutive interesting times the
 * scale is linear, but a stretch longer than `idleMs` is squeezed to a
 * fixed width and marked as a break, stretches far from any story step are
 * compressed, and a moment where several story steps sit gets the room
 * their badges need, so a run's quiet seconds do not crowd out the few
 * milliseconds where it breaks.
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
const BREAK_PX = 40;
/** A stretch with no story step near either end gets this share of the room a busy one gets per millisecond. */
const QUIET_WEIGHT = 0.25;
/** How close (ms) a time must be to a story step to count as part of its moment. */
const NEAR_MS = 6;
/** Most pixels per millisecond, where the axis has room to spare. */
const PX_PER_MS_MAX = 40;
/**
 * A burst of story steps a few milliseconds apart (an election, the moment
 * the property breaks) gets at least this many pixels per millisecond, so
 * its arrows and badges stay apart even when that makes the diagram wider.
 */
const BURST_MS = 3;
const BURST_PX_PER_MS = 30;
/** The burst that ends at the violation, the decisive moment, gets twice that. */
const DECISIVE_MS = 6;
const DECISIVE_PX_PER_MS = 60;

export interface TimeScaleSetup {
  readonly from: number;
  readonly to: number;
  readonly times: readonly number[];
  readonly idleMs: number;
  readonly widthTarget: number;
  /** Times of story steps: stretches far from all of them are compressed. */
  readonly focus?: readonly number[];
  /** Pixels wanted right after a time (badges of several steps at one moment). */
  readonly room?: ReadonlyMap<number, number>;
  /** When the property broke: the milliseconds just before it get the most room. */
  readonly decisive?: number;
}

export function timeScale(setup: TimeScaleSetup): TimeScale {
  const { from, to, idleMs } = setup;
  const room = setup.room ?? new Map<number, number>();
  const focus = [...new Set(setup.focus ?? [])].sort((a, b) => a - b);
  const times = [...new Set([from, to, ...setup.times.filter((t) => t >= from && t <= to), ...[...room.keys()].filter((t) => t >= from && t <= to)])].sort((a, b) => a - b);
  const near = (t: number): boolean => focus.length === 0 || focus.some((f) => Math.abs(f - t) <= NEAR_MS);
  const weights: number[] = [0];
  let units = 0;
  let fixed = 0;
  for (let i = 1; i < times.length; i++) {
    const a = times[i - 1] as number;
    const b = times[i] as number;
    const weight = b - a > idleMs ? 0 : near(a) || near(b) ? 1 : QUIET_WEIGHT;
    weights.push(weight);
    units += (b - a) * weight;
    fixed += weight === 0 ? BREAK_PX : 0;
    fixed += room.get(a) ?? 0;
  }
  // Badges at the very end are pushed back left (never past the window's end): their room comes before it.
  const endRoom = room.get(times[times.length - 1] as number) ?? 0;
  fixed += endRoom;
  const pxPerMs = Math.min(PX_PER_MS_MAX, Math.max(1, (setup.widthTarget - fixed) / Math.max(1, units)));
  const positions: number[] = [0];
  const breaks: [number, number][] = [];
  for (let i = 1; i < times.length; i++) {
    const a = times[i - 1] as number;
    const b = times[i] as number;
    const weight = weights[i] as number;
    if (weight === 0) breaks.push([a, b]);
    // A floor of a few pixels keeps distinct moments distinct; a moment with badges gets their room.
    const decisive = setup.decisive !== undefined && b <= setup.decisive && setup.decisive - a <= DECISIVE_MS;
    const burst = weight === 1 && b - a <= BURST_MS ? (b - a) * (decisive ? DECISIVE_PX_PER_MS : BURST_PX_PER_MS) : 0;
    const natural = weight === 0 ? BREAK_PX : Math.max(3, (b - a) * weight * pxPerMs, burst);
    positions.push((positions[i - 1] as number) + Math.max(natural, room.get(a) ?? 0, i === times.length - 1 ? endRoom : 0));
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
