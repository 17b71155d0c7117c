/** The protocols the guard times, each by the workspace package whose `protocolPlugin` runs it. */
export const PROTOCOL_PACKAGES = { raft: "@cx/raft", paxos: "@cx/paxos" } as const;
export type ProtocolName = keyof typeof PROTOCOL_PACKAGES;

/**
 * The scenarios: the plug-in's own (what each protocol's bench times) and
 * `cx hunt`'s world (the plug-in's scenario with @cx/sim's
 * `huntScenarioOverrides`: a drawn horizon, the swarm, a 4 s fault phase).
 */
export const SCENARIOS = ["default", "hunt"] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** One protocol in one scenario: a row of the table. */
export interface Cell {
  readonly protocol: ProtocolName;
  readonly scenario: ScenarioName;
}

export const CELLS: readonly Cell[] = (Object.keys(PROTOCOL_PACKAGES) as ProtocolName[]).flatMap((protocol) => SCENARIOS.map((scenario) => ({ protocol, scenario })));

export const cellName = (cell: Cell): string => `${cell.protocol}/${cell.scenario}`;

/**
 * How much the guard runs, counted in runs, never seconds, so that a slower
 * machine takes longer instead of measuring less. Each probe warms up on
 * `warmupRuns` seeds of its own, then times `passes` passes over the fixed
 * seeds `1..runs[scenario]`, the same for both builds and every round.
 */
export interface Budget {
  readonly rounds: number;
  readonly warmupRuns: number;
  readonly passes: number;
  readonly runs: Readonly<Record<ScenarioName, number>>;
}

export function budgetOf(quick: boolean): Budget {
  // The JIT needs about a thousand runs before a pass's speed settles (a few hundred left it 20% slower and twice as noisy).
  return quick ? { rounds: 3, warmupRuns: 1000, passes: 2, runs: { default: 600, hunt: 300 } } : { rounds: 7, warmupRuns: 2000, passes: 2, runs: { default: 1500, hunt: 750 } };
}

/** What one probe prints (one JSON line): one build, one cell, its fastest timed pass. */
export interface ProbeReport {
  readonly protocol: ProtocolName;
  readonly scenario: ScenarioName;
  /** Runs per pass (seeds `1..runs`). */
  readonly runs: number;
  readonly passes: number;
  /** Events of one pass. */
  readonly events: number;
  /** Wall-clock seconds of the fastest pass. */
  readonly seconds: number;
  /** CPU seconds of the fastest pass (user and system, every thread of the process). */
  readonly cpuSeconds: number;
  /** Runs per CPU second in the fastest pass: what the guard compares. */
  readonly runsPerSecond: number;
  /** Events per CPU second in the fastest pass. */
  readonly eventsPerSecond: number;
  /** Runs per wall-clock second in the fastest pass, for the record. */
  readonly wallRunsPerSecond: number;
  /** Runs per CPU second of every pass, in order. */
  readonly passRunsPerSecond: readonly number[];
  /** Runs that reported a violation (correct protocols: none expected). */
  readonly violations: number;
  /** SHA-256 over `outcomes`: equal digests, the same runs. */
  readonly digest: string;
  /** Per seed, in order: `seed violation events messages decisions endTime`. */
  readonly outcomes: readonly string[];
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** Reads a probe's report from its stdout (the last non-empty line), or says what was wrong with it. */
export function parseProbeReport(stdout: string): { ok: true; value: ProbeReport } | { ok: false; error: string } {
  const line = stdout.trim().split("\n").at(-1) ?? "";
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, error: `expected a JSON line, found ${JSON.stringify(line.slice(0, 80))}` };
  }
  const r = value as Partial<Record<keyof ProbeReport, unknown>>;
  const numbers = [r.runs, r.passes, r.events, r.seconds, r.cpuSeconds, r.runsPerSecond, r.eventsPerSecond, r.wallRunsPerSecond, r.violations];
  if (typeof r.protocol !== "string" || typeof r.scenario !== "string" || !numbers.every(isNumber) || typeof r.digest !== "string" || !Array.isArray(r.outcomes) || !Array.isArray(r.passRunsPerSecond)) {
    return { ok: false, error: `not a probe report: ${line.slice(0, 120)}` };
  }
  return { ok: true, value: value as ProbeReport };
}
