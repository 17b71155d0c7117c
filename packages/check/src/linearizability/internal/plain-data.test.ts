import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NOT_PLAIN, plainEqual, plainHash } from "./plain-data.js";

const plain = fc.jsonValue({ maxDepth: 4 });

describe("structural hashing of plain data", () => {
  it("gives values with the same JSON text equal hashes and calls them equal", () => {
    fc.assert(
      fc.property(plain, (value) => {
        const copy = JSON.parse(JSON.stringify(value)) as unknown;
        expect(plainEqual(value, copy)).toBe(true);
        expect(plainHash(copy)).toBe(plainHash(value));
      }),
      { seed: 1201, numRuns: 200 },
    );
  });

  it("calls values equal only when their JSON texts are equal up to key order", () => {
    const canonical = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));
    fc.assert(
      fc.property(plain, plain, (a, b) => {
        if (plainEqual(a, b)) {
          expect(canonical(a)).toBe(canonical(b));
          expect(plainHash(a)).toBe(plainHash(b));
        }
      }),
      { seed: 1202, numRuns: 300 },
    );
  });

  it("tells apart fields in another order from other fields, and refuses what is not plain data", () => {
    expect(plainEqual({ op: "put", key: "x" }, { key: "x", op: "put" })).toBe(true);
    expect(plainHash({ op: "put", key: "x" })).toBe(plainHash({ key: "x", op: "put" }));
    expect(plainEqual({ op: "put", key: "x" }, { op: "put", key: "x", value: undefined })).toBe(false);
    expect(plainEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(plainHash(new Map([[1, 2]]))).toBe(NOT_PLAIN);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(plainHash(cyclic)).toBe(NOT_PLAIN);
  });
});
