import { CLUSTER_SIZE_MAX, GeneratedChoices, ReplayedChoices, type ProtocolPlugin } from "@cx/sim";
import { describe, expect, test } from "vitest";
import { countOption, OptionsError } from "../schedule-options.js";
import { clusterSizeProblems } from "./cluster-size-problems.js";
import { firstProblems, healthProblems, mirrorProblems, repeatedTraces, runDifferences } from "./contract-checks.js";
import { hashInProcess, hashInWorker } from "./hash-in-worker.js";
import { traceHashes } from "./trace-hashes.js";

/** Options of {@link describeProtocolContract}. */
export interface ProtocolContractOptions {
  /** Generated runs the correct protocol must survive (default 200). */
  readonly runs?: number;
  /** Generated runs whose logs are compared with the monitor's mirror (default the smaller of `runs` and 50). */
  readonly mirrorRuns?: number;
  /** The first seed; run i uses seed + i (default 1). */
  readonly seed?: number;
  /**
   * Where a worker thread loads the plug-in from, to check that another
   * thread computes the same traces: a URL (`new URL("../src/index.ts",
   * import.meta.url)`), an absolute path or a package name. The module must
   * export the plug-in (as `protocolPlugin`, the default export, or its one
   * plug-in). A package name is resolved from this package's folder, so
   * prefer a URL. Without it, that check is a `todo`.
   */
  readonly module?: URL | string;
  /** Compare the monitor's mirror of each log with the replicas' (default true; needs `replicaViews` on the plug-in). */
  readonly mirror?: boolean;
  /** Timeout of each registered test, in milliseconds (default 60,000): an outer cap only, the work is counted in runs. */
  readonly timeoutMs?: number;
  /**
   * Also check that the correct protocol survives hostile hunt schedules and
   * answers its clients on clusters of these sizes (`true`: every size from 1
   * to `CLUSTER_SIZE_MAX`), 12 runs a size. Off by default: a protocol need
   * not run at every size (one may want a fixed number of nodes), so a
   * package opts in with the sizes it serves.
   */
  readonly clusterSizes?: boolean | readonly number[];
}

const DETERMINISM_SEEDS = 3;
const MIRROR_STRIDE = 7;
const CLUSTER_SIZE_SEEDS = 12;

/** The sizes `clusterSizes` asks for, checked: none when it is absent or false. */
function clusterSizesOf(where: string, option: boolean | readonly number[] | undefined): readonly number[] {
  if (option === undefined || option === false) return [];
  if (option === true) return Array.from({ length: CLUSTER_SIZE_MAX }, (_, i) => i + 1);
  const wrong = option.filter((size) => !Number.isInteger(size) || size < 1 || size > CLUSTER_SIZE_MAX);
  if (option.length === 0 || wrong.length > 0) {
    throw new OptionsError(`${where}: clusterSizes: expected true or a non-empty list of integers from 1 to ${CLUSTER_SIZE_MAX}, got ${JSON.stringify(option)}`);
  }
  return option;
}

function resolve(plugin: ProtocolPlugin, options: ProtocolContractOptions) {
  const where = `describeProtocolContract(${plugin.name})`;
  countOption(where, { field: "runs", value: options.runs, min: 1 });
  countOption(where, { field: "mirrorRuns", value: options.mirrorRuns, min: 1 });
  countOption(where, { field: "timeoutMs", value: options.timeoutMs, min: 1 });
  if (options.seed !== undefined && !Number.isSafeInteger(options.seed)) throw new OptionsError(`${where}: seed: expected an integer, got ${JSON.stringify(options.seed)}`);
  const clusterSizes = clusterSizesOf(where, options.clusterSizes);
  const runs = options.runs ?? 200;
  return { runs, mirrorRuns: options.mirrorRuns ?? Math.min(runs, 50), seed: options.seed ?? 1, timeout: options.timeoutMs ?? 60_000, clusterSizes };
}

const seedsFrom = (first: number, count: number): number[] => Array.from({ length: count }, (_, i) => first + i);

/**
 * Registers the protocol contract as vitest tests: what every protocol
 * plug-in must satisfy for cx's search, shrinking and replay to be sound.
 *
 * - the all-zeros run (no faults) is healthy: no violation, the calm phase
 *   reached, every client operation answered;
 * - the same choices give the same trace, twice in this thread (the correct
 *   protocol and each defect), in a worker thread and in a second process;
 * - different seeds give different traces (the run depends on the choices);
 * - replaying a run's recorded choices reproduces it exactly (trace,
 *   violation, choices, history, counters), for the correct protocol and
 *   each defect;
 * - the monitor's mirror of each log equals the replica's real log, every
 *   few steps and at the end, and the snapshot invariants hold on the real
 *   states;
 * - the correct protocol has no violation over `runs` generated runs;
 * - with `clusterSizes`, the correct protocol has no violation under hostile
 *   hunt schedules at each size, runs with that many nodes, and answers
 *   clients there.
 *
 * When to use: once, in a protocol package's tests:
 * `describeProtocolContract(protocolPlugin, { runs: 200, module: new URL("../src/index.ts", import.meta.url) })`.
 *
 * Gotchas: call it at the top level of a test file or inside a `describe`
 * (it registers tests; it does not run them). Each check names the seeds
 * that failed, so a failure replays with `GeneratedChoices(seed)`.
 *
 * @example
 * ```ts
 * // test/contract.test.ts of a protocol package, with describeProtocolContract imported from this package:
 * import { protocolPlugin } from "../src/index.js";
 *
 * describeProtocolContract(protocolPlugin, { runs: 200, module: new URL("../src/index.ts", import.meta.url) });
 * ```
 */
