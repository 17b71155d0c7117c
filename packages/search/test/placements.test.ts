import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fits, placedLength, placedValues, placementsEndingAt, type Decision, type Frame } from "../src/shrink/placements.js";
import { trimChoices } from "../src/index.js";

/** A frame of `slotKinds.length` slots of two draws each, the slot's kind in both keys, and decisions of the given kinds and contents. */
function frameOf(slotKinds: readonly number[], decisionKinds: readonly number[]): { frame: Frame; decisions: Decision[] } {
  const keys = slotKinds.flatMap((k) => [`k${k}`, `k${k}`]);
  const slots = slotKinds.map((_, i) => ({ start: 2 * i, end: 2 * i + 2 }));
  const decisions = decisionKinds.map((k, i) => ({ at: { start: 0, end: 2 }, content: [90 + i, i], kinds: [`k${k}`, `k${k}`] }));
  return { frame: { values: new Array<number>(keys.length).fill(0), keys, slots }, decisions };
}

/** Every placement by brute force: each decision in its own slot, the slots in increasing order, the last one at `last`. */
function bruteForceCount(frame: Frame, decisions: readonly Decision[], last: number): number {
  let count = 0;
  const assign = (k: number, used: readonly number[]): void => {
    if (k === decisions.length) {
      const sorted = [...used].sort((a, b) => a - b);
      if (sorted.at(-1) === last) count++;
      return;
    }
    for (let s = 0; s <= last; s++) if (!used.includes(s) && fits(frame, frame.slots[s]!, decisions[k]!)) assign(k + 1, [...used, s]);
  };
  assign(0, []);
  return count;
}

describe("placing a failure's decisions into a run's slots", () => {
  it("yields exactly the placements a brute force finds: every decision once, each in a slot of its kinds, the last slot the one asked", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 7 }), fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }), (slotKinds, decisionKinds) => {
        const { frame, decisions } = frameOf(slotKinds, decisionKinds);
        for (let last = 0; last < frame.slots.length; last++) {
          const placements = [...placementsEndingAt(frame, decisions, last)];
          expect(placements.length).toBe(bruteForceCount(frame, decisions, last));
          for (const p of placements) {
            expect(p.slots.at(-1)).toEqual(frame.slots[last]);
            p.slots.forEach((slot, k) => expect(fits(frame, slot, p.contents[k]!)).toBe(true));
            expect(new Set(p.contents).size).toBe(decisions.length);
            // The length it reports is the trimmed length of what it writes.
            expect(placedLength(frame, p)).toBe(trimChoices(placedValues(frame, p)).length);
          }
        }
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
