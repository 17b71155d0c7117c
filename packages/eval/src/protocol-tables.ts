import { passAccountingTables } from "./pass-accounting.js";
import { normalFormTables } from "./normal-form-tables.js";
import { formatCount, formatMs, formatPercent, formatRatio, formatStorySteps, formatYesNo, type ResultTable } from "./result-format.js";
import type { ExperimentResults, ProtocolResults, TrialsCell } from "./results.js";

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
  const found = cell.foundInterval === undefined ? "" : ` [${formatPercent(cell.foundInterval.low)}–${formatPercent(cell.foundInterval.high)}]`;
  const m = cell.medianTrialsInterval;
  const bound = (x: number | null): string => (x === null ? `>${formatCount(cell.budget)}` : formatCount(x));
  const medianInterval = m === undefined || cell.medianTrials === null ? "" : ` [${bound(m.low)}–${bound(m.high)}]`;
  const time = medianTimeToFindMs(cell);
  const atItsRate = time === null ? "" : `, about ${formatMs(time)} at its rate`;
  return `${cell.found}/${cell.seeds}${found}, ${median}${medianInterval}${atItsRate}${escalated}`;
}

/** A protocol name as an id fragment (`raft`, `primary-backup`). */
export function protocolSlug(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, "-");
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
  return [trustTable(p, id), trialsTable(results, p, id), trialsPerSeedTable(p, id), shrinkTable(results, p, id), ...normalFormTables(p, id), ...passAccountingTables(p, id), throughputTable(p, id)];
}

function trustTable(p: ProtocolResults, id: string): ResultTable {
  return {
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
  };
}

function trialsTable(results: ExperimentResults, p: ProtocolResults, id: string): ResultTable {
  const strategies = results.config.strategies;
  return {
    id: `${id}-trials`,
    title: `${p.name}: trials to first violation`,
    caption: `Hunts that found the defect / seeds [the found rate's 95% Wilson interval], the median trials to the first violation over every campaign (a miss counts as more than the budget) [its 95% order-statistics interval], and that median as time at the strategy's own rate (its hunts' wall time over their runs: the strategies compared at equal time, as their runs cost different amounts; not deterministic). Budget ${formatCount(results.config.trialBudget)}${results.config.escalatedSeeds.length > 0 ? `; a cell that found nothing was run again with budget ${formatCount(results.config.escalatedBudget)}` : ""}.`,
    columns: ["Defect", ...strategies],
    rows: p.bugs.map((bug) => [bug.name, ...strategies.map((s) => cellSummary(p.trials.cells.find((c) => c.bug === bug.name && c.strategy === s)))]),
    numeric: [],
  };
}

function trialsPerSeedTable(p: ProtocolResults, id: string): ResultTable {
  return {
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
  };
}

function shrinkTable(results: ExperimentResults, p: ProtocolResults, id: string): ResultTable {
  return {
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
      formatYesNo(r.converged),
      formatYesNo(r.replaysExactly),
    ]),
    numeric: [4, 5, 6, 7],
  };
}

function throughputTable(p: ProtocolResults, id: string): ResultTable {
  const t = p.throughput;
  return {
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
  };
}
