import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { buildCorpusResults, corpusTasks, type CorpusEntry } from "./corpus.js";
import type { ExperimentConfig } from "./experiment-config.js";
import { checkExperimentProtocols, protocolRef, selectDefects, type ExperimentProtocol } from "./experiment-protocol.js";
import { computeHeadline, computeProtocolHeadline } from "./headline.js";
import { describeMachine } from "./machine.js";
import { measureSpeedup } from "./measure-speedup.js";
import { findCorpusDir } from "./repo-root.js";
import { writeResults } from "./results-io.js";
import { RESULTS_SCHEMA_VERSION, type ExperimentResults, type ProtocolResults, type ShrinkRow } from "./results.js";
import { mutantBenchmarkTasks, summariseMutantBenchmark } from "./mutant-benchmark.js";
import { normalFormPicks, normalFormSummary } from "./normal-form-summary.js";
import { accountPasses } from "./pass-accounting.js";
import { pickFailure, shrinkRow } from "./shrink-rows.js";
import { createTaskCache } from "./task-cache.js";
import { createTaskPool, defaultWorkers, type TaskPool } from "./task-pool.js";
import type { EvalTask, HuntTask, OutputOf, ShrinkOutput, ShrinkTask } from "./tasks.js";
import { measureThroughput } from "./throughput.js";
import { cellId, groupRounds, stripChoices, trialTasks, trialsCell, type CellTask, type CellWithChoices, type RoundWithChoices } from "./trials-cells.js";
import { trustResults } from "./trust-results.js";
import { evalVersion } from "./version.js";

/** The phases of an experiment, in order (each phase covers every protocol). */
export type ExperimentPhase = "trust" | "trials" | "escalation" | "shrink" | "corpus" | "mutants" | "throughput" | "speedup" | "done";

/** Where a running experiment stands (for a progress display). */
export interface ExperimentProgress {
  readonly phase: ExperimentPhase;
  /** Tasks finished and planned in this phase. */
  readonly done: number;
  readonly total: number;
  /** Hunts (in trials and escalation) that found a violation so far. */
  readonly found: number;
  readonly elapsedMs: number;
}

/** What {@link runExperiment} needs. */
export interface ExperimentOptions {
  readonly config: ExperimentConfig;
  /** The protocols to cover, in the order results show them (e.g. @cx/protocols' `builtinProtocols`); the speed-up is measured on the first. */
  readonly protocols: readonly ExperimentProtocol[];
  /**
   * Protocols whose defects are the mutant benchmark's (evaluation fixtures,
   * such as `packages/raft/bench/mutants.ts`): the search-power phase hunts
   * the config's `mutantBenchmark.defects` among them. Absent or empty: the
   * phase is skipped (`mutants: null`).
   */
  readonly mutants?: readonly ExperimentProtocol[];
  /** Recorded in the results: which preset the config came from. */
  readonly mode?: ExperimentResults["mode"];
  /** Worker threads (default: one per core; 0 runs every task on this thread). */
  readonly workers?: number;
  /**
   * Run the tasks on this pool instead of worker threads of this process
   * (a queue's coordinator passes one); the caller owns it and destroys it.
   * `workers` is then recorded from `pool.workers`.
   */
  readonly pool?: TaskPool;
  /** Folder for results.json, summary.md and the resume cache (`.cells/`); null writes nothing. */
  readonly outDir: string | null;
  /** The linearizability corpus (default: the copy in the repository, `packages/check/test/data/corpus`); null skips it. */
  readonly corpusDir?: string | null;
  /** Recorded as the cx version (default: @cx/eval's version). */
  readonly cxVersion?: string;
  /** Ignore (and discard) tasks cached by an interrupted earlier run. */
  readonly fresh?: boolean;
  readonly onProgress?: (progress: ExperimentProgress) => void;
}

/** One protocol while the experiment runs: its results so far and what the later phases need. */
interface Section {
  readonly protocol: ExperimentProtocol;
  readonly bugs: readonly string[];
  results: ProtocolResults;
  cells: CellWithChoices[];
}

