import type { ChoiceSource } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { defaultFinalShrinkPasses, defaultShrinkPasses, shrink, type Outcome, type Target } from "../src/index.js";
import { drawLoad } from "./fixtures/keyed-pair-target.js";

/**
 * Eight load events: the run overloads on one spike (95 or more) with no
 * other load, or on medium events (10 to 94) adding up to 200 with no
 * spike. A hunt finds the medium form; the smallest is one spike first.
 */
const overload: Target = {
  run(source: ChoiceSource): Outcome {
    const { load, spikes } = drawLoad(source, 8);
    const alone = spikes === 1 && load === 0;
    const violation = alone || (spikes === 0 && load >= 200) ? { invariant: "overload", message: alone ? "one spike" : `load ${load}` } : null;
    return { violation, choices: source.record(), spans: source.spans(), coverage: [] };
  },
};

const violation = { invariant: "overload" };
const tangled = [0, 0, 50, 50, 50, 50];
const sparseStats = (result: ReturnType<typeof shrink>) => result.stats.passes.find((p) => p.name === "rebuild");

describe("rebuild", () => {
  it("reaches a one-value failure from calm that no edit of the tangled find's values reaches", () => {
    const mainOnly = shrink({ target: overload, choices: tangled, violation, passes: defaultShrinkPasses, finalPasses: [] });
    expect(mainOnly.choices.filter((v) => v !== 0).length).toBeGreaterThan(1);
    const withRebuild = shrink({ target: overload, choices: tangled, violation, passes: [...defaultShrinkPasses, "rebuild"], finalPasses: [] });
    expect(withRebuild.choices).toEqual([95]);
  });

  it("is a final pass by default, tried once the main passes are stuck, and still reaches the one-spike failure", () => {
    expect(defaultShrinkPasses).not.toContain("rebuild");
    expect(defaultFinalShrinkPasses).toContain("rebuild");
    const byDefault = shrink({ target: overload, choices: tangled, violation });
    expect(byDefault.choices).toEqual([95]);
    expect(sparseStats(byDefault)?.accepted).toBe(1);
  });
});
