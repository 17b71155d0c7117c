import { createRaftTarget, runRaft, type RaftBugName } from "@cx/raft";
import { GeneratedChoices, ReplayedChoices } from "@cx/sim";

/** Scans seeds until `bug` breaks a property, then replays the recorded choices to show it reproduces. */
export function findAndReplay(bug: RaftBugName, seeds = 500): string[] {
  const target = createRaftTarget({ bugs: [bug] });
  for (let seed = 1; seed <= seeds; seed++) {
    const run = target.run(new GeneratedChoices(seed));
    if (run.violation === null) continue;
    const again = runRaft({ bugs: [bug], choices: new ReplayedChoices(run.choices) });
    return [
      `${target.name}, seed ${seed}: ${run.violation.invariant} at ${run.violation.time} ms`,
      `  ${run.violation.message}`,
      `  replayed from ${run.choices.length} recorded choices: ${again.violation?.message === run.violation.message ? "same violation" : "DIFFERENT"}`,
    ];
  }
  return [`${target.name}: no violation in ${seeds} seeds`];
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(findAndReplay("vote_twice_in_term").join("\n"));
