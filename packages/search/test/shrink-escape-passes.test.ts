import type { ChoiceSource } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { shrink, type Outcome, type ShrinkPassName, type Target } from "../src/index.js";
import { expectEachPassAloneKeepsItsViolation } from "./fixtures/pass-laws.js";

/** A target of `count` draws of `n` values, each in a span "decision", failing when `fails(values)`. */
function fixedTarget(count: number, n: number, fails: (values: readonly number[]) => boolean): Target {
  return {
    run(source: ChoiceSource): Outcome {
      const values: number[] = [];
      for (let i = 0; i < count; i++) {
        source.startSpan("decision");
        values.push(source.draw(n, "value"));
        source.endSpan();
      }
      const violation = fails(values) ? { invariant: "bad", message: values.join(",") } : null;
      return { violation, choices: source.record(), spans: source.spans(), coverage: [] };
    },
  };
}

const bad = { invariant: "bad" };
const escapePasses: readonly ShrinkPassName[] = ["lower-and-redraw", "move-and-swap", "aligned-lower"];

describe("passes that change several values at once", () => {
  it("lower-and-redraw lowers a setting and re-chooses the small draw that depends on it", () => {
    // A level and a node: level 2 fails on node 1, level 1 only on node 2 (neither 0 nor the maximum).
    const target = fixedTarget(2, 4, ([level = 0, node = 0]) => (level === 2 && node === 1) || (level === 1 && node === 2));
    expect(shrink({ target, choices: [2, 1], violation: bad, passes: ["lower-values", "aligned-lower"] }).choices).toEqual([2, 1]);
    expect(shrink({ target, choices: [2, 1], violation: bad, passes: ["lower-and-redraw"] }).choices).toEqual([1, 2]);
  });

  it("lower-and-redraw lowers a setting and re-draws a later decision's small draws together, which one re-drawn value cannot do", () => {
    // A level, then a tick: a trigger and three small draws; level 2 fails with [0, 0, 3], level 1 only with [0, 1, 1].
    const target: Target = {
      run(source: ChoiceSource): Outcome {
        source.startSpan("fault profile");
        const level = source.draw(4, "level");
        source.endSpan();
        source.startSpan("tick");
        const trigger = source.draw(100, "trigger");
        const small = [source.draw(4, "a"), source.draw(4, "b"), source.draw(4, "c")].join(",");
        source.endSpan();
        const fails = trigger >= 50 && ((level === 2 && small === "0,0,3") || (level === 1 && small === "0,1,1"));
        return { violation: fails ? { invariant: "bad", message: small } : null, choices: source.record(), spans: source.spans(), coverage: [] };
      },
    };
    expect(shrink({ target, choices: [2, 95, 0, 0, 3], violation: bad, passes: ["lower-values", "aligned-lower"] }).choices).toEqual([2, 50, 0, 0, 3]);
    // Level 1 with the tick's small draws re-chosen together (the trigger, a large draw, is only lowered one at a time).
    const [level, trigger = 0, ...small] = shrink({ target, choices: [2, 95, 0, 0, 3], violation: bad, passes: ["lower-and-redraw"] }).choices;
    expect([level, small]).toEqual([1, [0, 1, 1]]);
    expect(trigger).toBeGreaterThanOrEqual(50);
  });

  it("move-and-swap moves a later decision into an earlier calm slot of its kind, so the list ends sooner", () => {
    const target = fixedTarget(3, 10, (v) => v.includes(9) && v.includes(3));
    expect(shrink({ target, choices: [0, 9, 3], violation: bad, passes: ["move-and-swap"] }).choices).toEqual([3, 9]);
    // No calm slot: the smaller of two neighbouring decisions goes first.
    expect(shrink({ target, choices: [5, 9, 3], violation: bad, passes: ["move-and-swap"] }).choices).toEqual([3, 5, 9]);
  });

  it("keep the same violation and never grow, each alone, on the toy's failures", () => {
    expectEachPassAloneKeepsItsViolation(escapePasses, { numRuns: 8, seed: 23 });
  });
});

describe("deletion after a lowering", () => {
  it("runs the cleanup deletions as soon as a lowering leaves draws nothing needs", () => {
    const target = fixedTarget(6, 10, (v) => v.some((x) => x >= 3));
    expect(shrink({ target, choices: [0, 0, 0, 0, 0, 9], violation: bad, passes: ["lower-values"] }).choices).toEqual([0, 0, 0, 0, 0, 3]);
    const cleaned = shrink({ target, choices: [0, 0, 0, 0, 0, 9], violation: bad, passes: ["lower-values"], cleanupPasses: ["delete-zero-runs"] });
    expect(cleaned.choices).toEqual([3]);
    expect(cleaned.stats.passes.map((p) => p.name)).toEqual(["lower-values", "delete-zero-runs"]);
  });
});
