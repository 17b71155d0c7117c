// Search power: for each defect and strategy, many independent hunt campaigns
// (seeds 1..N) of at most --budget runs each, in the scenario `cx hunt` runs
// (drawn horizon and swarm profile), with the found rate's Wilson 95% interval
// and the median trials (unfound campaigns counted as beyond the budget) with
// its order-statistics interval. Prints a Markdown table; --out also writes JSON.
//   --protocol REF        the protocol (default raft)
//   --defects a,b|all     which defects (default all)
//   --strategies a,b      default portfolio,random
//   --feedback a,b        what guides them (protocol, behaviours, both); with
//                         it every run records its causal behaviours and the
//                         table counts the distinct ones each campaign reached
//   --campaigns N         default 30 (--quick: 10)
//   --first-seed N        the campaigns' seeds start here (default 1): another
//                         range checks a change on campaigns it was not tried on
//   --budget N            default 1000
//   --swarm 0-2           the swarm profile (default 2, as cx hunt)
//   --workers N           worker threads (default one per core)
//   --equal-time          compare at equal time instead of equal runs: first time
//                         each strategy (and feedback) on the correct protocol, in
//                         interleaved rounds of one --budget-run campaign per worker
//                         (seeds 900001..) after an untimed round of each, then give
//                         each cell --budget / (the median over rounds of its time
//                         per run over random's in the same round) runs, so that
//                         every strategy spends about what random spends on
//                         --budget runs. The budgets depend on this machine's
//                         timings and are in the output; within a cell every
//                         budget still counts runs.
//   --calibration N       timed rounds (default 5)
//   --out FILE            also write the rows as JSON
import { resolve } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { loadProtocol } from "@cx/protocols";
import { huntScenarioOverrides } from "@cx/sim";
import { feedbackNames, type Feedback } from "@cx/search";
import { createTaskPool, protocolRef, type HuntTask, type StrategyName } from "../src/index.js";
import { median } from "../src/median.js";
import { summariseCampaigns, type CampaignSummary, type Interval } from "../src/campaign-statistics.js";

const valueOf = (flag: string): string | undefined => {
  const i = process.argv.indexOf(flag);
  return i < 0 ? undefined : process.argv[i + 1];
};
/** A wrong flag: one line naming it and what was expected, exit 2, no stack trace. */
const badFlag = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};
const quick = process.argv.includes("--quick");
const protocol = await loadProtocol(valueOf("--protocol") ?? "raft", process.cwd());
const defectFilter = valueOf("--defects") ?? "all";
// "none": the correct protocol (what a distinct-behaviours count is measured on).
const defects = [...protocol.plugin.defects.map((d) => d.name), "none"].filter((d) => (defectFilter === "all" && d !== "none") || defectFilter.split(",").includes(d));
const strategies = (valueOf("--strategies") ?? "portfolio,random").split(",") as StrategyName[];
const feedbackFlag = valueOf("--feedback");
const feedbacks: readonly (Feedback | undefined)[] = feedbackFlag === undefined ? [undefined] : feedbackFlag.split(",").map((f) => {
  if (!(feedbackNames as readonly string[]).includes(f)) badFlag(`--feedback: expected some of ${feedbackNames.join(", ")}, got ${f}`);
  return f as Feedback;
});
const campaigns = Number(valueOf("--campaigns") ?? (quick ? 10 : 30));
const budget = Number(valueOf("--budget") ?? 1000);
const firstSeed = Number(valueOf("--first-seed") ?? 1);
if (!Number.isSafeInteger(firstSeed) || firstSeed < 1) badFlag(`--first-seed: expected a positive integer, got ${valueOf("--first-seed")}`);
const swarm = Number(valueOf("--swarm") ?? huntScenarioOverrides.swarm);
const workersFlag = valueOf("--workers");
const equalTime = process.argv.includes("--equal-time");
const calibrationRounds = Number(valueOf("--calibration") ?? 5);
if (!Number.isSafeInteger(calibrationRounds) || calibrationRounds < 1) badFlag(`--calibration: expected a positive integer, got ${valueOf("--calibration")}`);
const scenario = { ...huntScenarioOverrides, swarm };

interface Row extends CampaignSummary {
  readonly defect: string;
  readonly strategy: StrategyName;
  readonly feedback: Feedback | null;
  /** Mean distinct causal behaviours per campaign (with --feedback). */
  readonly behaviours: number | null;
  /** Runs per campaign this cell had: --budget, or with --equal-time the budget of equal wall time. */
  readonly budget: number;
  /** With --equal-time: the strategy's time per run over random's, as calibrated. */
  readonly costOverRandom: number | null;
  readonly runs: number;
  readonly ms: number;
  readonly trials: readonly (number | null)[];
}

