import { GeneratedChoices, type Span } from "@cx/sim";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mutate, mutationOperators } from "../src/index.js";
import { HEAD_LENGTH } from "../src/mutation.js";

const values = fc.array(fc.nat({ max: 120 }), { maxLength: 40 });
const spansFor = (length: number) =>
  fc.array(
    fc.tuple(fc.nat({ max: Math.max(0, length) }), fc.nat({ max: 6 })).map(([start, width]): Span => ({ label: "s", start, end: start + width })),
    { maxLength: 6 },
  );
const input = values.chain((choices) => fc.record({ choices: fc.constant(choices), spans: spansFor(choices.length), other: values }));

describe("mutation operators", () => {
  it("every operator changes a typical sequence most of the time: none is a no-op under another name", () => {
    // A sequence with room for every operator: non-zero values, a labelled span, another sequence to splice from.
    const typical = { choices: [3, 0, 7, 1, 0, 4, 9, 2, 5, 0, 6, 1], spans: [{ label: "message", start: 2, end: 6 }], other: [8, 8, 1, 0, 2] };
    const unchanged = mutationOperators.filter((operator) => {
      let same = 0;
      for (let seed = 1; seed <= 50; seed++) if (JSON.stringify(mutate(operator, typical, new GeneratedChoices(seed)).choices) === JSON.stringify(typical.choices)) same++;
      return same > 25;
    });
    expect(unchanged).toEqual([]);
  });

  it("every operator returns valid non-negative integers and a change mark inside the mutant", () => {
    fc.assert(
      fc.property(input, fc.constantFrom(...mutationOperators), fc.integer(), (mutationInput, operator, seed) => {
        const mutant = mutate(operator, mutationInput, new GeneratedChoices(seed));
        expect(mutant.operator).toBe(operator);
        for (const v of mutant.choices) expect(Number.isInteger(v) && v >= 0).toBe(true);
        expect(mutant.changedUpTo).toBeGreaterThanOrEqual(0);
        expect(mutant.changedUpTo).toBeLessThanOrEqual(mutant.choices.length);
      }),
      { numRuns: 500 },
    );
  });

  it("is deterministic given the random source's seed", () => {
    fc.assert(
      fc.property(input, fc.constantFrom(...mutationOperators), fc.integer(), (mutationInput, operator, seed) => {
        const a = mutate(operator, mutationInput, new GeneratedChoices(seed));
        const b = mutate(operator, mutationInput, new GeneratedChoices(seed));
        expect(b).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });

  it("zeroes a whole labelled span when it picks one", () => {
    const spans: Span[] = [{ label: "message", start: 1, end: 4 }];
    let sawWholeSpan = false;
    for (let seed = 0; seed < 50; seed++) {
      const mutant = mutate("zero-span", { choices: [5, 6, 7, 8, 9], spans }, new GeneratedChoices(seed));
      if (mutant.choices.join() === "5,0,0,0,9") sawWholeSpan = true;
    }
    expect(sawWholeSpan).toBe(true);
  });

  it("keeps the length for value operators and changes it for deletion and duplication", () => {
    const choices = [4, 4, 4, 4, 4, 4];
    for (let seed = 0; seed < 30; seed++) {
      const random = (): GeneratedChoices => new GeneratedChoices(seed);
      expect(mutate("replace-value", { choices, spans: [] }, random()).choices.length).toBe(6);
      expect(mutate("nudge-value", { choices, spans: [] }, random()).choices.length).toBe(6);
      expect(mutate("zero-span", { choices, spans: [] }, random()).choices.length).toBe(6);
      expect(mutate("swap-spans", { choices, spans: [] }, random()).choices.length).toBe(6);
      expect(mutate("delete-span", { choices, spans: [] }, random()).choices.length).toBeLessThan(6);
      expect(mutate("duplicate-span", { choices, spans: [] }, random()).choices.length).toBeGreaterThan(6);
    }
  });

  it("raise-head only raises values among the first HEAD_LENGTH and leaves the rest alone", () => {
    fc.assert(
      fc.property(input, fc.integer(), (mutationInput, seed) => {
        const mutant = mutate("raise-head", mutationInput, new GeneratedChoices(seed));
        const before = mutationInput.choices;
        if (before.length === 0) return;
        expect(mutant.choices.length).toBe(before.length);
        let raised = 0;
        mutant.choices.forEach((v, i) => {
          const old = before[i] as number;
          if (i >= HEAD_LENGTH) expect(v).toBe(old);
          else expect(v).toBeGreaterThanOrEqual(old);
          if (v > old) raised++;
        });
        expect(raised).toBeGreaterThan(0);
        expect(mutant.changedUpTo).toBeLessThanOrEqual(Math.min(HEAD_LENGTH, before.length));
      }),
      { numRuns: 300 },
    );
  });

  it("reroll-tail keeps a prefix and marks its end, so fresh draws follow it", () => {
    fc.assert(
      fc.property(input, fc.integer(), (mutationInput, seed) => {
        const mutant = mutate("reroll-tail", mutationInput, new GeneratedChoices(seed));
        if (mutationInput.choices.length === 0) return;
        expect(mutant.choices).toEqual(mutationInput.choices.slice(0, mutant.choices.length));
        expect(mutant.changedUpTo).toBe(mutant.choices.length);
      }),
      { numRuns: 300 },
    );
  });

  it("inserts one value into an empty sequence whatever the operator", () => {
    for (const operator of mutationOperators) {
      expect(mutate(operator, { choices: [], spans: [] }, new GeneratedChoices(3)).choices.length).toBe(1);
    }
  });
});
