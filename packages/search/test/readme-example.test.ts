import type { ChoiceSource } from "@cx/sim";
import { expect, it } from "vitest";
import { hunt, shrink, type Target } from "../src/index.js";

// The README's example, kept here so it cannot rot.
const target: Target = {
  run(source: ChoiceSource) {
    let streak = 0;
    let violation = null;
    for (let tick = 0; tick < 30; tick++) {
      source.startSpan("tick");
      streak = source.drawBool(10, "fault?") ? streak + 1 : 0;
      source.draw(10, "noise");
      source.endSpan();
      if (streak === 2 && violation === null) violation = { invariant: "no-double-fault", message: `two faults in a row at tick ${tick}` };
    }
    return { violation, choices: source.record(), spans: source.spans(), coverage: [streak] };
  },
};

it("runs the README example: finds two faults in a row and shrinks them to [90, 0, 90]", () => {
  const found = hunt({ target, strategy: "bandit", budget: 10_000, seed: 1 });
  expect(found.found).toBe(true);
  if (!found.found || found.outcome.violation === null) return;
  const small = shrink({ target, choices: found.choices, violation: found.outcome.violation });
  expect(small.choices).toEqual([90, 0, 90]);
  expect(small.stats.converged).toBe(true);
});
