import type { ExperimentResults, TrialsCell } from "./results.js";

/**
 * One table of the results, as plain (unescaped) text cells: the same
 * tables become Markdown in summary.md and HTML in the report.
 */
export interface ResultTable {
  /** Stable identifier (`trust`, `trials`, ...), usable as an HTML id. */
  readonly id: string;
  readonly title: string;
  /** A sentence on what the table shows and how to read it. */
  readonly caption: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Columns holding numbers (right-aligned). */
  readonly numeric: readonly number[];
}

/** `1234567` as `1,234,567`; null as an em dash. */
export function formatCount(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "—";
  return Math.round(value).toLocaleString("en-US");
}

/** Milliseconds for people: `850 ms`, `12.3 s`, `4 min 5 s`. */
export function formatMs(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return "—";
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms - minutes * 60_000) / 1000)} s`;
}

/** A ratio as `1.93x`; null or NaN as an em dash. */
export function formatRatio(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "—" : `${value.toFixed(2)}x`;
}

const yesNo = (value: boolean | null): string => (value === null ? "—" : value ? "yes" : "no");

function cellSummary(cell: TrialsCell | undefined): string {
  if (cell === undefined) return "—";
  const median = cell.medianTrials === null ? "median over " + formatCount(cell.budget) : `median ${formatCount(cell.medianTrials)}`;
  const escalated = cell.rounds.length > 1 ? ` (budget ${formatCount(cell.budget)})` : "";
  return `${cell.found}/${cell.seeds}, ${median}${escalated}`;
}

/**
 * The tables of a results file, in reading order: headline, trust run,
 * trials to first violation (summary and per seed), shrink table,
 * performance, linearizability corpus.
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
  const h = results.headline;
  const tables: ResultTable[] = [];
  const headlineRows: string[][] = [
    ["Schedules against correct Raft (trust run)", `${formatCount(h.trustSchedules)} schedules, ${formatCount(h.trustViolations)} violations`],
    ["Defects found by at least one hunt", `${h.bugsFound} of ${h.bugsTotal}`],
    ...h.byStrategy.map((s) => [
      `Strategy ${s.strategy}`,
      `${s.bugsFound} of ${h.bugsTotal} defects; ${s.seedsFound}/${s.seeds} hunts found one; median ${formatCount(s.medianTrials)} trials when found`,
    ]),
    ["Shrunk counterexample (median decisions)", `${formatCount(h.medianDecisionsBefore)} → ${formatCount(h.medianDecisionsAfter)}, ${formatCount(h.medianStorySteps)} story steps`],
    ["Default scenario, one thread", `${formatCount(h.runsPerSecond)} runs/s, ${formatCount(h.eventsPerSecond)} events/s`],
    ["Linearizability corpus, time vs Porcupine", h.corpusRatioToPorcupine === null ? "—" : `${formatRatio(h.corpusRatioToPorcupine)} Porcupine's time (decided histories)`],
    ["Speed-up of 2 workers over 1", formatRatio(h.speedup)],
  ];
  tables.push({ id: "headline", title: "Headline", caption: "The figures to read first; every one is detailed below.", columns: ["Figure", "Value"], rows: headlineRows, numeric: [] });

  tables.push({
    id: "trust",
    title: "Trust run: correct Raft",
    caption: results.trust.passed
      ? "Every strategy hunted correct Raft; no violation, so a violation below is caused by the defect."
      : "A violation on correct Raft: every figure below is meaningless until it is fixed.",
    columns: ["Strategy", "Hunts", "Schedules", "Violations"],
    rows: results.trust.rows.map((r) => [r.strategy, String(r.hunts.length), formatCount(r.schedules), formatCount(r.violations)]),
    numeric: [1, 2, 3],
  });

  const strategies = results.config.strategies;
  tables.push({
    id: "trials",
    title: "Trials to first violation",
    caption: `Hunts that found the defect / seeds, and the median trials to the first violation (a miss counts as more than the budget). Budget ${formatCount(results.config.trialBudget)}; a cell that found nothing was run again with budget ${formatCount(results.config.escalatedBudget)}.`,
    columns: ["Defect", ...strategies],
    rows: results.config.bugs.map((bug) => [bug, ...strategies.map((s) => cellSummary(results.trials.cells.find((c) => c.bug === bug && c.strategy === s)))]),
    numeric: [],
  });
  tables.push({
    id: "trials-per-seed",
    title: "Trials to first violation, every hunt",
    caption: "Each cell's last round: trials per seed in seed order (— = not found within the budget), and the invariants that caught the defect.",
    columns: ["Defect", "Strategy", "Budget", "Found", "Trials per seed", "Caught by"],
    rows: results.trials.cells.map((c) => [
      c.bug,
      c.strategy,
      formatCount(c.budget),
      `${c.found}/${c.seeds}`,
      c.trials.map((t) => (t === null ? "—" : String(t))).join(", "),
      Object.entries(c.invariants)
        .map(([name, n]) => `${name} ×${n}`)
        .join(", ") || "—",
    ]),
    numeric: [2],
  });

  tables.push({
    id: "shrink",
    title: "Shrinking",
    caption: "For each defect, its shortest found failure shrunk: choice-sequence length before and after, non-zero decisions left, steps of the story, shrinking time and target runs, whether it converged, and whether replaying the result gives the same invariant and message.",
    columns: ["Defect", "Invariant", "Found by", "Decisions", "Non-zero", "Story steps", "Time", "Candidate runs", "Converged", "Replays exactly"],
    rows: results.shrinks.rows.map((r) => [
      r.bug,
      r.counterexample?.violation.invariant ?? (r.status === "not-found" ? "not found" : r.status),
      r.source === null ? "—" : `${r.source.strategy} seed ${r.source.seed}`,
      r.decisionsBefore === null ? "—" : `${formatCount(r.decisionsBefore)} → ${formatCount(r.decisionsAfter)}`,
      formatCount(r.nonZeroAfter),
      formatCount(r.storySteps),
      formatMs(r.ms),
      formatCount(r.candidateRuns),
      yesNo(r.converged),
      yesNo(r.replaysExactly),
    ]),
    numeric: [4, 5, 6, 7],
  });

  const perfRows: string[][] = [];
  const t = results.throughput;
  if (t !== null) {
    perfRows.push(["Runs per second (default scenario, correct Raft, one thread)", formatCount(t.runsPerSecond), `${formatCount(t.baselineRunsPerSecond)} with monitors off (${formatRatio(t.ratioToBaseline)})`]);
    perfRows.push(["Events per second", formatCount(t.eventsPerSecond), `${formatCount(t.meanEventsPerRun)} events per run`]);
  }
  const c = results.corpus;
  if (c !== null) {
    perfRows.push([
      "Linearizability corpus",
      `${c.matched}/${c.histories} verdicts as expected, ${c.mismatched} wrong, ${c.unknown} unknown`,
      `budget ${formatCount(c.budgetSteps)} steps per history`,
    ]);
    perfRows.push(["Corpus check time (decided histories)", formatMs(c.decidedMs), `Porcupine ${formatMs(c.decidedPorcupineMs)} (${formatRatio(c.ratioToPorcupine)})`]);
    perfRows.push(["Corpus check time (all, unknown ones stopped at the budget)", formatMs(c.totalMs), `Porcupine ${formatMs(c.porcupineTotalMs)}`]);
  }
  const s = results.speedup;
  if (s !== null) {
    perfRows.push([
      "2 workers over 1",
      formatRatio(s.speedup),
      `${s.tasks} tasks x ${s.runsPerTask} runs: ${formatMs(s.oneWorkerMs)} vs ${formatMs(s.twoWorkersMs)}, using ${Number.isFinite(s.twoWorkersCores) ? s.twoWorkersCores.toFixed(2) : "?"} cores; results ${s.identical ? "identical" : "DIFFERENT"}`,
    ]);
  }
  tables.push({
    id: "performance",
    title: "Performance",
    caption: "Wall-clock figures from this machine; ratios are against baselines measured in the same run.",
    columns: ["Figure", "Value", "Against"],
    rows: perfRows,
    numeric: [],
  });
  return tables;
}
