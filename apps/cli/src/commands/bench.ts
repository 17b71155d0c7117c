import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  findRepoRoot,
  formatMs,
  formatRatio,
  formatStorySteps,
  fullExperiment,
  quickExperiment,
  resultsJsonSchema,
  runExperiment,
  type ExperimentConfig,
  type ExperimentProgress,
  type ExperimentProtocol,
  type ExperimentResults,
  type TaskPool,
} from "@cx/eval";
import { builtinProtocols, isProtocolLoadError } from "@cx/protocols";
import { ExitCode } from "../exit-codes.js";
import { wantsProgress } from "../output.js";
import { createProgress } from "../progress.js";
import { loadProtocolWithin } from "../protocol-option.js";
import { checkSaveTarget } from "../save-target.js";
import { UserError } from "../user-error.js";
import { cxVersion } from "../version.js";

export interface BenchCommandOptions {
  readonly quick: boolean;
  /** Worker threads (default: one per core; 0 runs everything on the main thread). */
  readonly workers?: number;
  /** Folder for results.json and summary.md (default: `<repo>/results`, or ./results outside a checkout). */
  readonly out?: string;
  readonly json: boolean;
  /** Discard tasks cached by an interrupted earlier run. */
  readonly fresh?: boolean;
  /** Go on after a failed trust run (the exit code stays 1). */
  readonly keepGoing?: boolean;
  /** Replace the preset (tests use tiny configurations). */
  readonly config?: ExperimentConfig;
  /** Where the linearizability corpus is (default: the copy in the repository, `packages/check/test/data/corpus`); null skips it. */
  readonly corpusDir?: string | null;
  /** Protocols to cover, as `--protocol` takes them (built-in names, module files, package names); default: every built-in protocol. */
  readonly protocols?: readonly string[];
  /** Protocols already loaded (tests pass plug-ins of their own); wins over `protocols`. */
  readonly loadedProtocols?: readonly ExperimentProtocol[];
  /** Run the tasks on this pool (a campaign's queue) instead of worker threads; the caller destroys it. */
  readonly pool?: TaskPool;
}

/** What `cx bench --json` prints: the headline and where the full results are. */
export interface BenchReport {
  readonly trustPassed: boolean;
  readonly mode: ExperimentResults["mode"];
  readonly workers: number;
  readonly elapsedMs: number;
  readonly results: string;
  readonly summary: string;
  readonly headline: ExperimentResults["headline"];
}

/** The default output folder: `results/` at the repository root, or under the current folder outside a checkout. */
export function defaultResultsDir(): string {
  return join(findRepoRoot(process.cwd()) ?? process.cwd(), "results");
}

function describe(results: ExperimentResults, outDir: string): string {
  const lines = [
    `cx experiment (${results.mode}) in ${formatMs(results.elapsedMs)} on ${results.workers} worker${results.workers === 1 ? "" : "s"}, protocols ${results.headline.protocols.join(", ")}${results.resumedTasks > 0 ? ` (${results.resumedTasks} tasks resumed from an earlier run)` : ""}`,
  ];
  for (const p of results.protocols) {
    const h = p.headline;
    lines.push(`${p.name} ${p.version}`);
    lines.push(
      p.trust.passed
        ? `  trust: ${h.trustSchedules} schedules against ${p.name} with no defect, no violation`
        : `  trust: FAILED: ${h.trustViolations} violation(s) in ${h.trustSchedules} schedules against ${p.name} with no defect; its other figures are meaningless${p.trust.firstViolation === null ? "" : ` (${p.trust.firstViolation.violation.invariant}: ${p.trust.firstViolation.violation.message})`}`,
    );
    if (p.trials.status === "done") {
      lines.push(`  defects found: ${h.bugsFound}/${h.bugsTotal}`);
      for (const s of h.byStrategy) lines.push(`    ${s.strategy.padEnd(9)} ${s.bugsFound}/${h.bugsTotal} defects, ${s.seedsFound}/${s.seeds} hunts, median ${s.medianTrials ?? "-"} trials when found`);
      lines.push(`  shrink: median ${h.medianDecisionsBefore ?? "-"} -> ${h.medianDecisionsAfter ?? "-"} decisions, ${formatStorySteps(h.medianStorySteps, h.medianStoryStepsShown)} story steps`);
    }
    const t = p.throughput;
    if (t !== null) lines.push(`  throughput: ${Math.round(t.runsPerSecond)} runs/s, ${Math.round(t.eventsPerSecond)} events/s (monitors off: ${Math.round(t.baselineRunsPerSecond)} runs/s, ratio ${formatRatio(t.ratioToBaseline)})`);
  }
  const c = results.corpus;
  if (c !== null) lines.push(`linearizability corpus: ${c.matched}/${c.histories} as expected, ${c.unknown} unknown; ${formatMs(c.decidedMs)} vs Porcupine ${formatMs(c.decidedPorcupineMs)} (${formatRatio(c.ratioToPorcupine)})`);
  const s = results.speedup;
  if (s !== null) lines.push(`speed-up of 2 workers over 1 (${s.protocol}): ${formatRatio(s.speedup)} (${formatMs(s.oneWorkerMs)} vs ${formatMs(s.twoWorkersMs)}; the 2 workers got ${s.twoWorkersCores.toFixed(2)} cores of CPU; results ${s.identical ? "identical" : "DIFFERENT"})`);
  lines.push(`wrote ${join(outDir, "results.json")} and ${join(outDir, "summary.md")} (cx report makes report.html)`);
  return lines.join("\n");
}

