import { CLUSTER_SIZE_MAX, defaultScenarioOptions, type ScenarioOptions } from "./options.js";

/** An inclusive integer range a scenario option must lie in. */
export interface OptionRange {
  readonly min: number;
  readonly max: number;
  /** Why the bounds are what they are, for the message a person reads. */
  readonly why: string;
}

/**
 * The longest a run may last in simulated time: `faultPhaseMs + calmMaxMs`
 * (two simulated minutes, 24 times the default run). A run's time and
 * memory grow with its length; this keeps a hostile file from asking for
 * hours. The largest run the bounds allow takes a few seconds.
 */
export const MAX_SIMULATED_MS = 120_000;

/**
 * Most fault ticks in a run (`faultPhaseMs / faultTickMs`): every tick is
 * scheduled when the run starts, and far-future events cost more to queue.
 */
export const MAX_FAULT_TICKS = 2000;

/** The largest drift bound, in parts per million: a clock at the bound still runs at half the world's rate or more, at one and a half times or less. */
export const MAX_CLOCK_DRIFT_PPM = 500_000;

/**
 * The documented range of every numeric scenario option (inclusive). A new
 * option must add its range here: the `satisfies` makes a missing one a
 * type error.
 */
export const scenarioOptionRanges = {
  clients: { min: 0, max: 16, why: "more clients only slow every run down" },
  opsPerClient: { min: 0, max: 100, why: "a history of at most 1,600 operations keeps every check fast" },
  clientStartMs: { min: 0, max: MAX_SIMULATED_MS, why: "clients start within the run" },
  clientTimeoutMs: { min: 1, max: 60_000, why: "a timeout of 0 would retry in the same millisecond forever" },
  clientAttempts: { min: 1, max: 100, why: "at least one attempt per operation" },
  faultPhaseMs: { min: 0, max: MAX_SIMULATED_MS, why: "the run lasts at most two simulated minutes" },
  faultTickMs: { min: 1, max: 60_000, why: "a tick of 0 ms would never advance the clock" },
  calmMinMs: { min: 0, max: MAX_SIMULATED_MS, why: "the run lasts at most two simulated minutes" },
  calmMaxMs: { min: 0, max: MAX_SIMULATED_MS, why: "the run lasts at most two simulated minutes" },
  messageDelayMsMin: { min: 1, max: 10_000, why: "every message takes at least 1 ms, so an exchange always advances the clock" },
  drawnHorizon: { min: 0, max: 1, why: "0 keeps the fixed horizon of the options above; 1 draws a horizon no longer than it from the choices" },
  swarm: { min: 0, max: 2, why: "0 runs the world without a swarm profile; 1 draws one from the choices; 2 draws one with the nemesis and partitions that cut messages in flight" },
  clientCadence: { min: 0, max: 1, why: "0 spreads client operations over the drawn fault phase; 1 keeps the full fault phase's cadence and hurries in the calm phase" },
  clockDriftPpm: { min: 0, max: MAX_CLOCK_DRIFT_PPM, why: "parts per million: 0 keeps every clock perfect; a clock runs at most 50% fast or slow" },
  clockJumps: { min: 0, max: 1, why: "0: clocks never jump; 1: a node's clock may jump forward or back at fault ticks" },
  diskFaults: { min: 0, max: 1, why: "0: a disk keeps what was synced; 1: what was synced may read back corrupt or unreadable at a restart" },
} as const satisfies Record<Exclude<keyof ScenarioOptions, "clusterSize">, OptionRange>;

/** One problem in a set of scenario options: the option (`faultTickMs`, or `""` for the whole value) and what was expected. */
export interface ScenarioOptionError {
  readonly path: string;
  readonly message: string;
}

/** What {@link validateScenarioOptions} returns: the options with defaults filled in, or every problem found. */
export type ScenarioOptionsCheck = { readonly ok: true; readonly value: ScenarioOptions } | { readonly ok: false; readonly errors: ScenarioOptionError[] };

const RANGE_KEYS = Object.keys(scenarioOptionRanges) as (keyof typeof scenarioOptionRanges)[];
const KNOWN_KEYS: ReadonlySet<string> = new Set<string>([...RANGE_KEYS, "clusterSize"]);

