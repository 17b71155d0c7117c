import type { StrategyName } from "@cx/search";
import type { MutantBenchmarkConfig } from "./experiment-config.js";
import { summariseCampaigns } from "./campaign-statistics.js";
import { protocolRef, selectDefects, type ExperimentProtocol } from "./experiment-protocol.js";
import { formatCount, formatRatio, type ResultTable } from "./result-format.js";
import type { MutantBenchmarkResults, MutantRow } from "./results.js";
import type { HuntOutput, HuntTask } from "./tasks.js";

/** A cell to hunt: one mutant of one protocol, one strategy. */
interface MutantCell {
  readonly protocol: ExperimentProtocol;
  readonly defect: string;
  readonly strategy: StrategyName;
}

/** The strategies of a benchmark, random first (the baseline). */
function withRandomFirst(strategies: readonly StrategyName[]): StrategyName[] {
  return ["random", ...strategies.filter((s) => s !== "random")];
}

/** The cells and their hunt tasks (campaign seeds 1 to `campaigns`), mutants in the order of their protocols. */
export function mutantBenchmarkTasks(
  protocols: readonly ExperimentProtocol[],
  config: MutantBenchmarkConfig,
  scenario: { scenario?: Readonly<Record<string, number>> },
): { readonly cell: MutantCell; readonly tasks: readonly HuntTask[] }[] {
  const strategies = withRandomFirst(config.strategies);
  return protocols.flatMap((protocol) =>
    selectDefects(protocol.plugin, config.defects).flatMap((d) =>
      strategies.map((strategy) => ({
        cell: { protocol, defect: d.name, strategy },
        tasks: Array.from({ length: config.campaigns }, (_, i): HuntTask => ({ kind: "hunt", ...protocolRef(protocol), bugs: [d.name], strategy, seed: i + 1, budget: config.budget, ...scenario })),
      })),
    ),
  );
}

/**
 * Summarises the hunts of {@link mutantBenchmarkTasks}, in the same order:
 * each cell's found rate with its Wilson interval and the median trials,
 * whether it beat random search on that mutant, and each strategy's wall
 * time per run over random's.
 *
 * @example
 * ```ts
 * const planned = mutantBenchmarkTasks(mutants, config.mutantBenchmark, {});
 * const outputs = await Promise.all(planned.flatMap((p) => p.tasks).map((t) => pool.run(t)));
 * const results = summariseMutantBenchmark(config.mutantBenchmark, planned, outputs);
 * ```
 */
export function summariseMutantBenchmark(
  config: MutantBenchmarkConfig,
  planned: readonly { readonly cell: MutantCell; readonly tasks: readonly HuntTask[] }[],
  outputs: readonly HuntOutput[],
): MutantBenchmarkResults {
  let offset = 0;
  const cells = planned.map(({ cell, tasks }) => {
    const mine = outputs.slice(offset, offset + tasks.length);
    offset += tasks.length;
    const summary = summariseCampaigns(mine.map((o) => (o.found ? o.trials : null)));
    return { protocol: cell.protocol.plugin.name, defect: cell.defect, strategy: cell.strategy, ...summary, runs: mine.reduce((sum, o) => sum + o.trials, 0), ms: mine.reduce((sum, o) => sum + o.ms, 0) };
  });
  const randomOf = (protocol: string, defect: string) => cells.find((c) => c.protocol === protocol && c.defect === defect && c.strategy === "random");
  const rows: MutantRow[] = cells.map((c) => {
    const random = randomOf(c.protocol, c.defect);
    const apart = random !== undefined && (c.foundInterval.low ?? 0) > (random.foundInterval.high ?? 1);
    return { ...c, beatsRandom: c.strategy !== "random" && random !== undefined && c.foundRate >= 2 * random.foundRate && apart };
  });
  const strategies = withRandomFirst(config.strategies);
  const msPerRun = (strategy: StrategyName): number | null => {
    const mine = rows.filter((r) => r.strategy === strategy);
    const runs = mine.reduce((sum, r) => sum + r.runs, 0);
    return runs === 0 ? null : mine.reduce((sum, r) => sum + r.ms, 0) / runs;
  };
  const random = msPerRun("random");
  const costPerRun = strategies.map((strategy) => {
    const mine = msPerRun(strategy);
    return { strategy, overRandom: mine === null || random === null || random === 0 ? null : mine / random };
  });
  return { campaigns: config.campaigns, budget: config.budget, strategies, rows, costPerRun };
}

/** A cell as the table shows it: found/campaigns, the interval in percent, the median trials (beyond the budget when half or more found nothing). */
function cellText(row: MutantRow, budget: number): string {
  const pct = (x: number | null) => (x === null ? "?" : `${Math.round(100 * x)}`);
  const median = row.medianTrials === null ? `beyond ${formatCount(budget)}` : formatCount(row.medianTrials);
  return `${row.found}/${row.campaigns} (${pct(row.foundInterval.low)}–${pct(row.foundInterval.high)}%), median ${median}${row.beatsRandom ? ", beats random" : ""}`;
}

/**
 * The search-power table: a row per mutant, a column per strategy.
 *
 * @example
 * ```ts
 * if (results.mutants) console.log(mutantBenchmarkTable(results.mutants).rows.length);
 * ```
 */
export function mutantBenchmarkTable(results: MutantBenchmarkResults): ResultTable {
  const mutants = [...new Map(results.rows.map((r) => [`${r.protocol}\u0000${r.defect}`, r])).values()];
  const rows = mutants.map((m) => [
    `${m.defect} (${m.protocol})`,
    ...results.strategies.map((s) => {
      const row = results.rows.find((r) => r.protocol === m.protocol && r.defect === m.defect && r.strategy === s);
      return row === undefined ? "—" : cellText(row, results.budget);
    }),
  ]);
  const wins = results.rows.filter((r) => r.beatsRandom);
  const cost = results.costPerRun.filter((c) => c.strategy !== "random").map((c) => `${c.strategy} ${formatRatio(c.overRandom)}`);
  return {
    id: "search-power",
    title: "Search power on the mutant benchmark",
    caption:
      `Defects kept for evaluating search, never offered as --bugs names: ${results.campaigns} campaigns of at most ${formatCount(results.budget)} runs per cell (the same seeds, equal runs), in cx hunt's world. ` +
      `Each cell: campaigns that found the mutant, the Wilson 95% interval of that rate, and the median runs to the first violation (campaigns that found nothing count as beyond the budget). ` +
      `Marked "beats random": a cell that found it at least twice as often as random search with intervals apart: ${wins.length === 0 ? "none" : wins.map((w) => `${w.strategy} on ${w.defect}`).join(", ")}. ` +
      `Wall time per run against random's, on this machine (what equal time would cost): ${cost.join(", ") || "—"}.`,
    columns: ["Mutant", ...results.strategies],
    rows,
    numeric: [],
  };
}