/**
 * Runs the whole experiment on every protocol given, in order: the trust
 * run (every strategy against each correct protocol), trials to first
 * violation (each protocol's defects x strategy x seed), one shrink per
 * defect (replayed, with its story and diagram), the linearizability
 * corpus, the search-power phase on the mutant protocols given (every
 * strategy of `config.mutantBenchmark` on each mutant), each protocol's
 * single-thread throughput, and the speed-up of 2 workers over 1 (on the
 * first protocol).
 *
 * When to use: `cx bench` and `turbo run bench` call it with cx's built-in
 * protocols; tests call it with tiny configurations and any plug-ins.
 *
 * Details: tasks are plain data naming their protocol and its module URL;
 * worker threads import each module once. Each finished task is cached
 * under `outDir/.cells/` (atomic writes) and a partial `results.json` is
 * written after each phase, so an interrupted run resumes from its finished
 * tasks. The cache is removed once the experiment completes. A protocol
 * whose trust run fails gets no trials or shrinks (unless
 * `continueAfterTrustFailure`); `trustPassed` says whether every trust run
 * passed.
 *
 * Gotchas: results do not depend on the number of workers except for wall
 * times; compare runs with `deterministicView`. Throws before running
 * anything when a defect named in `config.bugs` belongs to no protocol.
 *
 * @example
 * ```ts
 * const results = await runExperiment({ config: quickExperiment, protocols: builtinProtocols, outDir: "results" });
 * if (!results.trustPassed) process.exitCode = 1;
 * ```
 */
export async function runExperiment(options: ExperimentOptions): Promise<ExperimentResults> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const { config, protocols } = options;
  checkExperimentProtocols(protocols, config);
  const mutants = config.mutantBenchmark === undefined ? [] : (options.mutants ?? []);
  checkMutantDefects(mutants, config);
  const cxVersion = options.cxVersion ?? evalVersion;
  const cache = createTaskCache(options.outDir === null ? null : join(options.outDir, ".cells"), cxVersion);
  if (options.fresh === true) cache.clear();
  const pool = options.pool ?? createTaskPool({ workers: options.workers ?? defaultWorkers(), plugins: [...protocols, ...mutants].map((p) => p.plugin) });
  const workers = options.pool?.workers ?? options.workers ?? defaultWorkers();
  let resumedTasks = 0;
  let found = 0;
  const elapsed = () => performance.now() - started;
  const progress = (phase: ExperimentPhase, done: number, total: number) => options.onProgress?.({ phase, done, total, found, elapsedMs: elapsed() });

  const runAll = async <T extends EvalTask>(phase: ExperimentPhase, tasks: readonly T[]): Promise<OutputOf<T>[]> => {
    let done = 0;
    progress(phase, 0, tasks.length);
    return Promise.all(
      tasks.map(async (task) => {
        const cached = cache.get(task) as OutputOf<T> | undefined;
        let output: OutputOf<T>;
        if (cached === undefined) {
          output = await pool.run(task);
          cache.put(task, output);
        } else {
          output = cached;
          resumedTasks++;
        }
        if ((phase === "trials" || phase === "escalation") && output.kind === "hunt" && output.found) found++;
        progress(phase, ++done, tasks.length);
        return output;
      }),
    );
  };

  const sections: Section[] = protocols.map((protocol) => {
    const bugs = selectDefects(protocol.plugin, config.bugs);
    return { protocol, bugs: bugs.map((b) => b.name), cells: [], results: emptySection(protocol, bugs, config) };
  });
  let results: ExperimentResults = {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    kind: "cx-experiment",
    mode: options.mode ?? "custom",
    cxVersion,
    startedAt,
    machine: describeMachine(),
    workers,
    config,
    complete: false,
    finishedAt: startedAt,
    elapsedMs: 0,
    resumedTasks: 0,
    headline: computeHeadline({ protocols: [], strategies: config.strategies, corpus: null, speedup: null }),
    protocols: [],
    trustPassed: false,
    corpus: null,
    speedup: null,
    mutants: null,
  };
  const update = (section: Section, patch: Partial<ProtocolResults>): void => {
    const next = { ...section.results, ...patch };
    section.results = { ...next, headline: protocolHeadline(next, config) };
  };
  const save = (patch: Partial<ExperimentResults>, complete = false): void => {
    const parts = sections.map((s) => s.results);
    results = { ...results, ...patch, protocols: parts, complete, finishedAt: new Date().toISOString(), elapsedMs: elapsed(), resumedTasks };
    results = {
      ...results,
      trustPassed: parts.every((p) => p.trust.passed),
      headline: computeHeadline({
        protocols: parts.map((p) => ({ name: p.name, trust: p.trust.rows.length === 0 ? null : p.trust, cells: p.trials.cells, shrinks: p.shrinks.rows, bugsTotal: p.bugs.length })),
        strategies: config.strategies,
        corpus: results.corpus,
        speedup: results.speedup,
      }),
    };
    if (options.outDir !== null) writeResults(options.outDir, results);
  };

  const run: ExperimentRun = { config, cxVersion, sections, corpusDir: options.corpusDir, runAll, update, save, progress };
  try {
    const going = await trustPhase(run);
    await trialsPhase(run, going);
    await shrinkPhase(run, going);
    await mutantPhase(run, mutants);
    await performancePhase(run, protocols[0] as ExperimentProtocol);
    if (options.outDir !== null) cache.clear();
    return results;
  } finally {
    if (options.pool === undefined) await pool.destroy();
  }
}

