import { describe, expect, it } from "vitest";
import type { Operation } from "../operation.js";
import { realTimePrefixLength } from "./real-time-prefix.js";

const op = (call: number, ret: number | null): Operation<string, null> => ({ client: 0, call, return: ret, input: "x", output: null });

describe("realTimePrefixLength", () => {
  it("cuts a prefix at its first step called after an operation it skips had returned", () => {
    const operations = [op(0, 1), op(2, 3), op(4, 5)];
    expect(realTimePrefixLength(operations, [0, 2, 1])).toBe(1);
    expect(realTimePrefixLength(operations, [0, 1, 2])).toBe(3);
  });

  it("keeps a step called at the very instant a skipped operation returned: closed intervals are concurrent", () => {
    const operations = [op(0, 4), op(4, 6)];
    expect(realTimePrefixLength(operations, [1, 0])).toBe(2);
  });

  it("lets a step skip an operation that never returned", () => {
    const operations = [op(0, null), op(5, 6)];
    expect(realTimePrefixLength(operations, [1])).toBe(1);
  });
});
