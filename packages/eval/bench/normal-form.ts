// Normal-form measurement of the shrinker: per defect of a protocol, hunt seeds
// 1..N, shrink each find alone, report how many reach the same minimal list.
// Usage: tsx --conditions=@cx/source bench/normal-form.ts [--protocol raft] [--seeds 20] [--budget 1000]
//   [--runs 100000] [--strategy portfolio] [--scenario '{"drawnHorizon":1,"swarm":2}'] [--bugs a,b] [--out file.json]
//   [--save-finds finds.json] [--finds finds.json] [--first-seed 1] [--without pass-a,pass-b]
// --first-seed starts the seeds elsewhere (seeds 21-40: finds no pass was tuned on); --without leaves
// passes out of the default lists (main, final and cleanup), to measure what each one adds on the same finds.
// --save-finds keeps every hunt's find (before shrinking); --finds shrinks those instead of hunting, so two
// versions of the shrinker are compared on the very same finds.
// The defaults are what `cx hunt` runs: the portfolio strategy, the protocol's scenario with the drawn
// horizon, the swarm profile and the steady client cadence (huntScenarioOverrides); --scenario replaces those.
import { readFileSync, writeFileSync } from "node:fs";
import { loadProtocol } from "@cx/protocols";
import { DEFAULT_CANDIDATE_RUNS_MAX, defaultCleanupShrinkPasses, defaultFinalShrinkPasses, defaultShrinkPasses, type PassStats, type ShrinkPassName, type StrategyName } from "@cx/search";
import { huntScenarioOverrides } from "@cx/sim";
import { measureNormalForm, type HuntedFind } from "../src/normal-form.js";
import { passesWithout } from "../src/passes-without.js";

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const seeds = Number(flag("seeds", "20"));
const firstSeed = Number(flag("first-seed", "1"));
const without = flag("without", "").split(",").filter((name) => name !== "");
const defaultPasses: readonly string[] = [...defaultShrinkPasses, ...defaultFinalShrinkPasses, ...defaultCleanupShrinkPasses];
const unknownPass = without.find((name) => !defaultPasses.includes(name));
if (unknownPass !== undefined) {
  process.stderr.write(`--without: "${unknownPass}" is not a default pass (expected one of ${[...new Set(defaultPasses)].join(", ")})\n`);
  process.exit(2);
}
const huntBudget = Number(flag("budget", "1000"));
const runs = Number(flag("runs", String(DEFAULT_CANDIDATE_RUNS_MAX)));
const strategy = flag("strategy", "portfolio") as StrategyName;
const findsFile = flag("finds", "");
const savedFile = findsFile === "" ? undefined : (JSON.parse(readFileSync(findsFile, "utf8")) as { scenario: Record<string, number>; finds: HuntedFind[] });
// Saved finds are shrunk in the scenario they were found in, unless --scenario says otherwise.
const scenario = JSON.parse(flag("scenario", JSON.stringify(savedFile?.scenario ?? { ...huntScenarioOverrides }))) as Record<string, number>;
const bugList = flag("bugs", "");
const { plugin } = await loadProtocol(flag("protocol", "raft"), process.cwd());
const bugs = bugList === "" ? undefined : bugList.split(",").filter((name) => plugin.defects.some((d) => d.name === name));
const out = flag("out", "");
const saveFinds = flag("save-finds", "");
const hunted: HuntedFind[] = [];
const shrunk: { bug: string; seed: number; invariant: string; choices: readonly number[]; candidateRuns: number; converged: boolean; tailMs: number; storySteps: number; passes: readonly PassStats[] }[] = [];
const started = performance.now();
const rows = measureNormalForm({
  plugin,
  ...(bugs === undefined ? {} : { bugs }),
  seeds,
  firstSeed,
  huntBudget,
  strategy,
  scenario,
  shrink: { candidateRunsMax: runs, ...passesWithout(without as ShrinkPassName[]), clock: () => performance.now() },
  ...(savedFile === undefined ? {} : { finds: savedFile.finds }),
  onHunt: (find) => {
    hunted.push(find);
    if (saveFinds !== "") writeFileSync(saveFinds, `${JSON.stringify({ protocol: plugin.name, huntBudget, strategy, scenario, finds: hunted })}\n`);
  },
  onFind: (bug, seed, f) => {
    shrunk.push({ bug, seed, invariant: f.invariant, choices: f.choices, candidateRuns: f.candidateRuns, converged: f.converged, tailMs: f.tailMs, storySteps: f.storySteps, passes: f.passes });
    process.stderr.write(`${bug} seed ${seed} ${f.invariant}: ${f.choices.map((v, i) => (v === 0 ? "" : `${i}:${v}`)).filter((x) => x !== "").join(" ")} | ${f.decisions} decisions, ${f.nonZero} non-zero, ${f.candidateRuns} runs, ${Math.round(f.shrinkMs ?? 0)} ms, tail ${f.tailMs} ms, ${f.storySteps} steps, ${f.faultShape}${f.converged ? "" : " (not converged)"}\n`);
  },
});
console.log(`| defect | finds | normal-form rate | rate within main invariant | distinct | decisions best-median-worst | worst/best | tail median / worst (ms) | story steps worst | runs median | shrink ms median | converged | invariants | failures | same list within a shared failure |`);
console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |`);
for (const r of rows) {
  const ratio = r.decisionsBest === null || r.decisionsWorst === null ? "-" : (r.decisionsWorst / Math.max(1, r.decisionsBest)).toFixed(2);
  console.log(`| ${r.bug} | ${r.finds}/${r.hunts} | ${(100 * r.normalFormRate).toFixed(0)}% | ${(100 * r.normalFormRateMainInvariant).toFixed(0)}% | ${r.distinctLists} | ${r.decisionsBest ?? "-"}-${r.decisionsMedian ?? "-"}-${r.decisionsWorst ?? "-"} | ${ratio} | ${r.tailMsMedian ?? "-"} / ${r.tailMsWorst ?? "-"} | ${r.storyStepsWorst ?? "-"} | ${r.candidateRunsMedian ?? "-"} | ${r.shrinkMsMedian === null ? "-" : Math.round(r.shrinkMsMedian)} | ${r.converged}/${r.finds} | ${Object.entries(r.invariants).map(([k, n]) => `${k} ${n}`).join(", ")} | ${r.failures} | ${r.findsSharingAFailure === 0 ? "-" : `${(100 * r.normalFormRateWithinFailure).toFixed(0)}% of ${r.findsSharingAFailure}`} |`);
}
console.log(`${shrunk.length} shrinks, ${shrunk.reduce((sum, f) => sum + f.candidateRuns, 0)} candidate runs in all (${((performance.now() - started) / 1000).toFixed(0)} s)`);
if (out !== "") writeFileSync(out, `${JSON.stringify({ seeds, firstSeed, without, huntBudget, runs, strategy, scenario, rows, finds: shrunk }, null, 2)}\n`);
