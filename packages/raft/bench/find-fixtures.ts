/**
 * Finds, for each seeded defect, a choice list under which the defect breaks
 * the property expected to catch it while correct Raft reports nothing, and
 * saves it as test/fixtures/<bug>.json. Re-run it whenever the encoding of a
 * draw changes (in @cx/sim or here): saved choice lists mean something only
 * under the encoding they were recorded with.
 *
 *   npx tsx --conditions=@cx/source bench/find-fixtures.ts [bug ...]
 *
 * Plain seeds first; rare defects then get hostile 3-node profiles (crashes
 * at the top level) with a random tail, which is where Figure 8 lives.
 */
import { writeFileSync } from "node:fs";
import { GeneratedChoices, ReplayedChoices, type ChoiceSource } from "@cx/sim";
import { isRaftBugName, raftBugs, runRaft, type RaftBug } from "../src/index.js";

const PLAIN_SEEDS = 5000;
const HOSTILE_SEEDS = 200_000;

function hostile(seed: number): ChoiceSource {
  // cluster size (0 = 3 nodes), drop, duplicate, delay, crash (top), partition levels; then random.
  return new ReplayedChoices([0, seed % 4, seed % 3, (seed >> 2) % 4, 3, (seed >> 4) % 4], { kind: "random", seed });
}

function attempt(bug: RaftBug, source: ChoiceSource): number[] | undefined {
  const run = runRaft({ bugs: [bug.name], choices: source });
  if (run.violation?.invariant !== bug.caughtBy) return undefined;
  let choices = run.choices;
  while (choices.length > 0 && choices[choices.length - 1] === 0) choices = choices.slice(0, -1);
  const again = runRaft({ bugs: [bug.name], choices: new ReplayedChoices(choices) });
  if (again.violation?.message !== run.violation.message) return undefined;
  if (runRaft({ choices: new ReplayedChoices(choices) }).violation !== null) return undefined;
  return choices;
}

const wanted = process.argv.slice(2).filter(isRaftBugName);
for (const bug of raftBugs) {
  if (wanted.length > 0 && !wanted.includes(bug.name)) continue;
  let found: { how: string; choices: number[] } | undefined;
  for (let seed = 1; seed <= PLAIN_SEEDS && found === undefined; seed++) {
    const choices = attempt(bug, new GeneratedChoices(seed));
    if (choices !== undefined) found = { how: `GeneratedChoices(${seed})`, choices };
  }
  for (let seed = 1; seed <= HOSTILE_SEEDS && found === undefined; seed++) {
    const choices = attempt(bug, hostile(seed));
    if (choices !== undefined) found = { how: `hostile 3-node profile, random tail seed ${seed}`, choices };
  }
  if (found === undefined) {
    process.stdout.write(`${bug.name}: nothing found\n`);
    continue;
  }
  const run = runRaft({ bugs: [bug.name], choices: new ReplayedChoices(found.choices) });
  const violation = run.violation as { invariant: string; message: string };
  const fixture = { bug: bug.name, foundWith: found.how, violation: { invariant: violation.invariant, message: violation.message }, clusterSize: run.clusterSize, choices: found.choices };
  writeFileSync(new URL(`../test/fixtures/${bug.name}.json`, import.meta.url), `${JSON.stringify(fixture)}\n`);
  process.stdout.write(`${bug.name}: ${found.how}: ${violation.invariant}: ${violation.message}\n`);
}
