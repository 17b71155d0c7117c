import { ReplayedChoices, type ChoiceSource } from "@cx/sim";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareShortlex, type Outcome, type Target } from "../src/index.js";
import { defaultFinalShrinkPasses, defaultShrinkPasses, shrink } from "../src/shrink.js";
import { expectPassAloneKeepsViolationFrom } from "./fixtures/pass-laws.js";
import { drawTimersAndTicks } from "./fixtures/timers-and-ticks.js";

/** Ticks of the toy: room for a fault at any timer's value. */
const TICKS = 16;

/**
 * An election of three nodes: the lowest first timer leads (the lowest
 * node on a tie). The bug needs node 1 to lead and a fault at the tick it
 * is elected (the tick its timer names).
 */
const electionTarget: Target = {
  run(source: ChoiceSource): Outcome {
    const { timers, faultAt } = drawTimersAndTicks(source, 3, TICKS);
    const leader = timers.indexOf(Math.min(...timers));
    const violation = leader === 1 && faultAt === timers[1] ? { invariant: "stale-leader", message: "a fault as node 1 is elected" } : null;
    return { violation, choices: source.record(), spans: source.spans(), coverage: [] };
  },
};
const violation = { invariant: "stale-leader" };
const SETTINGS = 8;
/** Calm settings, the timers `timers`, and a fault at tick `faultAt`. */
const election = (timers: readonly number[], faultAt: number): number[] => {
  return [...new Array<number>(SETTINGS).fill(0), ...timers, ...new Array<number>(faultAt).fill(0), 95];
};

describe("place-decisions", () => {
  it("lowers the leading node's timer with the others out of the way and moves the fault with it, which no pass of one value or one decision reaches", () => {
    const start = election([9, 6, 8], 6);
    expect(electionTarget.run(new ReplayedChoices(start)).violation?.invariant).toBe("stale-leader");
    const without = shrink({ target: electionTarget, choices: start, violation, passes: defaultShrinkPasses, finalPasses: defaultFinalShrinkPasses.filter((p) => p !== "place-decisions") });
    expect(compareShortlex(without.choices, election([1, 0, 0], 0))).toBeGreaterThan(0);
    const all = shrink({ target: electionTarget, choices: start, violation });
    // The shortlex-smallest failure: node 0's timer at 1, node 1's at 0 (node 2's too: the lower node wins a tie), the fault at the first tick.
    expect(all.choices).toEqual(election([1, 0, 0], 0));
    expect(all.stats.passes.find((p) => p.name === "place-decisions")?.accepted).toBeGreaterThan(0);
  });

  it("keeps the same violation and never grows, alone, from any failing start", () => {
    // Node 1 leads at timer t (the others later), the fault at tick t, every setting random.
    const failingStart = fc.tuple(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: SETTINGS, maxLength: SETTINGS }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 15 }), fc.integer({ min: 1, max: 15 })).map(([settings, t, up0, up2]) => {
      const start = election([Math.min(15, t + up0), t, Math.min(15, t + up2)], t);
      start.splice(0, SETTINGS, ...settings);
      return start;
    });
    expectPassAloneKeepsViolationFrom(electionTarget, "place-decisions", { starts: failingStart, invariant: "stale-leader", numRuns: 40, seed: 23 });
  });
});
