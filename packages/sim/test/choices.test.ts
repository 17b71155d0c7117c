import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GeneratedChoices, ReplayedChoices } from "../src/index.js";

describe("choices", () => {
  it("zero means nothing unusual: drawBool is false for the value 0 at any percentage short of certainty", () => {
    for (let percent = 0; percent < 100; percent++) {
      expect(new ReplayedChoices([0]).drawBool(percent)).toBe(false);
    }
    // ... and true only for the top `percent` values.
    expect(new ReplayedChoices([99]).drawBool(1)).toBe(true);
    expect(new ReplayedChoices([98]).drawBool(1)).toBe(false);
    expect(new ReplayedChoices([95]).drawBool(5)).toBe(true);
    expect(new ReplayedChoices([94]).drawBool(5)).toBe(false);
  });

  it("drawBool(percent) is draw(100) >= 100 - percent for every value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 100 }), (value, percent) => {
        expect(new ReplayedChoices([value]).drawBool(percent)).toBe(value >= 100 - percent);
      }),
    );
  });

  it("draws past the end of a replayed sequence are 0", () => {
    const replay = new ReplayedChoices([4]);
    expect(replay.draw(10)).toBe(4);
    expect([replay.draw(10), replay.draw(3), replay.draw(1000)]).toEqual([0, 0, 0]);
    expect(replay.record()).toEqual([4, 0, 0, 0]);
  });

  it("clamps a recorded value too large for draw(n) to n - 1, keeping smaller calmer", () => {
    const replay = new ReplayedChoices([99, 7, 3]);
    expect(replay.draw(10)).toBe(9);
    expect(replay.draw(2)).toBe(1);
    expect(replay.draw(4)).toBe(3);
    expect(replay.record()).toEqual([9, 1, 3]);
  });

  it("generates values in [0, n) from a seed and the same seed gives the same values", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 50 }), (seed, bounds) => {
        const a = new GeneratedChoices(seed);
        const b = new GeneratedChoices(seed);
        for (const n of bounds) {
          const value = a.draw(n);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(n);
          expect(b.draw(n)).toBe(value);
        }
      }),
    );
  });

  it("replaying what a generator recorded draws exactly the same values", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer({ min: 1, max: 500 }), { maxLength: 60 }), (seed, bounds) => {
        const generated = new GeneratedChoices(seed);
        const values = bounds.map((n) => generated.draw(n));
        const replay = new ReplayedChoices(generated.record());
        expect(bounds.map((n) => replay.draw(n))).toEqual(values);
      }),
    );
  });

  it("groups the draws of one decision into a labelled span, nested spans included", () => {
    const choices = new ReplayedChoices([1, 2, 3, 4]);
    choices.draw(5);
    choices.startSpan("message #1");
    choices.draw(5);
    choices.startSpan("inner");
    choices.draw(5);
    choices.endSpan();
    choices.endSpan();
    choices.startSpan("empty");
    choices.endSpan();
    choices.draw(5);
    expect(choices.spans()).toEqual([
      { label: "message #1", start: 1, end: 3 },
      { label: "inner", start: 2, end: 3 },
    ]);
  });

  it("rejects a draw from an empty range: that is a programming error", () => {
    expect(() => new GeneratedChoices(1).draw(0)).toThrow(RangeError);
    expect(() => new ReplayedChoices([]).draw(1.5)).toThrow(RangeError);
  });

  it("can continue a replay with seeded random draws instead of zeros", () => {
    const a = new ReplayedChoices([5], { kind: "random", seed: 3 });
    const b = new ReplayedChoices([5], { kind: "random", seed: 3 });
    const drawsA = [a.draw(10), ...Array.from({ length: 20 }, () => a.draw(1000))];
    const drawsB = [b.draw(10), ...Array.from({ length: 20 }, () => b.draw(1000))];
    expect(drawsA).toEqual(drawsB);
    expect(drawsA[0]).toBe(5);
    expect(drawsA.slice(1).some((v) => v !== 0)).toBe(true);
  });
});
