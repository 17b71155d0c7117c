import { ReplayedChoices, type ChoiceSource } from "@cx/sim";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Outcome, Target } from "../src/index.js";
import { defaultFinalShrinkPasses, defaultShrinkPasses, shrink } from "../src/shrink.js";
import { expectPassAloneKeepsViolationFrom } from "./fixtures/pass-laws.js";
import { drawTimersAndTicks } from "./fixtures/timers-and-ticks.js";

/**
 * The bug needs the first two of three timers to collide (the first
 * exactly 2 above the second, both set) and the third to fire right after
 * the first; or, under the first setting at 1, a fault at the fifth tick.
 */
const threeTimers: Target = {
  run(source: ChoiceSource): Outcome {
    const { settings, timers, faultAt } = drawTimersAndTicks(source, 3);
    const [a = 0, b = 0, c = 0] = timers;
    const split = b > 0 && a === b + 2 && c === a + 1;
    const fault = settings[0] === 1 && faultAt === 4;
    const violation = split || fault ? { invariant: "split-vote", message: split ? "three timers" : "a fault at tick 4" } : null;
    return { violation, choices: source.record(), spans: source.spans(), coverage: [] };
  },
};

/** The bug needs the first of two timers exactly 2 above the second (a collision), or a fault at the fifth tick. */
const timersTarget: Target = {
  run(source: ChoiceSource): Outcome {
    const { timers, faultAt } = drawTimersAndTicks(source, 2);
    const [a = 0, b = 0] = timers;
    const collide = a - b === 2;
    const violation = collide || faultAt === 4 ? { invariant: "split-vote", message: collide ? "the timers collide" : "a fault at tick 4" } : null;
    return { violation, choices: source.record(), spans: source.spans(), coverage: [] };
  },
};
const violation = { invariant: "split-vote" };
/** The two-timer fault form: a fault at tick 4 (position 14). */
const twoTimerFaultForm = [...new Array<number>(14).fill(0), 95];
/** The three-timer fault form: the first setting at 1 and a fault at tick 4 (position 15). */
const faultForm = [1, ...new Array<number>(14).fill(0), 95];
/** The shortlex-smallest failure: calm settings, timers 3, 1 and 4. */
const smallest = [0, 0, 0, 0, 0, 0, 0, 0, 3, 1, 4];

describe("tuple-rebuild", () => {
  it("moves from a one-fault failure to the shorter one where two protocol draws collide, which no one-value pass reaches", () => {
    const withoutRebuild = shrink({ target: timersTarget, choices: twoTimerFaultForm, violation, passes: defaultShrinkPasses, finalPasses: defaultFinalShrinkPasses.filter((p) => p !== "tuple-rebuild") });
    expect(withoutRebuild.choices).toEqual(twoTimerFaultForm);
    // The shortlex-smallest collision: the first timer at 2, the second at 0 (trimmed).
    expect(shrink({ target: timersTarget, choices: twoTimerFaultForm, violation }).choices).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 2]);
  });

  it("moves from a one-fault failure to the shorter one where three protocol draws matter together, from calm settings", () => {
    expect(threeTimers.run(new ReplayedChoices(faultForm)).violation?.invariant).toBe("split-vote");
    const withoutRebuild = shrink({ target: threeTimers, choices: faultForm, violation, passes: defaultShrinkPasses, finalPasses: defaultFinalShrinkPasses.filter((p) => p !== "tuple-rebuild") });
    expect(withoutRebuild.choices).toEqual(faultForm);
    const all = shrink({ target: threeTimers, choices: faultForm, violation });
    expect(all.choices).toEqual(smallest);
    expect(all.stats.passes.find((p) => p.name === "tuple-rebuild")?.accepted).toBe(1);
  });

  it("keeps the same violation and never grows, alone, from any failing start", () => {
    // A failing start of either form, with every other draw random.
    const failingStart = fc.tuple(fc.array(fc.integer({ min: 0, max: 94 }), { minLength: 19, maxLength: 19 }), fc.boolean(), fc.integer({ min: 1, max: 12 })).map(([values, split, b]) => {
      const start = [...values];
      if (split) start.splice(8, 3, b + 2, b, b + 3);
      else [start[0], start[15]] = [1, 95];
      return start;
    });
    expectPassAloneKeepsViolationFrom(threeTimers, "tuple-rebuild", { starts: failingStart, invariant: "split-vote", numRuns: 40, seed: 17 });
  });
});
