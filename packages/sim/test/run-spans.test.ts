import { describe, expect, it } from "vitest";
import { GeneratedChoices, huntScenarioOptions, registerWorkload, runScenario, type ChoiceSource } from "../src/index.js";
import { primaryBackup } from "./fixtures/primary-backup.js";

const run = (choices: ChoiceSource) => runScenario({ protocol: primaryBackup, workload: registerWorkload, choices, options: huntScenarioOptions });

describe("a run's spans", () => {
  it("are the spans of the run's own draws, however late they are read", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const early = run(new GeneratedChoices(seed));
      const spansAtOnce = early.spans;
      const source = new GeneratedChoices(seed);
      const late = run(source);
      // Someone draws on from the same source before reading the first run's spans.
      source.startSpan("after the run");
      source.draw(10);
      source.draw(10);
      source.endSpan();
      expect(late.spans).toEqual(spansAtOnce);
      expect(spansAtOnce.length).toBeGreaterThan(0);
      for (const span of spansAtOnce) expect(span.end).toBeLessThanOrEqual(early.choices.length);
    }
  });
});