/**
 * Checks scenario options (from a reproduction file, a flag, a caller)
 * against {@link scenarioOptionRanges}: every value an integer in its
 * range, `clusterSize` from 1 to 9, `calmMinMs <= calmMaxMs`,
 * `faultPhaseMs + calmMaxMs <= MAX_SIMULATED_MS` and at most
 * `MAX_FAULT_TICKS` fault ticks. Missing options take
 * their defaults.
 *
 * When to use: before running options that did not come from this code
 * (`runScenario` calls it too, and throws {@link ScenarioOptionsError}).
 *
 * Gotchas: never throws; an unknown option is an error (a typo must not be
 * silently ignored); `undefined` values count as missing.
 *
 * @example
 * ```ts
 * const checked = validateScenarioOptions({ faultTickMs: 0 });
 * // { ok: false, errors: [{ path: "faultTickMs", message: "expected an integer from 1 to 60000 (a tick of 0 ms would never advance the clock), got 0" }] }
 * ```
 */
export function validateScenarioOptions(input: unknown): ScenarioOptionsCheck {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, errors: [{ path: "", message: `expected an object of scenario options, got ${describe(input)}` }] };
  }
  const errors: ScenarioOptionError[] = [];
  for (const key of Object.keys(input)) {
    if (!KNOWN_KEYS.has(key)) errors.push({ path: key, message: `unknown scenario option (expected one of ${[...KNOWN_KEYS].join(", ")})` });
  }
  const given = input as Record<string, unknown>;
  const value: Record<string, number> = { ...defaultScenarioOptions };
  for (const key of RANGE_KEYS) {
    const found = given[key];
    if (found === undefined) continue;
    const range: OptionRange = scenarioOptionRanges[key];
    if (typeof found !== "number" || !Number.isInteger(found) || found < range.min || found > range.max) {
      errors.push({ path: key, message: `expected an integer from ${range.min} to ${range.max} (${range.why}), got ${describe(found)}` });
      continue;
    }
    value[key] = found;
  }
  const size = given["clusterSize"];
  if (size !== undefined) {
    if (typeof size !== "number" || !Number.isInteger(size) || size < 1 || size > CLUSTER_SIZE_MAX) errors.push({ path: "clusterSize", message: `expected a whole number of nodes from 1 to ${CLUSTER_SIZE_MAX}, got ${describe(size)}` });
    else value["clusterSize"] = size;
  }
  if (errors.length === 0) {
    const calmMin = value["calmMinMs"] as number;
    const calmMax = value["calmMaxMs"] as number;
    const faultPhase = value["faultPhaseMs"] as number;
    if (calmMin > calmMax) errors.push({ path: "calmMinMs", message: `expected at most calmMaxMs (${calmMax}), got ${calmMin}` });
    if (faultPhase + calmMax > MAX_SIMULATED_MS) {
      errors.push({ path: "calmMaxMs", message: `expected faultPhaseMs + calmMaxMs <= ${MAX_SIMULATED_MS} (two simulated minutes), got ${faultPhase} + ${calmMax}` });
    }
    const tick = value["faultTickMs"] as number;
    if (Math.floor(faultPhase / tick) > MAX_FAULT_TICKS) {
      errors.push({ path: "faultTickMs", message: `expected at most ${MAX_FAULT_TICKS} fault ticks (faultPhaseMs / faultTickMs), got ${faultPhase} / ${tick}` });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: value as unknown as ScenarioOptions };
}

/**
 * Thrown by `runScenario` when its options are outside
 * {@link scenarioOptionRanges}. Recognise it with
 * {@link isScenarioOptionsError} (a tag, so it survives copies of the
 * package); `errors` lists every problem.
 *
 * @example
 * ```ts
 * try { runScenario(spec); } catch (e) { if (isScenarioOptionsError(e)) console.error(e.message); }
 * ```
 */
export class ScenarioOptionsError extends Error {
  readonly _tag = "ScenarioOptionsError";
  constructor(readonly errors: readonly ScenarioOptionError[]) {
    super(`invalid scenario options: ${errors.map((e) => (e.path === "" ? e.message : `${e.path}: ${e.message}`)).join("; ")}`);
    this.name = "ScenarioOptionsError";
  }
}

/**
 * Is this a {@link ScenarioOptionsError}?
 *
 * @example
 * ```ts
 * if (isScenarioOptionsError(error)) process.exitCode = 2;
 * ```
 */
export function isScenarioOptionsError(error: unknown): error is ScenarioOptionsError {
  return typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "ScenarioOptionsError";
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  return String(value);
}