export function describeProtocolContract(plugin: ProtocolPlugin, options: ProtocolContractOptions = {}): void {
  const { runs, mirrorRuns, seed, timeout, clusterSizes } = resolve(plugin, options);
  const defects = plugin.defects.map((d) => d.name);
  const variants: readonly (readonly string[])[] = [[], ...defects.map((d) => [d])];
  const seeds = seedsFrom(seed, DETERMINISM_SEEDS);

  describe(`the ${plugin.name} protocol contract`, () => {
    test("the all-zeros run is healthy: no violation, the calm phase reached, every client operation answered", () => {
      const problems = healthProblems(plugin.run({ choices: new ReplayedChoices([]), recordTrace: true }));
      expect(problems, firstProblems(problems)).toEqual([]);
    }, timeout);

    test(`the same choices give the same trace twice (${seeds.length} seeds, the correct protocol and each of ${defects.length} defects)`, () => {
      const problems = variants.flatMap((variant) => {
        const request = { seeds: variant.length === 0 ? seeds : [seed], defects: variant };
        const first = traceHashes(plugin, request);
        const second = traceHashes(plugin, request);
        return request.seeds.flatMap((s, i) => (first[i] === second[i] ? [] : [`seed ${s}${variant.length === 0 ? "" : ` with ${variant[0]}`}: ${first[i]} then ${second[i]}`]));
      });
      expect(problems, firstProblems(problems)).toEqual([]);
    }, timeout);

    test(`the run depends on the choices: ${seeds.length} seeds give ${seeds.length} different traces`, () => {
      const repeated = repeatedTraces(plugin, seeds);
      expect(repeated, `seeds ${repeated.join(", ")} repeat an earlier seed's trace`).toEqual([]);
    }, timeout);

    const module = options.module;
    if (module === undefined) {
      test.todo("the same choices give the same trace in a worker thread and in a second process (pass { module } to check it)");
    } else {
      const elsewhere = [
        ["a worker thread", hashInWorker],
        ["a second process", hashInProcess],
      ] as const;
      for (const [where, hashThere] of elsewhere) {
        test(`the same choices give the same trace in ${where} (${seeds.length} seeds)`, async () => {
          const request = { seeds, defects: [] };
          const there = await hashThere(module, request);
          expect(there.name, `the module loaded in ${where} exports another plug-in`).toBe(plugin.name);
          expect(there.hashes).toEqual(traceHashes(plugin, request));
        }, timeout);
      }
    }

    test(`replaying the recorded choices reproduces the run exactly (the correct protocol and each of ${defects.length} defects)`, () => {
      const problems = variants.flatMap((variant) => {
        const original = plugin.run({ defects: variant, choices: new GeneratedChoices(seed), recordTrace: true });
        const replayed = plugin.run({ defects: variant, choices: new ReplayedChoices(original.choices), recordTrace: true });
        return runDifferences(original, replayed).map((d) => `seed ${seed}${variant.length === 0 ? "" : ` with ${variant[0]}`}: ${d}`);
      });
      expect(problems, firstProblems(problems)).toEqual([]);
    }, timeout);

    if (options.mirror !== false) {
      test(`the monitor's mirror of each log equals the replica's log, and the snapshot invariants hold (${mirrorRuns} generated runs)`, () => {
        const problems = seedsFrom(seed, mirrorRuns).flatMap((s) => mirrorProblems(plugin, { seed: s, stride: MIRROR_STRIDE }));
        expect(problems, firstProblems(problems)).toEqual([]);
      }, timeout);
    }

    test(`the correct protocol has no violation over ${runs} generated runs`, () => {
      const problems = seedsFrom(seed, runs).flatMap((s) => {
        const violation = plugin.run({ choices: new GeneratedChoices(s) }).violation;
        return violation === null ? [] : [`seed ${s}: ${violation.invariant}: ${violation.message}`];
      });
      expect(problems, firstProblems(problems)).toEqual([]);
    }, timeout);

    if (clusterSizes.length > 0) {
      test(`the correct protocol survives hostile hunt schedules and answers clients at every cluster size (${clusterSizes.join(", ")}; ${CLUSTER_SIZE_SEEDS} seeds each)`, () => {
        const sizeSeeds = seedsFrom(seed, CLUSTER_SIZE_SEEDS);
        const problems = clusterSizes.flatMap((size) => clusterSizeProblems(plugin, { size, seeds: sizeSeeds }));
        expect(problems, firstProblems(problems)).toEqual([]);
      }, timeout);
    }
  });
}
