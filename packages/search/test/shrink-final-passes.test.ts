import { ReplayedChoices } from "@cx/sim";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareShortlex, trimChoices, type Target } from "../src/index.js";
import { defaultFinalShrinkPasses, defaultShrinkPasses, shrink } from "../src/shrink.js";
import { findFailures } from "./fixtures/failures.js";
import { createTimedTarget, timedFailure } from "./fixtures/timed-target.js";
import { createToyTarget } from "./fixtures/toy-target.js";

const toy = createToyTarget();
const lease = { invariant: "lease-safety" };
const failures = findFailures(toy, { count: 8, invariant: "lease-safety", firstSeed: 900 });

describe("final shrink passes", () => {
  it("keep the same violation, never grow and converge, each one alone after the main passes", () => {
    expect(failures.length).toBe(8);
    fc.assert(
      fc.property(fc.constantFrom(...failures), fc.constantFrom(...defaultFinalShrinkPasses), (failure, pass) => {
        const result = shrink({ target: toy, choices: failure.choices, violation: lease, passes: defaultShrinkPasses, finalPasses: [pass] });
        expect(result.reproduced).toBe(true);
        expect(toy.run(new ReplayedChoices(result.choices)).violation?.invariant, `${pass} seed ${failure.seed}`).toBe("lease-safety");
        expect(compareShortlex(result.choices, trimChoices(failure.choices))).toBeLessThanOrEqual(0);
        expect(result.stats.converged).toBe(true);
      }),
      { numRuns: 16, seed: 5 },
    );
  });

  it("each one alone as the only pass keeps the same violation and never grows", () => {
    fc.assert(
      fc.property(fc.constantFrom(...failures), fc.constantFrom(...defaultFinalShrinkPasses), (failure, pass) => {
        const result = shrink({ target: toy, choices: failure.choices, violation: lease, passes: [pass] });
        expect(toy.run(new ReplayedChoices(result.choices)).violation?.invariant, `${pass} seed ${failure.seed}`).toBe("lease-safety");
        expect(compareShortlex(result.choices, trimChoices(failure.choices))).toBeLessThanOrEqual(0);
      }),
      { numRuns: 16, seed: 9 },
    );
  });

  it("are deterministic: the same input gives the same sequence and the same statistics", () => {
    const cases: { target: Target; choices: number[]; violation: { invariant: string } }[] = [
      { target: createTimedTarget(), choices: timedFailure([12, 16, 18]), violation: { invariant: "spaced-faults" } },
      ...failures.slice(0, 3).map((f) => ({ target: toy as Target, choices: f.choices, violation: lease })),
    ];
    for (const { target, choices, violation } of cases) {
      const a = shrink({ target, choices, violation });
      const b = shrink({ target, choices, violation });
      expect(b.choices).toEqual(a.choices);
      expect(b.stats).toEqual(a.stats);
    }
  });

  it("never end above the main passes' own result, on every toy failure", () => {
    for (const failure of failures) {
      const main = shrink({ target: toy, choices: failure.choices, violation: lease, passes: defaultShrinkPasses });
      const all = shrink({ target: toy, choices: failure.choices, violation: lease });
      expect(compareShortlex(all.choices, main.choices), `seed ${failure.seed}`).toBeLessThanOrEqual(0);
    }
  });

  it("move spaced faults to the first ticks, keeping their spacing, where the main passes stop at tick 10", () => {
    const target = createTimedTarget();
    const violation = { invariant: "spaced-faults" };
    const input = timedFailure([12, 16, 18]);
    expect(target.run(new ReplayedChoices(input)).violation?.invariant).toBe("spaced-faults");
    const main = shrink({ target, choices: input, violation, passes: defaultShrinkPasses });
    const all = shrink({ target, choices: input, violation });
    // 90 is the smallest value that still draws a fault at 10%.
    expect(all.choices).toEqual(trimChoices(timedFailure([0, 4, 6], 90)));
    expect(all.choices.length).toBeLessThan(main.choices.length);
    expect(target.run(new ReplayedChoices(all.choices)).violation?.message).toBe("faults at ticks 0, 4, 6");
  });
});
