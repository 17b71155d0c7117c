import { mutantBenchmarkTable } from "./mutant-benchmark.js";
import { buildProtocolTables } from "./protocol-tables.js";
import { formatCount, formatMs, formatRatio, formatStorySteps, type ResultTable } from "./result-format.js";
import type { ExperimentResults, ProtocolResults } from "./results.js";

/**
 * The tables of the whole experiment, in reading order: the headline over
 * every protocol, then each protocol's tables ({@link buildProtocolTables}),
 * then search power on the mutant benchmark (when it ran), then the
 * performance figures measured once (corpus, speed-up).
 *
 * When to use: to render results in any format; the summary and the report
 * both start here, so they always agree.
 *
 * Gotchas: cells are plain text taken from the results (defect names,
 * invariant names): escape them for the target format.
 *
 * @example
 * ```ts
 * for (const table of buildResultTables(results)) console.log(table.title, table.rows.length);
 * ```
 */
export function buildResultTables(results: ExperimentResults): ResultTable[] {
  const sections = buildResultSections(results);
  return [sections.headline, ...sections.protocols.flatMap((p) => p.tables), ...(sections.search === null ? [] : [sections.search]), sections.performance];
}

/** The tables of {@link buildResultTables}, grouped: a section per protocol between the headline and the shared performance figures. */
export interface ResultSections {
  readonly headline: ResultTable;
  readonly protocols: readonly { readonly protocol: ProtocolResults; readonly tables: readonly ResultTable[] }[];
  /** Search power on the mutant benchmark, when the experiment ran it. */
  readonly search: ResultTable | null;
  readonly performance: ResultTable;
}

/**
 * The same tables as {@link buildResultTables}, grouped by protocol, for
 * renderers that give each protocol its own section.
 *
 * @example
 * ```ts
 * for (const { protocol, tables } of buildResultSections(results).protocols) console.log(protocol.name, tables.length);
 * ```
 */
export function buildResultSections(results: ExperimentResults): ResultSections {
  return {
    headline: headlineTable(results),
    protocols: results.protocols.map((protocol) => ({ protocol, tables: buildProtocolTables(results, protocol) })),
    search: results.mutants === undefined || results.mutants === null ? null : mutantBenchmarkTable(results.mutants),
    performance: sharedPerformanceTable(results),
  };
}

function headlineTable(results: ExperimentResults): ResultTable {
  const h = results.headline;
  const rows: string[][] = [
    ["Protocols", results.protocols.map((p) => `${p.name} ${p.version}`).join(", ") || "—"],
    ["Schedules against the correct protocols (trust runs)", `${formatCount(h.trustSchedules)} schedules, ${formatCount(h.trustViolations)} violations`],
    ["Defects found by at least one hunt", `${h.bugsFound} of ${h.bugsTotal}`],
    ...results.protocols.map((p) => [`Defects of ${p.name} found`, `${p.headline.bugsFound} of ${p.headline.bugsTotal}`]),
    ...h.byStrategy.map((s) => [
      `Strategy ${s.strategy}`,
      `${s.bugsFound} of ${h.bugsTotal} defects; ${s.seedsFound}/${s.seeds} hunts found one; median ${formatCount(s.medianTrials)} trials when found`,
    ]),
    [
      "Shrunk counterexample (median decisions, story steps)",
      `${formatCount(h.medianDecisionsBefore)} → ${formatCount(h.medianDecisionsAfter)}, ${formatStorySteps(h.medianStorySteps, h.medianStoryStepsShown)} story steps`,
    ],
    ...results.protocols.map((p) => [`${p.name}, one thread`, `${formatCount(p.headline.runsPerSecond)} runs/s, ${formatCount(p.headline.eventsPerSecond)} events/s`]),
    ["Linearizability corpus, time vs Porcupine", h.corpusRatioToPorcupine === null ? "—" : `${formatRatio(h.corpusRatioToPorcupine)} Porcupine's time (decided histories)`],
    [`Speed-up of 2 workers over 1${results.speedup === null ? "" : ` (${results.speedup.protocol})`}`, formatRatio(h.speedup)],
  ];
  return { id: "headline", title: "Headline", caption: "The figures to read first, over every protocol; each is detailed below.", columns: ["Figure", "Value"], rows, numeric: [] };
}

function sharedPerformanceTable(results: ExperimentResults): ResultTable {
  const rows: string[][] = [];
  const c = results.corpus;
  if (c !== null) {
    rows.push([
      "Linearizability corpus",
      `${c.matched}/${c.histories} verdicts as expected, ${c.mismatched} wrong, ${c.unknown} unknown`,
      `budget ${formatCount(c.budgetSteps)} steps per history`,
    ]);
    rows.push(["Corpus check time (decided histories)", formatMs(c.decidedMs), `Porcupine ${formatMs(c.decidedPorcupineMs)} (${formatRatio(c.ratioToPorcupine)})`]);
    rows.push(["Corpus check time (all, unknown ones stopped at the budget)", formatMs(c.totalMs), `Porcupine ${formatMs(c.porcupineTotalMs)}`]);
  }
  const s = results.speedup;
  if (s !== null) {
    rows.push([
      `2 workers over 1 (${s.protocol})`,
      formatRatio(s.speedup),
      `${s.tasks} tasks x ${s.runsPerTask} runs: ${formatMs(s.oneWorkerMs)} vs ${formatMs(s.twoWorkersMs)}, using ${Number.isFinite(s.twoWorkersCores) ? s.twoWorkersCores.toFixed(2) : "?"} cores; results ${s.identical ? "identical" : "DIFFERENT"}`,
    ]);
  }
  return {
    id: "performance",
    title: "Performance",
    caption: "Measured once for the whole experiment; wall-clock figures from this machine, ratios against baselines measured in the same run.",
    columns: ["Figure", "Value", "Against"],
    rows,
    numeric: [],
  };
}
