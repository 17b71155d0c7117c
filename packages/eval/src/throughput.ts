import { performance } from "node:perf_hooks";
import { GeneratedChoices, isRunLimitError, type ProtocolPlugin, type RunResult } from "@cx/sim";
import type { ThroughputResults } from "./results.js";
import { median } from "./median.js";

const FIRST_SEED = 10_000;
const WARM_UP_RUNS = 20;

/**
 * Runs and events per second of a protocol's scenario with no defect, on
 * the calling thread: the median over `batches` batches of `runs` runs, and
 * the same seeds with every monitor off as the baseline (their ratio is
 * what checking costs).
 *
 * When to use: by `runExperiment`; keep other work off the machine meanwhile.
 *
 * @example
 * ```ts
 * const t = measureThroughput({ plugin: protocolPlugin, runs: 100, batches: 5 });
 * console.log(t.runsPerSecond, t.eventsPerSecond);
 * ```
 */
export function measureThroughput(options: { readonly plugin: ProtocolPlugin; readonly runs: number; readonly batches: number }): ThroughputResults {
  const { plugin } = options;
  const runs = Math.max(1, options.runs);
  const batches = Math.max(1, options.batches);
  let runaways = 0;
  // A run a run limit stops still counts, at the time it took: a protocol whose messages never let up (a storm after
  // it broke, with monitors off) is slow, not unmeasurable.
  const runOnce = (seed: number, monitors: boolean): number => {
    let result: RunResult<unknown, unknown>;
    try {
      result = plugin.run({ choices: new GeneratedChoices(seed), ...(monitors ? {} : { monitors: false }) });
    } catch (error) {
      if (!isRunLimitError(error)) throw error;
      runaways++;
      return error.events;
    }
    return result.counters.events;
  };
  for (let i = 0; i < WARM_UP_RUNS; i++) runOnce(FIRST_SEED - 1 - i, true);
  runaways = 0;
  const rates: number[] = [];
  const eventRates: number[] = [];
  const baselineRates: number[] = [];
  let events = 0;
  for (let b = 0; b < batches; b++) {
    const first = FIRST_SEED + b * runs;
    let batchEvents = 0;
    let started = performance.now();
    for (let i = 0; i < runs; i++) batchEvents += runOnce(first + i, true);
    let seconds = (performance.now() - started) / 1000;
    rates.push(runs / seconds);
    eventRates.push(batchEvents / seconds);
    events += batchEvents;
    started = performance.now();
    for (let i = 0; i < runs; i++) runOnce(first + i, false);
    seconds = (performance.now() - started) / 1000;
    baselineRates.push(runs / seconds);
  }
  const runsPerSecond = median(rates);
  const baselineRunsPerSecond = median(baselineRates);
  return {
    runs,
    batches,
    runsPerSecond,
    eventsPerSecond: median(eventRates),
    meanEventsPerRun: events / (runs * batches),
    baselineRunsPerSecond,
    ratioToBaseline: runsPerSecond / baselineRunsPerSecond,
    ...(runaways > 0 ? { runaways } : {}),
  };
}
