import { sharedFailureAgreement } from "./normal-form-summary.js";
import type { ExperimentResults, ProtocolResults, TrialsCell } from "./results.js";

/**
 * One table of the results, as plain (unescaped) text cells: the same
 * tables become Markdown in summary.md and HTML in the report.
 */
export interface ResultTable {
  /** Stable identifier (`headline`, `raft-trust`, `raft-trials`, ...), usable as an HTML id. */
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

const percent = (x: number | null): string => (x === null ? "—" : `${Math.round(x * 100)}%`);

/**
 * The cell's median trials to the first violation as time at the
 * strategy's own rate (its hunts' wall time in their workers over their
 * runs): strategies compared at equal time, not equal trials, since a
 * guided strategy's runs cost more or less than random's. Null when there
 * is no median or no time.
 *
 * @example
 * ```ts
 * medianTimeToFindMs(cell); // 820 for a median of 400 trials at 2.05 ms a run
 * ```
 */
export function medianTimeToFindMs(cell: TrialsCell): number | null {
  let runs = 0;
  let ms = 0;
  for (const round of cell.rounds) {
    for (const hunt of round.hunts) {
      runs += hunt.trials;
      ms += hunt.ms;
    }
  }
  if (cell.medianTrials === null || runs === 0 || ms === 0) return null;
  return (cell.medianTrials * ms) / runs;
}

function cellSummary(cell: TrialsCell | undefined): string {
  if (cell === undefined) return "—";
  const median = cell.medianTrials === null ? "median over " + formatCount(cell.budget) : `median ${formatCount(cell.medianTrials)}`;
  const escalated = cell.rounds.length > 1 ? ` (budget ${formatCount(cell.budget)})` : "";
  // The 95% intervals, when the file has them (files written before them do not).
  const found = cell.foundInterval === undefined ? "" : ` [${percent(cell.foundInterval.low)}–${percent(cell.foundInterval.high)}]`;
  const m = cell.medianTrialsInterval;
  const bound = (x: number | null): string => (x === null ? `>${formatCount(cell.budget)}` : formatCount(x));
  const medianInterval = m === undefined || cell.medianTrials === null ? "" : ` [${bound(m.low)}–${bound(m.high)}]`;
  const time = medianTimeToFindMs(cell);
  const atItsRate = time === null ? "" : `, about ${formatMs(time)} at its rate`;
  return `${cell.found}/${cell.seeds}${found}, ${median}${medianInterval}${atItsRate}${escalated}`;
}

/** The story length as the results hold it: every step, and how many were shown when some were left out. */
export function formatStorySteps(total: number | null, shown: number | null): string {
  if (total === null) return "—";
  return shown === null || shown === total ? formatCount(total) : `${formatCount(total)} (${formatCount(shown)} shown)`;
}

/** A protocol name as an id fragment (`raft`, `primary-backup`). */
export function protocolSlug(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, "-");
}