const pool = createTaskPool(workersFlag === undefined ? {} : { workers: Number(workersFlag) });
const started = Date.now();
const ref = protocolRef(protocol);
const rows: Row[] = [];
const cellKey = (strategy: StrategyName, feedback: Feedback | undefined): string => `${strategy}/${feedback ?? "protocol"}`;
/** Per cell key, with --equal-time only: time per run over random's. */
const costs = new Map<string, number>();
try {
  if (equalTime) {
    // Time per run on the correct protocol: the runs a campaign makes are the same work whatever defect is seeded.
    // Strategies are timed in interleaved rounds (a round runs each on `workers` campaigns side by side) and each cell's
    // cost is the median of its rounds' ratios to random's in the same round (with the cell's feedback: a cell with
    // --feedback records behaviours in random's runs too): this VM's speed drifts by tens of percent between minutes.
    const workers = Math.max(1, pool.workers);
    const timeRound = async (strategy: StrategyName, feedback: Feedback | undefined, round: number): Promise<number> => {
      const tasks: HuntTask[] = Array.from({ length: workers }, (_, i) => ({ kind: "hunt", ...ref, bugs: [], strategy, seed: 900_001 + round * workers + i, budget, scenario, ...(feedback === undefined ? {} : { feedback }) }));
      const outputs = await Promise.all(tasks.map((task) => pool.run(task)));
      return outputs.reduce((sum, o) => sum + o.ms, 0) / outputs.reduce((sum, o) => sum + o.trials, 0);
    };
    const cells = [...new Set(["random", ...strategies])].flatMap((strategy) => feedbacks.map((feedback) => ({ strategy: strategy as StrategyName, feedback })));
    // One untimed round of every cell first: the first to run would otherwise pay for the workers' compilation of its code.
    for (const { strategy, feedback } of cells) await timeRound(strategy, feedback, -1);
    const ratios = new Map<string, number[]>();
    for (let round = 0; round < calibrationRounds; round++) {
      const ms = new Map<string, number>();
      for (const { strategy, feedback } of cells) ms.set(cellKey(strategy, feedback), await timeRound(strategy, feedback, round));
      for (const { strategy, feedback } of cells) {
        const key = cellKey(strategy, feedback);
        ratios.set(key, [...(ratios.get(key) ?? []), (ms.get(key) as number) / (ms.get(cellKey("random", feedback)) as number)]);
      }
    }
    for (const strategy of strategies) for (const feedback of feedbacks) {
      const cost = strategy === "random" ? 1 : median(ratios.get(cellKey(strategy, feedback)) as number[]);
      costs.set(cellKey(strategy, feedback), cost);
      process.stderr.write(`${strategy}${feedback === undefined ? "" : ` (${feedback})`}: ${cost.toFixed(2)}x random's time per run (median of ${calibrationRounds} rounds), ${Math.round(budget / cost)} runs a campaign\n`);
    }
  }
  for (const defect of defects) {
    for (const strategy of strategies) for (const feedback of feedbacks) {
      const cost = costs.get(cellKey(strategy, feedback));
      const cellBudget = cost === undefined ? budget : Math.max(1, Math.round(budget / cost));
      const tasks: HuntTask[] = Array.from({ length: campaigns }, (_, i) => ({ kind: "hunt", ...ref, bugs: defect === "none" ? [] : [defect], strategy, seed: firstSeed + i, budget: cellBudget, scenario, ...(feedback === undefined ? {} : { feedback }) }));
      const outputs = await Promise.all(tasks.map((task) => pool.run(task)));
      const trials = outputs.map((o) => (o.found ? o.trials : null));
      const row: Row = {
        defect,
        strategy,
        feedback: feedback ?? null,
        behaviours: feedback === undefined ? null : Math.round(outputs.reduce((sum, o) => sum + (o.behaviours ?? 0), 0) / outputs.length),
        ...summariseCampaigns(trials),
        budget: cellBudget,
        costOverRandom: cost ?? null,
        runs: outputs.reduce((sum, o) => sum + o.trials, 0),
        ms: outputs.reduce((sum, o) => sum + o.ms, 0),
        trials,
      };
      rows.push(row);
      process.stderr.write(`${defect} ${strategy}${feedback === undefined ? "" : ` (${feedback})`}: ${row.found}/${row.campaigns}, median ${row.medianTrials ?? `>${cellBudget}`}${row.behaviours === null ? "" : `, ${row.behaviours} behaviours`}\n`);
    }
  }
} finally {
  await pool.destroy();
}

const percent = (x: number | null): string => (x === null ? "-" : `${Math.round(x * 100)}%`);
const bound = (x: number | null, cellBudget: number): string => (x === null ? `>${cellBudget}` : String(x));
const rate = (i: Interval): string => `${percent(i.low)}–${percent(i.high)}`;
console.log(`${protocol.plugin.name}: ${campaigns} campaigns per cell, budget ${budget} runs${equalTime ? " of random search's time (each cell's runs below)" : ""}, swarm ${swarm}, ${((Date.now() - started) / 1000).toFixed(0)} s wall`);
console.log("");
console.log("| defect | strategy | feedback | runs a campaign | found | 95% interval | median trials | 95% interval | behaviours | runs/s (per worker) |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  const perSecond = r.ms > 0 ? Math.round((r.runs / r.ms) * 1000) : 0;
  const cost = r.costOverRandom === null ? "" : ` (${r.costOverRandom.toFixed(2)}x random's time a run)`;
  console.log(`| ${r.defect} | ${r.strategy} | ${r.feedback ?? "protocol"} | ${r.budget}${cost} | ${r.found}/${r.campaigns} | ${rate(r.foundInterval)} | ${bound(r.medianTrials, r.budget)} | ${bound(r.medianInterval.low, r.budget)}–${bound(r.medianInterval.high, r.budget)} | ${r.behaviours ?? "-"} | ${perSecond} |`);
}
const out = valueOf("--out");
if (out !== undefined) writeFileAtomic.sync(resolve(out), `${JSON.stringify({ benchmark: "search-power", command: process.argv.slice(2).join(" "), protocol: protocol.plugin.name, campaigns, firstSeed, budget, equalTime, swarm, rows }, null, 2)}\n`);
