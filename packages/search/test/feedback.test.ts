import type { ChoiceSource } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { choicesFromSpec, hunt, huntInBatches, withFeedback, type Outcome, type Target } from "../src/index.js";

/**
 * A defect behind a chain of rare steps (each climbs a level with 5%,
 * falls back with 40%; level 6 breaks), whose levels the target reports as
 * behaviours only: the protocol side's coverage says nothing.
 */
function chainOfBehaviours(): Target {
  return {
    run(source: ChoiceSource): Outcome {
      let level = 0;
      const behaviours: number[] = [0];
      const behavioursAt: number[] = [0];
      let violation: Outcome["violation"] = null;
      for (let step = 0; step < 40 && violation === null; step++) {
        source.startSpan("step");
        const roll = source.draw(20, "roll");
        source.endSpan();
        if (roll === 19) level++;
        else if (roll >= 12) level = 0;
        if (!behaviours.includes(level)) {
          behaviours.push(level);
          behavioursAt.push(source.position);
        }
        if (level === 6) violation = { invariant: "chain", message: "six rare steps in a row" };
      }
      return { violation, choices: source.record(), spans: source.spans(), coverage: [], behaviours, behavioursAt };
    },
  };
}

const outcome: Outcome = { violation: null, choices: [1], spans: [], coverage: [10, 11], coverageAt: [0, 1], behaviours: [20], behavioursAt: [1] };

describe("withFeedback", () => {
  it("leaves an outcome alone under protocol feedback, replaces its coverage with its behaviours, or joins the two", () => {
    expect(withFeedback(outcome, "protocol")).toBe(outcome);
    expect(withFeedback(outcome, "behaviours")).toMatchObject({ coverage: [20], coverageAt: [1] });
    expect(withFeedback(outcome, "both")).toMatchObject({ coverage: [10, 11, 20], coverageAt: [0, 1, 1] });
    expect(withFeedback({ ...outcome, behaviours: undefined, behavioursAt: undefined }, "behaviours")).toMatchObject({ coverage: [], coverageAt: [] });
  });
});

describe("a hunt guided by behaviours", () => {
  it("climbs a chain the protocol's coverage cannot see, and only under that feedback", () => {
    for (let seed = 1; seed <= 3; seed++) {
      expect(hunt({ target: chainOfBehaviours(), strategy: "explore", budget: 1000, seed, feedback: "behaviours" }).found, `behaviours, seed ${seed}`).toBe(true);
      expect(hunt({ target: chainOfBehaviours(), strategy: "explore", budget: 1000, seed, feedback: "both" }).found, `both, seed ${seed}`).toBe(true);
      expect(hunt({ target: chainOfBehaviours(), strategy: "explore", budget: 1000, seed }).found, `protocol, seed ${seed}`).toBe(false);
    }
  });

  it("gives the same answer however a batch's runs are spread (here: run in reverse order)", async () => {
    const target = chainOfBehaviours();
    const inOrder = await huntInBatches({ strategy: "portfolio", budget: 1000, seed: 5, feedback: "behaviours", runBatch: async (specs) => specs.map((spec) => target.run(choicesFromSpec(spec))) });
    const reversed = await huntInBatches({ strategy: "portfolio", budget: 1000, seed: 5, feedback: "behaviours", runBatch: async (specs) => [...specs].reverse().map((spec) => target.run(choicesFromSpec(spec))).reverse() });
    expect(inOrder.found).toBe(true);
    expect(reversed.trials).toBe(inOrder.trials);
    expect(reversed.found ? reversed.choices : null).toEqual(inOrder.found ? inOrder.choices : null);
  });
});
