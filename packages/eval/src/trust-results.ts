import type { ExperimentConfig } from "./experiment-config.js";
import type { HuntRecord, TrustResults } from "./results.js";
import type { HuntOutput, HuntTask } from "./tasks.js";

/** A hunt's output as results keep it (without the failing choices). */
export function huntRecord(output: HuntOutput): HuntRecord {
  return { seed: output.seed, budget: output.budget, found: output.found, trials: output.trials, violation: output.violation, decisions: output.decisions, events: output.events, ms: output.ms };
}

/** One protocol's trust run from its hunts (tasks and outputs in the same order). */
export function trustResults(config: ExperimentConfig, tasks: readonly HuntTask[], outputs: readonly HuntOutput[]): TrustResults {
  const rows = config.strategies.map((strategy) => {
    const hunts = outputs.filter((_, i) => tasks[i]?.strategy === strategy);
    return { strategy, hunts: hunts.map(huntRecord), schedules: hunts.reduce((n, h) => n + h.trials, 0), violations: hunts.filter((h) => h.found).length };
  });
  const firstIndex = outputs.findIndex((o) => o.found);
  const first = outputs[firstIndex];
  const firstTask = tasks[firstIndex];
  const violations = rows.reduce((n, r) => n + r.violations, 0);
  return {
    passed: violations === 0,
    schedules: rows.reduce((n, r) => n + r.schedules, 0),
    violations,
    rows,
    firstViolation:
      first === undefined || firstTask === undefined || first.violation === null
        ? null
        : { strategy: firstTask.strategy, seed: firstTask.seed, violation: first.violation, choices: first.choices ?? [] },
  };
}