/** What the phases of one experiment share: the config, the protocols' sections, and how to run tasks, record and save results. */
interface ExperimentRun {
  readonly config: ExperimentConfig;
  readonly cxVersion: string;
  readonly sections: readonly Section[];
  readonly corpusDir: string | null | undefined;
  runAll<T extends EvalTask>(phase: ExperimentPhase, tasks: readonly T[]): Promise<OutputOf<T>[]>;
  update(section: Section, patch: Partial<ProtocolResults>): void;
  save(patch: Partial<ExperimentResults>, complete?: boolean): void;
  progress(phase: ExperimentPhase, done: number, total: number): void;
}

/** Phase 1: the trust run of every protocol; returns the sections that go on (trust passed, or the config goes on regardless). */
async function trustPhase(run: ExperimentRun): Promise<Section[]> {
  const { config, sections } = run;
  // Every protocol with no defect (or the config's trust defects).
  const trustTasks = sections.map((s) => {
    const ref = protocolRef(s.protocol);
    const bugs = selectDefects(s.protocol.plugin, config.trustBugs).map((d) => d.name);
    return config.strategies.flatMap((strategy) => config.trustSeeds.map((seed): HuntTask => ({ kind: "hunt", ...ref, bugs, strategy, seed, budget: config.trustBudget, ...huntScenarioOf(config) })));
  });
  const trustOutputs = await run.runAll("trust", trustTasks.flat());
  let offset = 0;
  sections.forEach((s, i) => {
    const tasks = trustTasks[i] ?? [];
    run.update(s, { trust: trustResults(config, tasks, trustOutputs.slice(offset, offset + tasks.length)) });
    offset += tasks.length;
  });
  run.save({});
  const going = sections.filter((s) => s.results.trust.passed || config.continueAfterTrustFailure);
  for (const s of sections) if (!going.includes(s)) run.update(s, { trials: { status: "skipped", cells: [] }, shrinks: { status: "skipped", rows: [] } });
  return going;
}

/** Phase 2: trials to the first violation per (defect, strategy) cell, then a larger budget for the cells that found nothing. */
async function trialsPhase(run: ExperimentRun, going: readonly Section[]): Promise<void> {
  const { config } = run;
  const cellsOf = (s: Section) => s.bugs.flatMap((bug) => config.strategies.map((strategy) => ({ bug, strategy })));
  const first = going.map((s) => trialTasks(protocolRef(s.protocol), cellsOf(s), { budget: config.trialBudget, seeds: config.trialSeeds, ...huntScenarioOf(config) }));
  const firstRounds = await roundsOf(first, config.trialBudget, (tasks) => run.runAll("trials", tasks));
  const escalated = going.map((s, i) => {
    const missed = cellsOf(s).filter(({ bug, strategy }) => (firstRounds[i]?.get(cellId(bug, strategy))?.found ?? 0) === 0);
    return trialTasks(protocolRef(s.protocol), missed, { budget: config.escalatedBudget, seeds: config.escalatedSeeds, ...huntScenarioOf(config) });
  });
  const secondRounds = await roundsOf(escalated, config.escalatedBudget, (tasks) => run.runAll("escalation", tasks));
  going.forEach((s, i) => {
    s.cells = cellsOf(s).map(({ bug, strategy }) => {
      const id = cellId(bug, strategy);
      const rounds = [firstRounds[i]?.get(id), secondRounds[i]?.get(id)].filter((r): r is RoundWithChoices => r !== undefined);
      return trialsCell(bug, strategy, rounds);
    });
    run.update(s, { trials: { status: "done", cells: s.cells.map(stripChoices) } });
  });
  if (going.length > 0) run.save({});
}