/**
 * The tables of the whole experiment, in reading order: the headline over
 * every protocol, then each protocol's tables ({@link buildProtocolTables}),
 * then the performance figures measured once (corpus, speed-up).
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
  return [sections.headline, ...sections.protocols.flatMap((p) => p.tables), sections.performance];
}

/** The tables of {@link buildResultTables}, grouped: a section per protocol between the headline and the shared performance figures. */
export interface ResultSections {
  readonly headline: ResultTable;
  readonly protocols: readonly { readonly protocol: ProtocolResults; readonly tables: readonly ResultTable[] }[];
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

/**
 * One protocol's tables: its trust run, trials to first violation
 * (summary and per seed), shrink table and throughput. Ids are prefixed by
 * the protocol (`raft-trust`, `raft-trials`, `raft-trials-per-seed`,
 * `raft-shrink`, `raft-performance`).
 *
 * @example
 * ```ts
 * buildProtocolTables(results, results.protocols[0]).map((t) => t.id);
 * ```
 */
export function buildProtocolTables(results: ExperimentResults, p: ProtocolResults): ResultTable[] {
  const id = protocolSlug(p.name);
  const tables: ResultTable[] = [];
  tables.push({
    id: `${id}-trust`,
    title: `${p.name}: trust run on the correct protocol`,
    caption: p.trust.passed
      ? `Every strategy hunted ${p.name} with no defect; no violation, so a violation below is caused by the defect.`
      : p.trust.rows.length === 0
        ? "Not run yet."
        : `A violation on ${p.name} with no defect: every ${p.name} figure below is meaningless until it is fixed.`,
    columns: ["Strategy", "Hunts", "Schedules", "Violations"],
    rows: p.trust.rows.map((r) => [r.strategy, String(r.hunts.length), formatCount(r.schedules), formatCount(r.violations)]),
    numeric: [1, 2, 3],
  });

  const strategies = results.config.strategies;
  tables.push({
    id: `${id}-trials`,
    title: `${p.name}: trials to first violation`,
    caption: `Hunts that found the defect / seeds [the found rate's 95% Wilson interval], the median trials to the first violation over every campaign (a miss counts as more than the budget) [its 95% order-statistics interval], and that median as time at the strategy's own rate (its hunts' wall time over their runs: the strategies compared at equal time, as their runs cost different amounts; not deterministic). Budget ${formatCount(results.config.trialBudget)}${results.config.escalatedSeeds.length > 0 ? `; a cell that found nothing was run again with budget ${formatCount(results.config.escalatedBudget)}` : ""}.`,
    columns: ["Defect", ...strategies],
    rows: p.bugs.map((bug) => [bug.name, ...strategies.map((s) => cellSummary(p.trials.cells.find((c) => c.bug === bug.name && c.strategy === s)))]),
    numeric: [],
  });
  tables.push({
    id: `${id}-trials-per-seed`,
    title: `${p.name}: trials to first violation, every hunt`,
    caption: "Each cell's last round: trials per seed in seed order (— = not found within the budget), and the invariants that caught the defect.",
    columns: ["Defect", "Strategy", "Budget", "Found", "Trials per seed", "Caught by"],
    rows: p.trials.cells.map((c) => [
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
    id: `${id}-shrink`,
    title: `${p.name}: shrinking`,
    caption: `For each defect, its shortest found failure shrunk: choice-sequence length before and after, non-zero decisions left, steps of the story (every step counted; how many are shown when the story was cut to ${results.config.storyStepsMax}), shrinking time and target runs, whether it converged, and whether replaying the result gives the same invariant and message.`,
    columns: ["Defect", "Invariant", "Found by", "Decisions", "Non-zero", "Story steps", "Time", "Candidate runs", "Converged", "Replays exactly"],
    rows: p.shrinks.rows.map((r) => [
      r.bug,
      r.counterexample?.violation.invariant ?? (r.status === "not-found" ? "not found" : r.status),
      r.source === null ? "—" : `${r.source.strategy} seed ${r.source.seed}`,
      r.decisionsBefore === null ? "—" : `${formatCount(r.decisionsBefore)} → ${formatCount(r.decisionsAfter)}`,
      formatCount(r.nonZeroAfter),
      formatStorySteps(r.storyStepsTotal, r.storyStepsShown),
      formatMs(r.ms),
      formatCount(r.candidateRuns),
      yesNo(r.converged),
      yesNo(r.replaysExactly),
    ]),
    numeric: [4, 5, 6, 7],
  });

  const normalForms = p.shrinks.rows.flatMap((r) => (r.normalForm === undefined || r.normalForm === null ? [] : [{ bug: r.bug, nf: r.normalForm }]));
  if (normalForms.length > 0) {
    tables.push({
      id: `${id}-normal-form`,
      title: `${p.name}: one failure, one counterexample?`,
      caption: "For each defect, its failures found in the trials, each shrunk alone: the share that shrank to the most common choice list, how many distinct lists they ended in, the spread of decisions after shrinking (least, median, most, and most over least), and how many shrinks converged before the run budget.",
      columns: ["Defect", "Finds", "Same list", "Distinct lists", "Decisions after (min / median / max)", "Most / least", "Converged", "Candidate runs (median)"],
      rows: normalForms.map(({ bug, nf }) => [
        bug,
        formatCount(nf.finds),
        `${Math.round(100 * nf.normalFormRate)}%`,
        formatCount(nf.distinctLists),
        nf.decisionsMin === null ? "—" : `${formatCount(nf.decisionsMin)} / ${formatCount(nf.decisionsMedian)} / ${formatCount(nf.decisionsMax)}`,
        nf.decisionsMin === null || nf.decisionsMax === null ? "—" : `${(nf.decisionsMax / Math.max(1, nf.decisionsMin)).toFixed(2)}x`,
        nf.converged === undefined ? "—" : `${formatCount(nf.converged)} / ${formatCount(nf.finds)}`,
        formatCount(nf.candidateRunsMedian),
      ]),
      numeric: [1, 2, 3, 5, 6, 7],
    });
    const split = normalForms.filter(({ nf }) => (nf.byInvariant?.length ?? 0) > 1);
    if (split.length > 0) {
      tables.push({
        id: `${id}-normal-form-by-invariant`,
        title: `${p.name}: one counterexample per violation?`,
        caption: "The defects whose finds broke more than one invariant, their finds split by the invariant broken: the shrinker keeps a find's invariant, so finds of different invariants can never end on the same list. The other defects' finds all broke one invariant (the table above).",
        columns: ["Defect", "Invariant", "Finds", "Same list", "Distinct lists", "Decisions after (min / max)", "Most / least"],
        rows: split.flatMap(({ bug, nf }) =>
          (nf.byInvariant ?? []).map((v) => [
            bug,
            v.invariant,
            formatCount(v.finds),
            `${Math.round(100 * v.normalFormRate)}%`,
            formatCount(v.distinctLists),
            v.decisionsMin === null ? "—" : `${formatCount(v.decisionsMin)} / ${formatCount(v.decisionsMax)}`,
            v.decisionsMin === null || v.decisionsMax === null ? "—" : `${(v.decisionsMax / Math.max(1, v.decisionsMin)).toFixed(2)}x`,
          ]),
        ),
        numeric: [2, 3, 4, 6],
      });
    }
    const shaped = normalForms.filter(({ nf }) => (nf.byFailure?.length ?? 0) > 0);
    if (shaped.length > 0) {
      tables.push({
        id: `${id}-normal-form-by-failure`,
        title: `${p.name}: one counterexample per failure?`,
        caption:
          "The finds of each defect split by failure: the invariant broken and the faults its counterexample held before the failure (crashes, partitions by shape, dropped, duplicated and overtaken messages; which node is left out). Finds of different failures broke the defect in different ways, which no shrink turns into one another; finds of one failure that ended on different lists are what the shrinker left unsettled. The last two columns pool every failure that two finds or more share (a failure found once agrees with itself, so it is left out).",
        columns: ["Defect", "Failures", "Commonest failure", "Its finds", "Its same list", "Finds sharing a failure", "Same list within their failure"],
        rows: shaped.map(({ bug, nf }) => {
          const failures = nf.byFailure ?? [];
          const top = failures[0];
          const { sharing, agreeing } = sharedFailureAgreement(failures);
          return [
            bug,
            formatCount(failures.length),
            top === undefined ? "—" : `${top.invariant}: ${top.faultShape}`,
            top === undefined ? "—" : formatCount(top.finds),
            top === undefined ? "—" : `${Math.round(100 * top.normalFormRate)}%`,
            formatCount(sharing),
            sharing === 0 ? "—" : `${Math.round((100 * agreeing) / sharing)}%`,
          ];
        }),
        numeric: [1, 3, 4, 5, 6],
      });
    }
  }

  const t = p.throughput;
  tables.push({
    id: `${id}-performance`,
    title: `${p.name}: throughput`,
    caption: "Wall-clock figures from this machine, one thread, the protocol's scenario with no defect; the ratio is against the same runs with monitors off, measured in the same run.",
    columns: ["Figure", "Value", "Against"],
    rows:
      t === null
        ? []
        : [
            ["Runs per second", formatCount(t.runsPerSecond), `${formatCount(t.baselineRunsPerSecond)} with monitors off (${formatRatio(t.ratioToBaseline)})`],
            ["Events per second", formatCount(t.eventsPerSecond), `${formatCount(t.meanEventsPerRun)} events per run`],
            ...(t.runaways === undefined ? [] : [["Runaway runs (stopped by a run limit, counted at the time they took)", formatCount(t.runaways), `of ${formatCount(t.runs * t.batches * 2)} measured`]]),
          ],
    numeric: [],
  });
  return tables;
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
