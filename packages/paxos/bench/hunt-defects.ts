/**
 * What `cx hunt --protocol paxos --bugs <defect> --budget 1000 --seed S`
 * measures, through the libraries: for each seeded defect and seeds 1..6,
 * hunt with the default strategy (bandit) and a budget of 1,000 runs, shrink
 * what was found, and replay the shrunk choices; then hunt correct Paxos
 * with a budget of 3,000. Writes results/paxos-hunt.json.
 *
 *   pnpm --filter @cx/paxos exec tsx --conditions=@cx/source bench/hunt-defects.ts [defect ...]
 *
 * The shrink has the CLI's default outer cap of 120 s (wall clock, reported
 * when it bit); everything else is counted in runs.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { hunt, shrink } from "@cx/search";
import { ReplayedChoices } from "@cx/sim";
import { isPaxosDefectName, paxosDefects, protocolPlugin } from "../src/index.js";

const SEEDS = [1, 2, 3, 4, 5, 6];
const BUDGET = 1000;
const CLEAN_BUDGET = 3000;
const SHRINK_SECONDS = 120;

interface SeedResult {
  readonly seed: number;
  readonly found: boolean;
  readonly trials: number;
  readonly invariant: string | null;
  readonly decisionsBefore: number | null;
  readonly decisionsAfter: number | null;
  readonly nonZeroAfter: number | null;
  readonly converged: boolean | null;
  readonly stoppedBy: string | null;
  readonly replayed: boolean | null;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function huntOne(defect: string, seed: number): SeedResult {
  const target = protocolPlugin.createTarget({ defects: [defect] });
  const found = hunt({ target, strategy: "bandit", budget: BUDGET, seed });
  if (!found.found || found.outcome.violation === null) return { seed, found: false, trials: found.trials, invariant: null, decisionsBefore: null, decisionsAfter: null, nonZeroAfter: null, converged: null, stoppedBy: null, replayed: null };
  const violation = found.outcome.violation;
  const shrunk = shrink({ target, choices: found.choices, violation, clock: () => performance.now(), timeBudgetMs: SHRINK_SECONDS * 1000 });
  const replay = protocolPlugin.run({ defects: [defect], choices: new ReplayedChoices(shrunk.choices) });
  return {
    seed,
    found: true,
    trials: found.trials,
    invariant: violation.invariant,
    decisionsBefore: shrunk.stats.decisionsBefore,
    decisionsAfter: shrunk.stats.decisionsAfter,
    nonZeroAfter: shrunk.stats.nonZeroAfter,
    converged: shrunk.stats.converged,
    stoppedBy: shrunk.stats.stoppedBy,
    replayed: replay.violation?.invariant === violation.invariant,
  };
}

const wanted = process.argv.slice(2).filter(isPaxosDefectName);
const rows = [];
for (const defect of paxosDefects) {
  if (wanted.length > 0 && !wanted.includes(defect.name)) continue;
  const started = performance.now();
  const seeds = SEEDS.map((seed) => huntOne(defect.name, seed));
  const found = seeds.filter((s) => s.found);
  const row = {
    defect: defect.name,
    caughtBy: defect.caughtBy,
    found: found.length,
    seeds: SEEDS.length,
    medianTrials: median(found.map((s) => s.trials)),
    medianShrunkDecisions: median(found.map((s) => s.decisionsAfter as number)),
    converged: found.filter((s) => s.converged === true).length,
    replayed: found.filter((s) => s.replayed === true).length,
    invariants: [...new Set(found.map((s) => s.invariant))],
    seconds: Math.round((performance.now() - started) / 100) / 10,
    perSeed: seeds,
  };
  rows.push(row);
  process.stdout.write(
    `${defect.name.padEnd(26)} found ${row.found}/${row.seeds}, median trials ${row.medianTrials}, shrunk to median ${row.medianShrunkDecisions} decisions, converged ${row.converged}/${row.found}, replayed ${row.replayed}/${row.found} ${JSON.stringify(row.invariants)} (${row.seconds} s)\n`,
  );
}

let clean = null;
if (wanted.length === 0) {
  const result = hunt({ target: protocolPlugin.createTarget(), strategy: "bandit", budget: CLEAN_BUDGET, seed: 1 });
  clean = { budget: CLEAN_BUDGET, seed: 1, found: result.found, trials: result.trials, violation: result.found ? result.outcome.violation : null };
  process.stdout.write(`correct Paxos, budget ${CLEAN_BUDGET}: ${result.found ? `FOUND ${JSON.stringify(clean.violation)}` : "nothing found"}\n`);
}

const out = resolve(import.meta.dirname, "../../../results/paxos-hunt.json");
mkdirSync(dirname(out), { recursive: true });
if (wanted.length === 0) writeFileSync(out, `${JSON.stringify({ benchmark: "paxos-hunt", strategy: "bandit", budget: BUDGET, shrinkSeconds: SHRINK_SECONDS, defects: rows, clean }, null, 2)}\n`);
