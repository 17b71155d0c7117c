import { ReplayedChoices, type ChoiceSource } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { shrink, type Outcome, type Target } from "../src/index.js";

/** Fails when the first five draws add up to 5 or more: an earlier value can be paid for by a later one. */
const sumTarget: Target = {
  run(source: ChoiceSource): Outcome {
    let sum = 0;
    for (let i = 0; i < 5; i++) {
      source.startSpan("step");
      sum += source.draw(100, "load");
      source.endSpan();
    }
    return { violation: sum >= 5 ? { invariant: "overload", message: `sum ${sum}` } : null, choices: source.record(), spans: source.spans(), coverage: [] };
  },
};

describe("lower-values", () => {
  it("lowers an earlier value by raising the later ones it needs, even when they equal it", () => {
    const result = shrink({ target: sumTarget, choices: [1, 1, 1, 1, 1], violation: { invariant: "overload" }, passes: ["lower-values"] });
    expect(result.choices).toEqual([0, 0, 0, 0, 5]);
    expect(sumTarget.run(new ReplayedChoices(result.choices)).violation?.invariant).toBe("overload");
  });
});
