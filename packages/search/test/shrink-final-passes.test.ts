import { ReplayedChoices, type ChoiceSource } from "@cx/sim";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareShortlex, trimChoices, type Outcome, type Target } from "../src/index.js";
import { defaultFinalShrinkPasses, defaultShrinkPasses, shrink } from "../src/shrink.js";
import { findFailures } from "./fixtures/failures.js";
import { createToyTarget } from "./fixtures/toy-target.js";

const toy = createToyTarget();
const lease = { invariant: "lease-safety" };
const failures = findFailures(toy, { count: 8, invariant: "lease-safety", firstSeed: 900 });

/**
 * A target whose bug needs time between its faults: faults at ticks t, t+4
 * and t+6. Each tick is a "tick" span (one fault draw) followed by its
 * messages (one "message" span each): one message per tick before tick 10,
 * two after, so the draws between two ticks depend on when they happen,
 * as they do in a simulator. Runs every tick (no early stop).
 */
function createTimedTarget(): Target {
  return {
    run(source: ChoiceSource): Outcome {
      const faults: number[] = [];
      for (let t = 0; t < 30; t++) {
        source.startSpan("tick");
        if (source.drawBool(10, "fault?")) faults.push(t);
        source.endSpan();
        for (let m = 0; m < (t < 10 ? 1 : 2); m++) {
          source.startSpan("message");
          source.draw(100, "fate");
          source.endSpan();
        }
      }
      const spaced = faults.length === 3 && faults[1] === (faults[0] as number) + 4 && faults[2] === (faults[0] as number) + 6;
      const violation = spaced ? { invariant: "spaced-faults", message: `faults at ticks ${faults.join(", ")}` } : null;
      return { violation, choices: source.record(), spans: source.spans(), coverage: [] };
    },
  };
}

/** Where tick `t` draws its fault in a calm run of the timed target. */
function tickPosition(t: number): number {
  return t <= 10 ? 2 * t : 20 + 3 * (t - 10);
}

/** A calm run of the timed target with faults (value `fault`) at `ticks`. */
function timedFailure(ticks: readonly number[], fault = 95): number[] {
  const choices = new Array<number>(tickPosition(29) + 3).fill(0);
  for (const t of ticks) choices[tickPosition(t)] = fault;
  return choices;
}

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