/** Phase 3: one shrink per defect (and the normal form's extra finds), the linearizability corpus beside them. */
async function shrinkPhase(run: ExperimentRun, going: readonly Section[]): Promise<void> {
  const { config, cxVersion } = run;
  // The shrinks and the corpus run in one batch: together they keep the workers busy.
  const picks = going.map((s) => s.bugs.map((bug) => pickFailure(bug, config.strategies, s.cells)));
  const shrinkTasks = going.map((s, i) =>
    (picks[i] ?? []).flatMap((pick): ShrinkTask[] =>
      pick === null
        ? []
        : [{ kind: "shrink", ...protocolRef(s.protocol), bug: pick.bug, choices: pick.choices, invariant: pick.invariant, candidatesMax: config.shrinkCandidatesMax, storyStepsMax: config.storyStepsMax, cxVersion, ...huntScenarioOf(config) }],
    ),
  );
  const corpusDir = run.corpusDir === undefined ? findCorpusDir(process.cwd()) : run.corpusDir;
  const corpusEntries: CorpusEntry[] = corpusDir !== null && config.corpusBudgetSteps !== null ? corpusTasks(corpusDir, config.corpusBudgetSteps) : [];
  // The normal form: more finds of each defect, each shrunk alone (after the picked ones in the same queue).
  const normalFormTasks = going.map((s) =>
    s.bugs.map((bug) =>
      normalFormPicks(bug, s.cells, { strategies: config.strategies, max: config.normalFormFinds ?? 0 }).map(
        (pick): ShrinkTask => ({ kind: "shrink", ...protocolRef(s.protocol), bug, choices: pick.choices, invariant: pick.invariant, candidatesMax: config.shrinkCandidatesMax, storyStepsMax: config.storyStepsMax, cxVersion, ...huntScenarioOf(config) }),
      ),
    ),
  );
  const allShrinkTasks = [...shrinkTasks.flat(), ...normalFormTasks.flat(2)];
  const [shrinkOutputs, corpusOutputs] = await Promise.all([run.runAll("shrink", allShrinkTasks), run.runAll("corpus", corpusEntries.map((e) => e.task))]);
  let offset = 0;
  let normalFormOffset = shrinkTasks.flat().length;
  const withNormalForm = config.normalFormFinds !== undefined && config.normalFormFinds > 0;
  going.forEach((s, i) => {
    const tasks = shrinkTasks[i] ?? [];
    const outputs = shrinkOutputs.slice(offset, offset + tasks.length);
    offset += tasks.length;
    // Every shrink of this protocol, the normal form's too, for the accounting of each pass.
    const all: ShrinkOutput[] = [...outputs];
    const rows: ShrinkRow[] = (picks[i] ?? []).map((pick, j) => {
      const row = shrinkRow(s.bugs[j] as string, pick, pick === null ? undefined : outputs[tasks.findIndex((t) => t.bug === pick.bug)]);
      if (!withNormalForm) return row;
      const findTasks = normalFormTasks[i]?.[j] ?? [];
      const found = shrinkOutputs.slice(normalFormOffset, normalFormOffset + findTasks.length);
      normalFormOffset += found.length;
      all.push(...found);
      return { ...row, normalForm: normalFormSummary(found.map((o, k) => ({ choices: o.reproduced ? (o.counterexample?.choices ?? null) : null, candidateRuns: o.candidateRuns, converged: o.converged, invariant: (findTasks[k] as ShrinkTask).invariant, ...(o.counterexample?.faultShape === undefined ? {} : { faultShape: o.counterexample.faultShape }) }))) };
    });
    run.update(s, { shrinks: { status: "done", rows }, passes: { shrinks: all.length, rows: accountPasses(all) } });
  });
  const corpus = corpusDir !== null && config.corpusBudgetSteps !== null ? buildCorpusResults({ dir: corpusDir, budgetSteps: config.corpusBudgetSteps, entries: corpusEntries, outputs: corpusOutputs }) : null;
  run.save({ corpus });
}

