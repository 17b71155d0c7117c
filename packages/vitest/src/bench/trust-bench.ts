import { GeneratedChoices, huntScenarioOverrides, type ProtocolPlugin, type ScenarioOptions } from "@cx/sim";
import { writeFileAtomic } from "../repro/write-file-atomic.js";
import { countOption, OptionsError } from "../schedule-options.js";

/** Options of {@link runTrustBench}: how many generated schedules, from which seed. Counted in runs, never seconds, so the figures reproduce. */
export interface TrustBenchOptions {
  /** Generated schedules of the correct protocol: the trust run. */
  readonly schedules: number;
  /** Generated schedules run with each seeded defect switched on. */
  readonly defectSchedules: number;
  /** Schedule i of each series uses seed `firstSeed + i` (default 1). */
  readonly firstSeed?: number;
}

/** How often one seeded defect is exposed by a random hunt-style schedule. */
export interface DefectExposure {
  readonly defect: string;
  /** The invariant the defect is expected to break. */
  readonly caughtBy: string;
  readonly schedules: number;
  /** Schedules that ended in a violation, by the invariant violated. */
  readonly violations: Readonly<Record<string, number>>;
}

/** What {@link runTrustBench} measured, in the shape the example benches write to results/. */
export interface TrustBenchResult {
  /** The scenario every schedule ran in: the plug-in's, with the hunt's overrides. */
  readonly scenario: ScenarioOptions;
  readonly trust: {
    readonly schedules: number;
    readonly firstSeed: number;
    /** Violations of the correct protocol: anything but 0 is a bug in the protocol or the world. */
    readonly violations: number;
    /** The first five, as `seed S: Invariant: message`, so one replays with `GeneratedChoices(S)`. */
    readonly examples: readonly string[];
    readonly clientOperations: number;
    readonly events: number;
    /** Wall time of the trust run alone, to a tenth of a second. */
    readonly seconds: number;
  };
  readonly defects: readonly DefectExposure[];
}

const EXAMPLES = 5;

/**
 * A protocol's trust run and defect exposure, with the hunt's scenario
 * options (drawn horizon, swarm profile with the nemesis, steady client
 * cadence, a 4 s fault phase): `schedules` generated schedules of the
 * correct protocol, which must report no violation, then `defectSchedules`
 * of each seeded defect, counting which invariant each one breaks.
 *
 * When to use: in a protocol package's bench script, to publish the
 * figures that say the checks are quiet on the correct protocol and loud
 * on each defect. Runs everything in this thread; print the result with
 * {@link trustBenchLines}.
 *
 * Gotchas: the schedules are independent random ones by seed, not hunts: a
 * rate says how often a random schedule exposes a defect, not how soon `cx
 * hunt` finds it. Throws {@link OptionsError} on a count below 1.
 *
 * @example
 * ```ts
 * const result = runTrustBench(protocolPlugin, { schedules: 1000, defectSchedules: 300 });
 * result.trust.violations; // 0 for a correct protocol
 * ```
 */
export function runTrustBench(plugin: ProtocolPlugin, options: TrustBenchOptions): TrustBenchResult {
  const where = `runTrustBench(${plugin.name})`;
  countOption(where, { field: "schedules", value: options.schedules, min: 1 });
  countOption(where, { field: "defectSchedules", value: options.defectSchedules, min: 1 });
  const firstSeed = options.firstSeed ?? 1;
  if (!Number.isSafeInteger(firstSeed)) throw new OptionsError(`${where}: firstSeed: expected an integer, got ${JSON.stringify(options.firstSeed)}`);

  const started = process.hrtime.bigint();
  const violations: string[] = [];
  let events = 0;
  let clientOperations = 0;
  for (let seed = firstSeed; seed < firstSeed + options.schedules; seed++) {
    const run = plugin.run({ choices: new GeneratedChoices(seed), options: huntScenarioOverrides });
    events += run.counters.events;
    clientOperations += run.history.length;
    if (run.violation !== null) violations.push(`seed ${seed}: ${run.violation.invariant}: ${run.violation.message}`);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;

  const defects = plugin.defects.map((defect): DefectExposure => {
    const found = new Map<string, number>();
    for (let seed = firstSeed; seed < firstSeed + options.defectSchedules; seed++) {
      const violation = plugin.run({ defects: [defect.name], choices: new GeneratedChoices(seed), options: huntScenarioOverrides }).violation;
      if (violation !== null) found.set(violation.invariant, (found.get(violation.invariant) ?? 0) + 1);
    }
    return { defect: defect.name, caughtBy: defect.caughtBy, schedules: options.defectSchedules, violations: Object.fromEntries(found) };
  });

  return {
    scenario: { ...plugin.scenario, ...huntScenarioOverrides },
    trust: { schedules: options.schedules, firstSeed, violations: violations.length, examples: violations.slice(0, EXAMPLES), clientOperations, events, seconds: Number(seconds.toFixed(1)) },
    defects,
  };
}

/**
 * The bench's report as lines to print: the trust run (with the first
 * violations, if any), then each defect's exposure rate for the invariant
 * it should break and every violation it caused. `subject` is what the
 * correct code is called in the sentence ("protocol", "service").
 *
 * @example
 * ```ts
 * for (const line of trustBenchLines(result, "protocol")) console.log(line);
 * // trust run (1000 schedules)   0 violations on the correct protocol, 18342 client operations, 4.2 s
 * ```
 */
export function trustBenchLines(result: TrustBenchResult, subject: string): string[] {
  const line = (label: string, value: string): string => `${label.padEnd(30)}${value}`;
  const { trust } = result;
  return [
    line(`trust run (${trust.schedules} schedules)`, `${trust.violations} violations on the correct ${subject}, ${trust.clientOperations} client operations, ${trust.seconds} s`),
    ...trust.examples.map((example) => `  ! ${example}`),
    ...result.defects.map((d) => {
      const expected = d.violations[d.caughtBy] ?? 0;
      return line(`  ${d.defect}`, `${((expected / d.schedules) * 100).toFixed(1)}% of ${d.schedules} schedules break ${d.caughtBy}; all: ${JSON.stringify(d.violations)}`);
    }),
  ];
}

/**
 * Writes a trust bench's report as JSON (`{ benchmark, node, quick,
 * scenario, trust, defects }`), atomically, so a bench killed mid-write
 * leaves the last figures whole and every example's results file has one
 * shape. Creates the folder if needed.
 *
 * @example
 * ```ts
 * writeTrustBenchReport(resolve(import.meta.dirname, "../../../results/lease-lock-bench.json"), { benchmark: "lease-lock", quick, result });
 * ```
 */
export function writeTrustBenchReport(path: string, report: { readonly benchmark: string; readonly quick: boolean; readonly result: TrustBenchResult }): void {
  const { benchmark, quick, result } = report;
  writeFileAtomic(path, `${JSON.stringify({ benchmark, node: process.version, quick, ...result }, null, 2)}\n`);
}
