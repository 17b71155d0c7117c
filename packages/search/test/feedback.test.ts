import { describe, expect, it } from "vitest";
import { choicesFromSpec, hunt, huntInBatches, withFeedback, type Outcome } from "../src/index.js";
import { chainTarget } from "./fixtures/chain-target.js";

/** The chain's levels as behaviours only: the protocol's coverage says nothing. */
const chainOfBehaviours = () => chainTarget({ as: "behaviours" });

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