/** The protocols `--protocol` names (each through the one lookup), or every built-in one; a bad reference is a user error. */
export async function resolveBenchProtocols(refs: readonly string[] | undefined, fromDir: string): Promise<ExperimentProtocol[]> {
  if (refs === undefined || refs.length === 0) return [...builtinProtocols];
  const loaded: ExperimentProtocol[] = [];
  for (const ref of refs) {
    try {
      const { plugin, module } = await loadProtocolWithin(ref, fromDir);
      if (loaded.some((p) => p.plugin.name === plugin.name)) throw new UserError(`--protocol: "${plugin.name}" is given twice`);
      loaded.push({ plugin, module });
    } catch (error) {
      if (isProtocolLoadError(error)) throw new UserError(error.message);
      throw error;
    }
  }
  return loaded;
}


/**
 * Runs the experiment (`--quick`: the reduced one) on every built-in
 * protocol, or on those `protocols` names, and writes results.json,
 * results.schema.json and summary.md. Exit code 1 when a trust run found a
 * violation on a protocol with no defect, 0 otherwise.
 */
export async function runBench(options: BenchCommandOptions): Promise<{ exitCode: ExitCode; report: BenchReport; results: ExperimentResults; text: string }> {
  if (options.out === "") throw new UserError("--out: expected a folder name, got an empty string");
  const outDir = resolve(options.out ?? defaultResultsDir());
  // The folder is created or refused before hours of work, the same way as every other output.
  checkSaveTarget(join(outDir, "results.json"), options.out === undefined ? "the results folder" : "--out", "results.json");
  const preset = options.quick ? quickExperiment : fullExperiment;
  const config = { ...(options.config ?? preset), ...(options.keepGoing === true ? { continueAfterTrustFailure: true } : {}) };
  const protocols = options.loadedProtocols ?? (await resolveBenchProtocols(options.protocols, process.cwd()));
  const progress = createProgress(wantsProgress(options.json));
  let phase = "";
  const onProgress = (p: ExperimentProgress): void => {
    if (p.phase !== phase) {
      progress.stop();
      phase = p.phase;
      if (p.phase !== "done") progress.start(p.total, p.phase);
    }
    progress.update(p.done, `${p.found} hunts found a defect, ${formatMs(p.elapsedMs)}`);
  };
  let results: ExperimentResults;
  try {
    results = await runExperiment({
      config,
      protocols,
      mode: options.config !== undefined ? "custom" : options.quick ? "quick" : "full",
      outDir,
      cxVersion,
      onProgress,
      ...(options.workers === undefined ? {} : { workers: options.workers }),
      ...(options.pool === undefined ? {} : { pool: options.pool }),
      ...(options.fresh === undefined ? {} : { fresh: options.fresh }),
      ...(options.corpusDir === undefined ? {} : { corpusDir: options.corpusDir }),
    });
  } finally {
    progress.stop();
  }
  writeFileSync(join(outDir, "results.schema.json"), `${JSON.stringify(resultsJsonSchema, null, 2)}\n`);
  const report: BenchReport = {
    trustPassed: results.trustPassed,
    mode: results.mode,
    workers: results.workers,
    elapsedMs: results.elapsedMs,
    results: join(outDir, "results.json"),
    summary: join(outDir, "summary.md"),
    headline: results.headline,
  };
  return { exitCode: results.trustPassed ? ExitCode.ok : ExitCode.violation, report, results, text: describe(results, outDir) };
}
