/**
 * Finds, for each seeded defect, a small choice list under which the defect
 * breaks the property expected to catch it while correct Paxos reports
 * nothing, and saves it as test/fixtures/<defect>.json. Re-run it whenever
 * the encoding of a draw changes (in @cx/sim or here): saved choice lists
 * mean something only under the encoding they were recorded with.
 *
 *   npx tsx --conditions=@cx/source bench/find-fixtures.ts [defect ...]
 *
 * Each defect is hunted with the default strategy (bandit) from seed 1 on;
 * what it finds is shrunk, and kept if it breaks the expected property,
 * replays to the same message, and correct Paxos survives it.
 */
import { writeFileSync } from "node:fs";
import { hunt, shrink } from "@cx/search";
import { ReplayedChoices } from "@cx/sim";
import { isPaxosDefectName, paxosDefects, protocolPlugin, type PaxosDefect } from "../src/index.js";

const HUNT_SEEDS = 20;
const BUDGET = 2000;
const SHRINK_CANDIDATES = 5000;

function attempt(defect: PaxosDefect, seed: number): number[] | undefined {
  const target = protocolPlugin.createTarget({ defects: [defect.name] });
  const found = hunt({ target, strategy: "bandit", budget: BUDGET, seed });
  if (!found.found || found.outcome.violation?.invariant !== defect.caughtBy) return undefined;
  const small = shrink({ target, choices: found.choices, violation: found.outcome.violation, maxCandidates: SHRINK_CANDIDATES });
  const choices = small.choices;
  const once = protocolPlugin.run({ defects: [defect.name], choices: new ReplayedChoices(choices) });
  const twice = protocolPlugin.run({ defects: [defect.name], choices: new ReplayedChoices(choices) });
  if (once.violation?.invariant !== defect.caughtBy || twice.violation?.message !== once.violation.message) return undefined;
  if (protocolPlugin.run({ choices: new ReplayedChoices(choices) }).violation !== null) return undefined;
  return choices;
}

const wanted = process.argv.slice(2).filter(isPaxosDefectName);
for (const defect of paxosDefects) {
  if (wanted.length > 0 && !wanted.includes(defect.name)) continue;
  let found: { how: string; choices: number[] } | undefined;
  for (let seed = 1; seed <= HUNT_SEEDS && found === undefined; seed++) {
    const choices = attempt(defect, seed);
    if (choices !== undefined) found = { how: `hunt bandit seed ${seed}, budget ${BUDGET}, shrunk`, choices };
  }
  if (found === undefined) {
    process.stdout.write(`${defect.name}: nothing found\n`);
    continue;
  }
  const run = protocolPlugin.run({ defects: [defect.name], choices: new ReplayedChoices(found.choices) });
  const violation = run.violation as { invariant: string; message: string };
  const fixture = { defect: defect.name, foundWith: found.how, violation: { invariant: violation.invariant, message: violation.message }, clusterSize: run.clusterSize, choices: found.choices };
  writeFileSync(new URL(`../test/fixtures/${defect.name}.json`, import.meta.url), `${JSON.stringify(fixture)}\n`);
  process.stdout.write(`${defect.name}: ${found.how}: ${violation.invariant}: ${violation.message}\n`);
}
