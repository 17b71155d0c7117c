// What each shrink pass does on finds of a protocol: hunts seeds 1..N of
// each defect in `cx hunt`'s scenario (or takes finds saved by
// `bench:normal-form --save-finds`), shrinks every find as the experiment
// does, and sums per pass the candidates it tried, those it accepted (each a
// new best), the runs it spent, and the finds where it accepted anything.
// With --decided it also shrinks every find once more per pass that made a
// new best in it, with that pass left out, and counts the finds that end on
// another list without it: those whose list no other pass would have
// reached. Run it on protocols the passes were not designed on (the mutant
// benchmark, the examples) to see which passes earn their runs. Prints
// Markdown tables; --out also writes JSON (atomically).
//   --protocol REF        the protocol (default raft)
//   --defects a,b|all     which defects (default all)
//   --seeds N             hunts per defect (default 3)
//   --budget N            runs per hunt (default 1000)
//   --finds FILE          shrink these saved finds instead of hunting (their scenario with them)
//   --decided             also leave each pass out in turn (one more shrink per find and pass that helped it)
//   --workers N           worker threads (default one per core)
//   --out FILE            also write the rows as JSON
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { loadProtocol } from "@cx/protocols";
import { DEFAULT_CANDIDATE_RUNS_MAX, type ShrinkPassName } from "@cx/search";
import { huntScenarioOverrides } from "@cx/sim";
import { accountPasses, createTaskPool, decidedByPass, evalVersion, protocolRef, type Ablation, type HuntedFind, type HuntTask, type PassDecision, type ShrinkOutput, type ShrinkTask } from "../src/index.js";

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
const findsFile = valueOf("--finds");
const saved = findsFile === undefined ? undefined : (JSON.parse(readFileSync(findsFile, "utf8")) as { scenario: Record<string, number>; finds: HuntedFind[] });
const scenario = saved?.scenario ?? { ...huntScenarioOverrides };
const decided = process.argv.includes("--decided");
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
let decisions: PassDecision[] = [];
// Every shrink with one pass left out, for the JSON: which find, which pass, and where it ended.
let ablationRows: { defect: string; seed: number; pass: string; decisionsAfter: number; candidateRuns: number; converged: boolean; storySteps: number | null }[] = [];
const started = Date.now();
const shrinkTask = (find: HuntedFind, without: readonly ShrinkPassName[] = []): ShrinkTask => ({
  kind: "shrink",
  ...ref,
  bug: find.bug,
  choices: find.choices,
  invariant: find.invariant,
  candidatesMax: DEFAULT_CANDIDATE_RUNS_MAX,
  storyStepsMax: 1000,
  cxVersion: evalVersion,
  scenario,
  ...(without.length === 0 ? {} : { without }),
});
try {
  let hunted: HuntedFind[];
  if (saved !== undefined) hunted = saved.finds.filter((f) => defects.includes(f.bug));
  else {
    const hunts: HuntTask[] = defects.flatMap((defect) => Array.from({ length: seeds }, (_, i): HuntTask => ({ kind: "hunt", ...ref, bugs: [defect], strategy: "portfolio", seed: i + 1, budget, scenario })));
    const found = await Promise.all(hunts.map((task) => pool.run(task)));
    hunted = found.flatMap((output, i) => (output.found && output.choices !== null && output.violation !== null ? [{ bug: (hunts[i] as HuntTask).bugs[0] as string, seed: (hunts[i] as HuntTask).seed, choices: output.choices, invariant: output.violation.invariant }] : []));
  }
  const outputs = await Promise.all(hunted.map((find) => pool.run(shrinkTask(find))));
  outputsAll.push(...outputs);
  outputs.forEach((output, i) => {
    const { bug, seed } = hunted[i] as HuntedFind;
    finds.push({ defect: bug, seed, decisionsBefore: output.decisionsBefore, decisionsAfter: output.decisionsAfter, candidateRuns: output.candidateRuns, converged: output.converged, storySteps: output.counterexample?.storyStepsTotal ?? null });
  });
  if (decided) {
    // Only the passes that made a new best in a find's shrink are left out of it (see decidedByPass).
    const planned = outputs.flatMap((output, find) => (output.passes ?? []).filter((p) => p.accepted > 0).map((p) => ({ find, pass: p.name as ShrinkPassName })));
    const ablated = await Promise.all(planned.map(({ find, pass }) => pool.run(shrinkTask(hunted[find] as HuntedFind, [pass]))));
    const ablations: Ablation[] = ablated.map((output, k) => ({ ...(planned[k] as (typeof planned)[number]), choices: output.counterexample?.choices ?? null, candidateRuns: output.candidateRuns }));
    ablationRows = ablated.map((output, k) => {
      const { find, pass } = planned[k] as (typeof planned)[number];
      const { bug, seed } = hunted[find] as HuntedFind;
      return { defect: bug, seed, pass, decisionsAfter: output.decisionsAfter, candidateRuns: output.candidateRuns, converged: output.converged, storySteps: output.counterexample?.storyStepsTotal ?? null };
    });
    decisions = decidedByPass(
      outputs.map((o) => ({ choices: o.counterexample?.choices ?? null, candidateRuns: o.candidateRuns })),
      ablations,
    );
  }
} finally {
  await pool.destroy();
}

const rows = accountPasses(outputsAll);
const totalRuns = rows.reduce((sum, r) => sum + r.runs, 0);
const long = finds.filter((f) => f.storySteps !== null && f.storySteps > 15).length;
const source = saved === undefined ? `${defects.length} defects x ${seeds} seeds, portfolio hunts of ${budget} runs` : `saved finds of ${findsFile}`;
console.log(`${protocol.plugin.name}: ${finds.length} finds shrunk (${source}), ${finds.filter((f) => f.converged).length} converged, ${long} stories over 15 steps, ${totalRuns} candidate runs, ${((Date.now() - started) / 1000).toFixed(0)} s wall`);
console.log("");
console.log("| pass | finds it helped | accepted | tried | runs | share of runs |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.name} | ${r.findsHelped}/${finds.length} | ${r.accepted} | ${r.tried} | ${r.runs} | ${totalRuns === 0 ? "-" : `${((r.runs / totalRuns) * 100).toFixed(1)}%`} |`);
if (decided) {
  console.log("");
  console.log(`Each pass left out of the shrinks of the ${finds.length} finds where it made a new best: the finds that then end on another list (longer: no other pass reaches its list; shorter: it led the shrink away from a smaller one), and the candidate runs of those shrinks with and without it.`);
  console.log("");
  console.log("| pass | left out of | longer without it | shorter without it | runs with it | runs without it |");
  console.log("|---|---|---|---|---|---|");
  for (const d of decisions) console.log(`| ${d.name} | ${d.ablated} | ${d.longerWithout} | ${d.shorterWithout} | ${d.runsWith} | ${d.runsWithout} |`);
}
const out = valueOf("--out");
if (out !== undefined) writeFileAtomic.sync(resolve(out), `${JSON.stringify({ benchmark: "pass-accounting", command: process.argv.slice(2).join(" "), protocol: protocol.plugin.name, seeds, budget, finds, passes: rows, ...(decided ? { decided: decisions, ablations: ablationRows } : {}) }, null, 2)}\n`);
