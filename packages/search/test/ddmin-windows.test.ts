import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ddminWindows, descendingIndexes } from "../src/shrink/ddmin-windows.js";

describe("ddmin windows", () => {
  it("sweeps halves, quarters, ... single items, later windows first within each size", () => {
    expect([...ddminWindows(() => 5)].map((w) => [w.start, w.end])).toEqual([
      [4, 5], [2, 4], [0, 2],
      [4, 5], [3, 4], [2, 3], [1, 2], [0, 1],
    ]);
  });

  it("yields only windows inside the list, and every item alone at the end, whatever its length", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 64 }), (n) => {
        const windows = [...ddminWindows(() => n)];
        for (const w of windows) {
          expect(w.start).toBeGreaterThanOrEqual(0);
          expect(w.end).toBeLessThanOrEqual(n);
          expect(w.end).toBeGreaterThan(w.start);
        }
        const singles = windows.filter((w) => w.end - w.start === 1).map((w) => w.start);
        expect(new Set(singles)).toEqual(new Set(Array.from({ length: n }, (_, i) => i)));
      }),
      { numRuns: 40 },
    );
  });

  it("follows a list that shrinks while it is swept: no window past its new end", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.array(fc.boolean(), { maxLength: 400 }), (n, cuts) => {
        let length = n;
        let step = 0;
        for (const w of ddminWindows(() => length)) {
          expect(w.end).toBeLessThanOrEqual(length);
          if (cuts[step++] === true && length > w.end - w.start) length -= w.end - w.start;
        }
      }),
    );
  });
});

describe("descending indexes", () => {
  it("visits n-1 down to 0 once each when nothing changes", () => {
    expect([...descendingIndexes(() => 4)]).toEqual([3, 2, 1, 0]);
  });

  it("after the list shrinks, goes on below both the last index and the new length", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.array(fc.nat(3), { maxLength: 80 }), (n, drops) => {
        let length = n;
        let last = Number.POSITIVE_INFINITY;
        let step = 0;
        for (const u of descendingIndexes(() => length)) {
          expect(u).toBeLessThan(Math.min(last, length));
          last = u;
          length = Math.max(0, length - (drops[step++] ?? 0));
        }
      }),
    );
  });
});
