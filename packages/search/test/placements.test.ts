import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fits, placedLength, placedValues, rankedPlacements, slotsFor, type Decision, type Frame } from "../src/shrink/placements.js";
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
        const every = rankedPlacements(frame, decisions, { lengthMax: Infinity, max: Infinity, visitsMax: Infinity }).map((r) => r.placement);
        // Each placement is compared with the brute force under the slot it ends at; none may end elsewhere.
        expect(frame.slots.reduce((n, slot) => n + every.filter((p) => p.slots.at(-1) === slot).length, 0)).toBe(every.length);
        for (let last = 0; last < frame.slots.length; last++) {
          const placements = every.filter((p) => p.slots.at(-1) === frame.slots[last]);
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

  it("looks at no more choices of slots and order than it is allowed, even when none of them is short enough to keep", () => {
    // Three decisions over 400 slots of one kind: about 64 million choices, every one longer than lengthMax (-1: no list is that short).
    const { frame, decisions: unusual } = frameOf(new Array<number>(400).fill(0), [0, 0, 0]);
    // Calm contents: a placement's slot never makes its list longer, so no slot ends the search early.
    const decisions = unusual.map((d) => ({ ...d, content: d.content.map(() => 0) }));
    let reads = 0;
    const counted: Frame = { ...frame, keys: new Proxy(frame.keys as string[], { get: (target, key, receiver) => (typeof key === "string" && /^\d+$/.test(key) && reads++, Reflect.get(target, key, receiver)) }) };
    const ranked = rankedPlacements(counted, decisions, { lengthMax: -1, max: 10, visitsMax: 5_000 });
    expect(ranked).toEqual([]);
    // A choice looked at reads at most two keys for each of its three decisions.
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(5_000 * 3 * 2);
  });

  it("keeps the shortest placements first and stops at the most it may keep", () => {
    const { frame, decisions } = frameOf([0, 0, 0, 0, 0], [0]);
    const ranked = rankedPlacements(frame, decisions, { lengthMax: 100, max: 2, visitsMax: 1_000 });
    expect(ranked.map((r) => r.placement.slots[0])).toEqual([frame.slots[0], frame.slots[1]]);
  });
});

describe("the slots of a run that a failure's decisions fit", () => {
  it("are the same whether asked for the first time or again, for any order of asks over subsets, ranges and runs", () => {
    // A run of nested and empty spans: slots are its top-level spans of the decisions' kinds.
    const runOf = (kinds: readonly number[]) => {
      const keys = kinds.flatMap((k) => [`k${k}`, `k${k}`]);
      const spans = kinds.flatMap((_, i) => [{ start: 2 * i, end: 2 * i + 2 }, { start: 2 * i, end: 2 * i + 1 }, { start: 2 * i + 1, end: 2 * i + 1 }]);
      return { keys, spans };
    };
    const direct = (run: { keys: readonly string[]; spans: readonly { start: number; end: number }[] }, decisions: readonly Decision[], within: { start: number; end: number }) =>
      run.spans.filter((s, i) => i % 3 === 0 && s.start >= within.start && s.start < within.end && decisions.some((d) => fits(run, s, d)));
    const subset = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 });
    // Each ask queries several subsets over one range of one run: the cache must tell them apart by their kinds.
    const ask = fc.record({ run: fc.nat(2), subsets: fc.array(subset, { minLength: 1, maxLength: 4 }), start: fc.nat(12), span: fc.nat(12) });
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }), { minLength: 3, maxLength: 3 }), fc.array(ask, { minLength: 1, maxLength: 30 }), (runKinds, asks) => {
        const runs = runKinds.map(runOf);
        for (const a of asks) {
          const run = runs[a.run]!;
          const within = { start: a.start, end: a.start + a.span };
          for (const kinds of a.subsets) {
            const decisions = kinds.map((k) => ({ at: { start: 0, end: 2 }, content: [1, 0], kinds: [`k${k}`, `k${k}`] }));
            expect(slotsFor(run, decisions, within)).toEqual(direct(run, decisions, within));
          }
        }
      }),
      { numRuns: 200, seed: 11 },
    );
  });
});
