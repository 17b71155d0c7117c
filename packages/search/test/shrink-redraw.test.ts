import type { ChoiceSource } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { defaultFinalShrinkPasses, defaultShrinkPasses, shrink, type Outcome, type Target } from "../src/index.js";

/** Up to 200 events of 0-99; the run stops, broken, at the first of 95 or more. Nothing is a setting. */
const firstSpike: Target = {
  run(source: ChoiceSource): Outcome {
    let violation: Outcome["violation"] = null;
    for (let i = 0; i < 200 && violation === null; i++) {
      source.startSpan("event");
      if (source.draw(100, "load") >= 95) violation = { invariant: "spike", message: `at event ${i}` };
      source.endSpan();
    }
    return { violation, choices: source.record(), spans: source.spans(), coverage: [] };
  },
};

const lateSpike = [...new Array<number>(150).fill(0), 99];
const violation = { invariant: "spike" };
const redrawOnly = () => shrink({ target: firstSpike, choices: lateSpike, violation, passes: ["redraw"], finalPasses: [] });

describe("redraw", () => {
  it("reaches the same failure by a shorter path when the rest of the run is drawn afresh", () => {
    const result = redrawOnly();
    expect(result.reproduced).toBe(true);
    expect(result.outcome.violation?.invariant).toBe("spike");
    expect(result.choices.length).toBeLessThan(lateSpike.length);
    expect(result.stats.passes.find((p) => p.name === "redraw")?.accepted).toBeGreaterThan(0);
  });

  it("draws the same runs for the same best, so a shrink is the same on every run", () => {
    expect(redrawOnly().choices).toEqual(redrawOnly().choices);
  });

  it("spends at most its allowance in a round when nothing it draws is smaller", () => {
    // A first-event spike cannot be beaten: every round of redraw fails and the shrink converges.
    const result = shrink({ target: firstSpike, choices: [95], violation, passes: ["redraw"], finalPasses: [] });
    expect(result.choices).toEqual([95]);
    expect(result.stats.converged).toBe(true);
    // The input run, then one round of at most the floor of 100 runs.
    expect(result.stats.candidateRuns).toBeLessThanOrEqual(1 + 100);
  });

  it("is a final pass by default, tried once the cheaper escapes are stuck and before the one raise that may lead elsewhere", () => {
    expect(defaultShrinkPasses).not.toContain("redraw");
    expect(defaultFinalShrinkPasses.slice(-3)).toEqual(["lower-and-redraw", "redraw", "aligned-raise-values"]);
  });
});
