// What each shrink pass does on finds of a protocol: hunts seeds 1..N of
// each defect in `cx hunt`'s scenario, shrinks every find as the experiment
// does, and sums per pass the candidates it tried, those it accepted (each a
// new best), the runs it spent, and the finds where it accepted anything.
// Run it on protocols the passes were not designed on (the mutant
// benchmark, the examples) to see which passes earn their runs. Prints a
// Markdown table; --out also writes JSON (atomically).
//   --protocol REF        the protocol (default raft)
//   --defects a,b|all     which defects (default all)
//   --seeds N             hunts per defect (default 3)
//   --budget N            runs per hunt (default 1000)
//   --workers N           worker threads (default one per core)
//   --out FILE            also write the rows as JSON
import { resolve } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { loadProtocol } from "@cx/protocols";
import { DEFAULT_CANDIDATE_RUNS_MAX } from "@cx/search";
import { huntScenarioOverrides } from "@cx/sim";
import { accountPasses, createTaskPool, evalVersion, protocolRef, type HuntTask, type ShrinkOutput, type ShrinkTask } from "../src/index.js";

const valueOf = (flag: string): string | undefined => {
  const i = process.argv.indexOf(flag);
  return i < 0 ? undefined : process.argv[i + 1];
};
const protocol = await loadProtocol(valueOf("--protocol") ?? "raft", process.cwd());
const defectFilter = valueOf("--defects") ?? "all";
const defects = protocol.plugin.defects.map((d) => d.name).filter((d) => defectFilter === "all" || defectFilter.split(",").includes(d));
const seeds = Number(valueOf("--seeds") ?? 3);
const budget = Number(valueOf("--budget") ?? 1000);
const workersFlag = valueOf("--workers");
const scenario = { ...huntScenarioOverrides };
const ref = protocolRef(protocol);

interface Find {
  readonly defect: string;
  readonly seed: number;
  readonly decisionsBefore: number;
  readonly decisionsAfter: number;
  readonly candidateRuns: number;
  readonly converged: boolean;
  readonly storySteps: number | null;
}

const pool = createTaskPool(workersFlag === undefined ? {} : { workers: Number(workersFlag) });
const outputsAll: ShrinkOutput[] = [];
const finds: Find[] = [];
const started = Date.now();
try {
  const hunts: HuntTask[] = defects.flatMap((defect) => Array.from({ length: seeds }, (_, i): HuntTask => ({ kind: "hunt", ...ref, bugs: [defect], strategy: "portfolio", seed: i + 1, budget, scenario })));
  const found = await Promise.all(hunts.map((task) => pool.run(task)));
  const shrinks: { task: ShrinkTask; defect: string; seed: number }[] = [];
  found.forEach((output, i) => {
    const hunt = hunts[i] as HuntTask;
    if (!output.found || output.choices === null || output.violation === null) return;
    const defect = hunt.bugs[0] as string;
    shrinks.push({ defect, seed: hunt.seed, task: { kind: "shrink", ...ref, bug: defect, choices: output.choices, invariant: output.violation.invariant, candidatesMax: DEFAULT_CANDIDATE_RUNS_MAX, storyStepsMax: 1000, cxVersion: evalVersion, scenario } });
  });
  const outputs = await Promise.all(shrinks.map((s) => pool.run(s.task)));
  outputsAll.push(...outputs);
  outputs.forEach((output, i) => {
    const { defect, seed } = shrinks[i] as (typeof shrinks)[number];
    finds.push({ defect, seed, decisionsBefore: output.decisionsBefore, decisionsAfter: output.decisionsAfter, candidateRuns: output.candidateRuns, converged: output.converged, storySteps: output.counterexample?.storyStepsTotal ?? null });
  });
} finally {
  await pool.destroy();
}

const rows = accountPasses(outputsAll);
const totalRuns = rows.reduce((sum, r) => sum + r.runs, 0);
const long = finds.filter((f) => f.storySteps !== null && f.storySteps > 15).length;
console.log(`${protocol.plugin.name}: ${finds.length} finds shrunk (${defects.length} defects x ${seeds} seeds, portfolio hunts of ${budget} runs), ${finds.filter((f) => f.converged).length} converged, ${long} stories over 15 steps, ${totalRuns} candidate runs, ${((Date.now() - started) / 1000).toFixed(0)} s wall`);
console.log("");
console.log("| pass | finds it helped | accepted | tried | runs | share of runs |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.name} | ${r.findsHelped}/${finds.length} | ${r.accepted} | ${r.tried} | ${r.runs} | ${totalRuns === 0 ? "-" : `${((r.runs / totalRuns) * 100).toFixed(1)}%`} |`);
const out = valueOf("--out");
if (out !== undefined) writeFileAtomic.sync(resolve(out), `${JSON.stringify({ benchmark: "pass-accounting", command: process.argv.slice(2).join(" "), protocol: protocol.plugin.name, seeds, budget, finds, passes: rows }, null, 2)}\n`);
