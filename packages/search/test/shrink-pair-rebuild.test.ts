import { ReplayedChoices, type ChoiceSource } from "@cx/sim";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareShortlex, trimChoices, type Outcome, type Target } from "../src/index.js";
import { defaultFinalShrinkPasses, defaultShrinkPasses, shrink } from "../src/shrink.js";

/**
 * Eight calm settings-like draws, two timers drawn by the protocol itself
 * (no span), then fault ticks: the bug needs the first timer exactly 2
 * above the second (a collision), or a fault at the fifth tick.
 */
const timersTarget: Target = {
  run(source: ChoiceSource): Outcome {
    // Run-wide settings, under a label sim's run layout gives them.
    source.startSpan("fault profile");
    for (let i = 0; i < 8; i++) source.draw(4, "setting");
    source.endSpan();
    const a = source.draw(16, "timer");
    const b = source.draw(16, "timer");
    let faultAt = -1;
    for (let t = 0; t < 8; t++) {
      source.startSpan("tick");
      if (source.drawBool(5, "fault?") && faultAt < 0) faultAt = t;
      source.endSpan();
    }
    const collide = a - b === 2;
    const violation = collide || faultAt === 4 ? { invariant: "split-vote", message: collide ? "the timers collide" : "a fault at tick 4" } : null;
    return { violation, choices: source.record(), spans: source.spans(), coverage: [] };
  },
};
const violation = { invariant: "split-vote" };
/** The fault form: a fault at tick 4 (position 14). */
const faultForm = [...new Array<number>(14).fill(0), 95];

describe("pair-rebuild", () => {
  it("moves from a one-fault failure to the shorter one where two protocol draws collide, which no one-value pass reaches", () => {
    expect(timersTarget.run(new ReplayedChoices(faultForm)).violation?.invariant).toBe("split-vote");
    const others = shrink({ target: timersTarget, choices: faultForm, violation, passes: defaultShrinkPasses, finalPasses: defaultFinalShrinkPasses.filter((p) => p !== "pair-rebuild") });
    const all = shrink({ target: timersTarget, choices: faultForm, violation });
    expect(others.choices).toEqual(faultForm);
    // The shortlex-smallest collision: the first timer at 2, the second at 0 (trimmed).
    expect(all.choices).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 2]);
  });

  it("keeps the same violation and never grows, alone, from any failing start", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 10, maxLength: 18 }), (input) => {
        fc.pre(timersTarget.run(new ReplayedChoices(input)).violation !== null);
        const result = shrink({ target: timersTarget, choices: input, violation, passes: ["pair-rebuild"] });
        expect(timersTarget.run(new ReplayedChoices(result.choices)).violation?.invariant).toBe("split-vote");
        expect(compareShortlex(result.choices, trimChoices(input))).toBeLessThanOrEqual(0);
        expect(result.stats.converged).toBe(true);
      }),
      { numRuns: 40, seed: 17 },
    );
  });
});
