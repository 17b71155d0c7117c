import { ReplayedChoices } from "@cx/sim";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToyTarget } from "./fixtures/toy-target.js";

/**
 * "Zero means nothing unusual happened": how far the law goes. The toy's
 * calmness measure is `unusual`, the count of crashes, late leases and
 * dropped messages in a run.
 */
const fixed = createToyTarget({ fixedShape: true });
const variable = createToyTarget();
const unusualOf = (target: typeof fixed, choices: readonly number[]): number => target.run(new ReplayedChoices(choices)).unusual;
const choices = fc.array(fc.nat({ max: 99 }), { minLength: 1, maxLength: 140 });
const spanIn = (length: number) => fc.tuple(fc.nat({ max: length }), fc.nat({ max: length })).map(([a, b]) => ({ start: Math.min(a, b), end: Math.max(a, b) }));
const zeroed = (values: readonly number[], range: { start: number; end: number }): number[] => values.map((v, i) => (i >= range.start && i < range.end ? 0 : v));

describe("zeroing and calm", () => {
  it("a zeroed span never makes a fixed-shape run less calm", () => {
    fc.assert(
      fc.property(choices.chain((values) => fc.tuple(fc.constant(values), spanIn(values.length))), ([values, range]) => {
        expect(unusualOf(fixed, zeroed(values, range))).toBeLessThanOrEqual(unusualOf(fixed, values));
      }),
      { numRuns: 400 },
    );
  });

  it("lowering any values never makes a fixed-shape run less calm", () => {
    fc.assert(
      fc.property(choices.chain((values) => fc.tuple(fc.constant(values), fc.array(fc.nat({ max: 99 }), { minLength: values.length, maxLength: values.length }))), ([values, cuts]) => {
        const lowered = values.map((v, i) => Math.max(0, v - (cuts[i] ?? 0)));
        expect(unusualOf(fixed, lowered)).toBeLessThanOrEqual(unusualOf(fixed, values));
      }),
      { numRuns: 400 },
    );
  });

  it("a zeroed suffix never makes a variable-shape run less calm", () => {
    fc.assert(
      fc.property(choices.chain((values) => fc.tuple(fc.constant(values), fc.nat({ max: values.length }))), ([values, from]) => {
        expect(unusualOf(variable, zeroed(values, { start: from, end: values.length }))).toBeLessThanOrEqual(unusualOf(variable, values));
      }),
      { numRuns: 400 },
    );
  });

  it("a zeroed span in the middle CAN make a variable-shape run less calm (why the general law is only about suffixes)", () => {
    // Fault level 3: tick 0 crashes (75) node 2 (85 clamps to 2); the late draw 80 is not late (< 85).
    const original = [3, 75, 85, 80, 0, 0];
    expect(unusualOf(variable, original)).toBe(1);
    // Zeroing only the crash draw skips the "which node" draw: 85 is now read as a late lease and
    // 80 as a dropped message, because every later decision shifted by one position.
    expect(unusualOf(variable, zeroed(original, { start: 1, end: 2 }))).toBe(2);
  });

  it("the all-zeros run is the calmest run and breaks nothing", () => {
    for (const target of [fixed, variable]) {
      const outcome = target.run(new ReplayedChoices([]));
      expect(outcome.unusual).toBe(0);
      expect(outcome.violation).toBeNull();
    }
  });
});
