import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { topLevel } from "../src/shrink/span-units.js";

describe("the top-level spans of a run", () => {
  it("are the same asked again as asked the first time, for any lengths in any order", () => {
    const span = fc.tuple(fc.nat(30), fc.nat(8)).map(([start, size]) => ({ start, end: start + size }));
    fc.assert(
      fc.property(fc.array(span, { maxLength: 12 }), fc.array(fc.nat(40), { minLength: 1, maxLength: 8 }), (spans, lengths) => {
        // A copy of the list is a list never asked about: its answer is computed afresh.
        for (const length of lengths) expect(topLevel(spans, length)).toEqual(topLevel([...spans], length));
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it("are the spans no earlier one holds, clipped to the length", () => {
    const spans = [{ start: 0, end: 4 }, { start: 1, end: 2 }, { start: 4, end: 6 }, { start: 4, end: 5 }, { start: 7, end: 7 }, { start: 8, end: 12 }];
    expect(topLevel(spans, 10)).toEqual([{ start: 0, end: 4 }, { start: 4, end: 6 }, { start: 8, end: 10 }]);
    expect(topLevel(spans, 5)).toEqual([{ start: 0, end: 4 }, { start: 4, end: 5 }]);
  });
});