/** Phase 4: search power, every strategy of the mutant benchmark on each mutant, the same seeds and budget per cell. */
async function mutantPhase(run: ExperimentRun, mutants: readonly ExperimentProtocol[]): Promise<void> {
  const benchmark = run.config.mutantBenchmark;
  if (benchmark === undefined || mutants.length === 0) return;
  const planned = mutantBenchmarkTasks(mutants, benchmark, huntScenarioOf(run.config));
  const outputs = await run.runAll("mutants", planned.flatMap((p) => p.tasks));
  run.save({ mutants: summariseMutantBenchmark(benchmark, planned, outputs) });
}

/** Refuses, before anything runs, a mutant benchmark defect that no mutant protocol has, naming the field. */
function checkMutantDefects(mutants: readonly ExperimentProtocol[], config: ExperimentConfig): void {
  const wanted = config.mutantBenchmark?.defects;
  if (mutants.length === 0 || wanted === undefined || wanted === "all") return;
  const known = new Set(mutants.flatMap((p) => p.plugin.defects.map((d) => d.name)));
  const unknown = wanted.filter((d) => !known.has(d));
  if (unknown.length > 0) throw new Error(`mutantBenchmark.defects: ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} not a defect of any mutant protocol (${mutants.map((p) => p.plugin.name).join(", ")})`);
}

/** Phase 5: each protocol's single-thread throughput, then the speed-up of 1 vs 2 workers on the first protocol. */
async function performancePhase(run: ExperimentRun, firstProtocol: ExperimentProtocol): Promise<void> {
  const { config, sections } = run;
  run.progress("throughput", 0, sections.length);
  sections.forEach((s, i) => {
    run.update(s, { throughput: measureThroughput({ plugin: s.protocol.plugin, runs: config.throughputRuns, batches: config.throughputBatches }) });
    run.progress("throughput", i + 1, sections.length);
  });
  run.save({});
  const speedup = config.speedupTasks > 0 ? await measureSpeedup({ config, protocol: firstProtocol, onProgress: (done, total) => run.progress("speedup", done, total) }) : null;
  run.save({ speedup }, true);
  run.progress("done", 1, 1);
}

/** Runs each protocol's round of hunts together (one batch keeps the workers busy) and groups the outputs back by protocol and cell. */
/** The hunt scenario a config asks for, as the optional field of a task. */
function huntScenarioOf(config: ExperimentConfig): { scenario?: Readonly<Record<string, number>> } {
  return config.huntScenario === undefined ? {} : { scenario: config.huntScenario };
}

async function roundsOf(perProtocol: readonly CellTask[][], budget: number, run: (tasks: HuntTask[]) => Promise<OutputOf<HuntTask>[]>): Promise<Map<string, RoundWithChoices>[]> {
  const outputs = await run(perProtocol.flat().map((t) => t.task));
  let offset = 0;
  return perProtocol.map((tasks) => {
    const mine = outputs.slice(offset, offset + tasks.length);
    offset += tasks.length;
    return groupRounds(tasks.map((t) => t.cell), mine, budget);
  });
}

function emptySection(protocol: ExperimentProtocol, bugs: readonly { name: string; mistake: string; caughtBy: string }[], config: ExperimentConfig): ProtocolResults {
  const { plugin } = protocol;
  const base = {
    name: plugin.name,
    version: plugin.version,
    summary: plugin.summary,
    bugs: bugs.map((b) => ({ name: b.name, mistake: b.mistake, caughtBy: b.caughtBy })),
    trust: { passed: false, schedules: 0, violations: 0, rows: [], firstViolation: null },
    trials: { status: "pending" as const, cells: [] },
    shrinks: { status: "pending" as const, rows: [] },
    throughput: null,
  };
  return { ...base, headline: protocolHeadline(base, config) };
}

function protocolHeadline(section: Omit<ProtocolResults, "headline">, config: ExperimentConfig): ProtocolResults["headline"] {
  return computeProtocolHeadline({
    trust: section.trust.rows.length === 0 ? null : section.trust,
    cells: section.trials.cells,
    shrinks: section.shrinks.rows,
    throughput: section.throughput,
    bugsTotal: section.bugs.length,
    strategies: config.strategies,
  });
}
