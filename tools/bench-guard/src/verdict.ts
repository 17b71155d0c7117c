import { cellName, type Cell } from "./cells.js";

/**
 * The guard fails when this build's runs/s falls below this share of the
 * baseline's (a drop of more than 10%), in the median round and in the
 * fastest round alike.
 */
export const RATIO_FLOOR = 0.9;

/** What the verdict reads of one probe: its speed and what it ran. */
export interface Sample {
  /** Runs per CPU second. */
  readonly runsPerSecond: number;
  readonly eventsPerSecond: number;
  readonly digest: string;
  /** Per seed, what the run did; kept to say where two builds part. */
  readonly outcomes?: readonly string[];
}

/** Whether the two builds ran the same runs, judged by the probes' digests. */
export type RunsComparison =
  | { readonly kind: "same"; readonly digest: string }
  | { readonly kind: "different"; readonly baseline: string; readonly current: string; readonly firstDifference: { readonly seed: number; readonly baseline: string; readonly current: string } | null }
  | { readonly kind: "unstable"; readonly build: "baseline" | "current"; readonly digests: readonly string[] };

export interface Speed {
  readonly runsPerSecond: number;
  readonly eventsPerSecond: number;
}

/** One cell, judged: medians over rounds, this build's over the baseline's. */
export interface CellVerdict {
  readonly cell: Cell;
  readonly rounds: number;
  /** Medians over rounds. */
  readonly baseline: Speed;
  readonly current: Speed;
  /** This build's median runs/s over the baseline's. */
  readonly ratio: number;
  /** This build's median events/s over the baseline's. */
  readonly eventsRatio: number;
  /** This build's fastest round's runs/s over the baseline's fastest. */
  readonly bestRatio: number;
  /** Both ratios below the floor. */
  readonly slower: boolean;
  readonly runs: RunsComparison;
}

/** The median; the mean of the two middle values for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function firstDifference(baseline: readonly string[] | undefined, current: readonly string[] | undefined): { seed: number; baseline: string; current: string } | null {
  if (baseline === undefined || current === undefined) return null;
  for (let i = 0; i < Math.max(baseline.length, current.length); i++) {
    if (baseline[i] !== current[i]) return { seed: i + 1, baseline: baseline[i] ?? "(no run)", current: current[i] ?? "(no run)" };
  }
  return null;
}

/**
 * Compares what two builds ran: every round of a build must agree with
 * itself (a build whose runs change between rounds is not deterministic),
 * then the two builds' digests with each other.
 */
export function compareRuns(baseline: readonly Sample[], current: readonly Sample[]): RunsComparison {
  for (const [build, samples] of [["baseline", baseline], ["current", current]] as const) {
    const digests = [...new Set(samples.map((s) => s.digest))];
    if (digests.length > 1) return { kind: "unstable", build, digests };
  }
  const b = baseline[0];
  const c = current[0];
  if (b === undefined || c === undefined) throw new Error("compareRuns needs a sample of each build");
  if (b.digest === c.digest) return { kind: "same", digest: b.digest };
  return { kind: "different", baseline: b.digest, current: c.digest, firstDifference: firstDifference(b.outcomes, c.outcomes) };
}

/**
 * Judges one cell from its rounds: medians of each build, their ratio, and
 * whether the runs were the same. A cell is slower only when the fastest
 * rounds agree with the medians: another job on the machine can only slow a
 * probe down, so on a shared machine the medians of a few rounds wander by
 * about as much as the floor allows while the fastest rounds hold steady,
 * and a real slowdown moves both.
 */
export function judgeCell(cell: Cell, samples: { readonly baseline: readonly Sample[]; readonly current: readonly Sample[] }, floor = RATIO_FLOOR): CellVerdict {
  const speed = (of: readonly Sample[]): Speed => ({ runsPerSecond: median(of.map((s) => s.runsPerSecond)), eventsPerSecond: median(of.map((s) => s.eventsPerSecond)) });
  const fastest = (of: readonly Sample[]): number => Math.max(...of.map((s) => s.runsPerSecond));
  const baseline = speed(samples.baseline);
  const current = speed(samples.current);
  const ratio = current.runsPerSecond / baseline.runsPerSecond;
  const bestRatio = fastest(samples.current) / fastest(samples.baseline);
  return {
    cell,
    rounds: Math.min(samples.baseline.length, samples.current.length),
    baseline,
    current,
    ratio,
    eventsRatio: current.eventsPerSecond / baseline.eventsPerSecond,
    bestRatio,
    slower: ratio < floor && bestRatio < floor,
    runs: compareRuns(samples.baseline, samples.current),
  };
}

/** The guard's verdict: failures make the bench exit 1; notes are printed and recorded either way. */
export interface GuardVerdict {
  readonly ok: boolean;
  readonly failures: readonly string[];
  readonly notes: readonly string[];
}

function runsMessage(name: string, runs: RunsComparison): string | null {
  if (runs.kind === "same") return null;
  if (runs.kind === "unstable") return `${name}: the ${runs.build === "current" ? "this build's" : "baseline's"} runs changed between rounds (digests ${runs.digests.map((d) => d.slice(0, 12)).join(", ")}): that build is not deterministic`;
  const where = runs.firstDifference === null ? "" : ` (first at seed ${runs.firstDifference.seed}: baseline "${runs.firstDifference.baseline}", this build "${runs.firstDifference.current}"; fields: seed violation events messages decisions endTime)`;
  return `${name}: this build runs different runs from the baseline's, digest ${runs.current.slice(0, 12)} against ${runs.baseline.slice(0, 12)}${where}`;
}

/**
 * The verdict over every cell: a slower cell fails; runs that
 * differ from the baseline's fail unless `allowDifferent` (a change to the
 * world's behaviour is not a speed regression, but the speeds then compare
 * different work, so it is said either way); runs that change between rounds
 * of one build always fail.
 */
export function judgeGuard(cells: readonly CellVerdict[], options: { readonly allowDifferent: boolean; readonly floor?: number }): GuardVerdict {
  const floor = options.floor ?? RATIO_FLOOR;
  const failures: string[] = [];
  const notes: string[] = [];
  for (const verdict of cells) {
    const name = cellName(verdict.cell);
    if (verdict.slower) {
      failures.push(`${name}: runs/s ${verdict.ratio.toFixed(3)} of the baseline's (fastest rounds ${verdict.bestRatio.toFixed(3)}), below ${floor.toFixed(2)} (medians: baseline ${Math.round(verdict.baseline.runsPerSecond)}, this build ${Math.round(verdict.current.runsPerSecond)})`);
    }
    const message = runsMessage(name, verdict.runs);
    if (message === null) continue;
    if (verdict.runs.kind === "different" && options.allowDifferent) notes.push(`${message} (allowed)`);
    else failures.push(verdict.runs.kind === "different" ? `${message}; pass --allow-different (CX_BENCH_ALLOW_DIFFERENT=1) if the change is intended` : message);
  }
  return { ok: failures.length === 0, failures, notes };
}
