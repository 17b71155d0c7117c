import { ReplayedChoices } from "@cx/sim";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareShortlex, trimChoices } from "../src/index.js";
import { defaultFinalShrinkPasses, defaultShrinkPasses, shrink } from "../src/shrink.js";
import { createKeyedPairTarget, KEYED_PAIR_KEY, KEYED_PAIR_NOISE, keyedPairTangled } from "./fixtures/keyed-pair-target.js";

const target = createKeyedPairTarget();
const violation = { invariant: "keyed-overload" };
const withoutRebuild = defaultFinalShrinkPasses.filter((p) => p !== "rebuild");

describe("rebuild", () => {
  it("moves a two-decision failure from its tangled form to the key and one spike, where the other passes stop", () => {
    const input = keyedPairTangled();
    expect(target.run(new ReplayedChoices(input)).violation?.invariant).toBe("keyed-overload");
    const others = shrink({ target, choices: input, violation, finalPasses: withoutRebuild, passes: defaultShrinkPasses });
    const all = shrink({ target, choices: input, violation });
    // 95 is the smallest spike.
    expect(all.choices).toEqual([...new Array<number>(KEYED_PAIR_NOISE).fill(0), KEYED_PAIR_KEY, 95]);
    expect(others.choices.length).toBeGreaterThan(all.choices.length);
    expect(all.stats.passes.find((p) => p.name === "rebuild")?.accepted).toBeGreaterThan(0);
  });

  it("reaches the same normal form from every tangled start", () => {
    const starts = [
      [50, 50, 50, 50],
      [0, 70, 0, 70, 70],
      [20, 30, 40, 50, 60],
      [94, 94, 12],
    ];
    const results = new Set(starts.map((loads) => shrink({ target, choices: keyedPairTangled(loads), violation }).choices.join(",")));
    expect([...results]).toEqual([[...new Array<number>(KEYED_PAIR_NOISE).fill(0), KEYED_PAIR_KEY, 95].join(",")]);
  });

  it("keeps the same violation and never grows, alone or after the main passes, from any failing start", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 8 }), fc.boolean(), (loads, alone) => {
        const input = keyedPairTangled(loads);
        fc.pre(target.run(new ReplayedChoices(input)).violation !== null);
        const result = alone ? shrink({ target, choices: input, violation, passes: ["rebuild"] }) : shrink({ target, choices: input, violation, passes: defaultShrinkPasses, finalPasses: ["rebuild"] });
        expect(result.reproduced).toBe(true);
        expect(target.run(new ReplayedChoices(result.choices)).violation?.invariant).toBe("keyed-overload");
        expect(compareShortlex(result.choices, trimChoices(input))).toBeLessThanOrEqual(0);
        expect(result.stats.converged).toBe(true);
        // Every run but the input's own belongs to a pass.
        expect(result.stats.passes.reduce((n, p) => n + p.runs, 0)).toBe(result.stats.candidateRuns - 1);
      }),
      { numRuns: 40, seed: 13 },
    );
  });
});
