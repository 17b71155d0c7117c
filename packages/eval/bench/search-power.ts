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
//   --budget N            default 1000
//   --swarm 0-2           the swarm profile (default 2, as cx hunt)
//   --workers N           worker threads (default one per core)
//   --out FILE            also write the rows as JSON
import { resolve } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { loadProtocol } from "@cx/protocols";
import { huntScenarioOverrides } from "@cx/sim";
import { feedbackNames, type Feedback } from "@cx/search";
import { createTaskPool, protocolRef, type HuntTask, type StrategyName } from "../src/index.js";
import { summariseCampaigns, type CampaignSummary, type Interval } from "../src/campaign-statistics.js";

const valueOf = (flag: string): string | undefined => {
  const i = process.argv.indexOf(flag);
  return i < 0 ? undefined : process.argv[i + 1];
};
const quick = process.argv.includes("--quick");
const protocol = await loadProtocol(valueOf("--protocol") ?? "raft", process.cwd());
const defectFilter = valueOf("--defects") ?? "all";
// "none": the correct protocol (what a distinct-behaviours count is measured on).
const defects = [...protocol.plugin.defects.map((d) => d.name), "none"].filter((d) => (defectFilter === "all" && d !== "none") || defectFilter.split(",").includes(d));
const strategies = (valueOf("--strategies") ?? "portfolio,random").split(",") as StrategyName[];
const feedbackFlag = valueOf("--feedback");
const feedbacks: readonly (Feedback | undefined)[] = feedbackFlag === undefined ? [undefined] : feedbackFlag.split(",").map((f) => {
  if (!(feedbackNames as readonly string[]).includes(f)) throw new Error(`--feedback: expected some of ${feedbackNames.join(", ")}, got ${f}`);
  return f as Feedback;
});
const campaigns = Number(valueOf("--campaigns") ?? (quick ? 10 : 30));
const budget = Number(valueOf("--budget") ?? 1000);
const swarm = Number(valueOf("--swarm") ?? huntScenarioOverrides.swarm);
const workersFlag = valueOf("--workers");
const scenario = { ...huntScenarioOverrides, swarm };

interface Row extends CampaignSummary {
  readonly defect: string;
  readonly strategy: StrategyName;
  readonly feedback: Feedback | null;
  /** Mean distinct causal behaviours per campaign (with --feedback). */
  readonly behaviours: number | null;
  readonly runs: number;
  readonly ms: number;
  readonly trials: readonly (number | null)[];
}

const pool = createTaskPool(workersFlag === undefined ? {} : { workers: Number(workersFlag) });
const started = Date.now();
const ref = protocolRef(protocol);
const rows: Row[] = [];
try {
  for (const defect of defects) {
    for (const strategy of strategies) for (const feedback of feedbacks) {
      const tasks: HuntTask[] = Array.from({ length: campaigns }, (_, i) => ({ kind: "hunt", ...ref, bugs: defect === "none" ? [] : [defect], strategy, seed: i + 1, budget, scenario, ...(feedback === undefined ? {} : { feedback }) }));
      const outputs = await Promise.all(tasks.map((task) => pool.run(task)));
      const trials = outputs.map((o) => (o.found ? o.trials : null));
      const row: Row = {
        defect,
        strategy,
        feedback: feedback ?? null,
        behaviours: feedback === undefined ? null : Math.round(outputs.reduce((sum, o) => sum + (o.behaviours ?? 0), 0) / outputs.length),
        ...summariseCampaigns(trials),
        runs: outputs.reduce((sum, o) => sum + o.trials, 0),
        ms: outputs.reduce((sum, o) => sum + o.ms, 0),
        trials,
      };
      rows.push(row);
      process.stderr.write(`${defect} ${strategy}${feedback === undefined ? "" : ` (${feedback})`}: ${row.found}/${row.campaigns}, median ${row.medianTrials ?? `>${budget}`}${row.behaviours === null ? "" : `, ${row.behaviours} behaviours`}\n`);
    }
  }
} finally {
  await pool.destroy();
}

const percent = (x: number | null): string => (x === null ? "-" : `${Math.round(x * 100)}%`);
const bound = (x: number | null): string => (x === null ? `>${budget}` : String(x));
const rate = (i: Interval): string => `${percent(i.low)}–${percent(i.high)}`;
console.log(`${protocol.plugin.name}: ${campaigns} campaigns per cell, budget ${budget} runs, swarm ${swarm}, ${((Date.now() - started) / 1000).toFixed(0)} s wall`);
console.log("");
console.log("| defect | strategy | feedback | found | 95% interval | median trials | 95% interval | behaviours | runs/s (per worker) |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  const perSecond = r.ms > 0 ? Math.round((r.runs / r.ms) * 1000) : 0;
  console.log(`| ${r.defect} | ${r.strategy} | ${r.feedback ?? "protocol"} | ${r.found}/${r.campaigns} | ${rate(r.foundInterval)} | ${bound(r.medianTrials)} | ${bound(r.medianInterval.low)}–${bound(r.medianInterval.high)} | ${r.behaviours ?? "-"} | ${perSecond} |`);
}
const out = valueOf("--out");
if (out !== undefined) writeFileAtomic.sync(resolve(out), `${JSON.stringify({ benchmark: "search-power", command: process.argv.slice(2).join(" "), protocol: protocol.plugin.name, campaigns, budget, swarm, rows }, null, 2)}\n`);
