import { protocolPlugin } from "@cx/paxos";
import { hunt, shrink } from "@cx/search";
import { ReplayedChoices } from "@cx/sim";

/** Hunts a Paxos defect with guided search, shrinks the failing schedule, and replays the shrunk choices to show they reproduce. */
export function findAndReplay(defect: string, seed = 1): string[] {
  const target = protocolPlugin.createTarget({ defects: [defect] });
  const found = hunt({ target, strategy: "bandit", budget: 300, seed });
  if (!found.found || found.outcome.violation === null) return [`${target.name}: no violation in ${found.trials} runs`];
  const violation = found.outcome.violation;
  const small = shrink({ target, choices: found.choices, violation, maxCandidates: 150 });
  const again = protocolPlugin.run({ defects: [defect], choices: new ReplayedChoices(small.choices) });
  return [
    `${target.name}, run ${found.trials}: ${violation.invariant} at ${violation.time} ms`,
    `  ${violation.message}`,
    `  shrunk from ${small.stats.decisionsBefore} to ${small.stats.decisionsAfter} decisions; replayed: ${again.violation?.invariant === violation.invariant ? "same invariant" : "DIFFERENT"}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(findAndReplay("ignore_promised_values").join("\n"));
