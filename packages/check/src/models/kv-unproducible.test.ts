import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bruteForce } from "../../test/support/brute-force.js";
import { checkLinearizability } from "../linearizability/check-linearizability.js";
import type { Operation } from "../linearizability/operation.js";
import { kvModel } from "./kv-model.js";
import type { KvInput, KvOutput } from "./kv-types.js";
import { unproducibleGet } from "./kv-unproducible.js";

type KvOp = Operation<KvInput, KvOutput>;
const op = (at: readonly [call: number, ret: number | null], input: KvInput, output: KvOutput = null): KvOp => ({ client: 0, call: at[0], return: at[1], input, output });

describe("a get whose answer nothing could produce", () => {
  it("is found when its answer ends in a value nobody appended", () => {
    const ops = [op([0, 1], { op: "put", key: "x", value: "a" }), op([0, 1], { op: "append", key: "x", value: "b" }), op([2, 3], { op: "get", key: "x" }, "abz")];
    expect(unproducibleGet(ops)).toBe(2);
  });

  it("is found when its answer starts with no put's value and no append's", () => {
    const ops = [op([0, 1], { op: "put", key: "x", value: "a" }), op([2, 3], { op: "get", key: "x" }, "ca")];
    expect(unproducibleGet(ops)).toBe(1);
  });

  it("is not claimed for an answer of a put and appends in any number, even in an order that cannot happen", () => {
    const ops = [op([0, 1], { op: "put", key: "x", value: "ab" }), op([0, 1], { op: "append", key: "x", value: "c" }), op([2, 3], { op: "get", key: "x" }, "abcc"), op([2, 3], { op: "get", key: "x" }, "")];
    expect(unproducibleGet(ops)).toBe(-1);
  });

  it("makes the checker answer illegal with that get as the first, confirmed suspect", () => {
    const ops = [op([0, 2], { op: "append", key: "x", value: "1" }), op([1, 3], { op: "append", key: "x", value: "1" }), op([4, 5], { op: "get", key: "x" }, "11"), op([6, 7], { op: "get", key: "x" }, "119")];
    const result = checkLinearizability(kvModel, ops);
    if (result.verdict !== "illegal") throw new Error(`expected illegal, got ${result.verdict}`);
    expect(result.witness.suspects[0]).toMatchObject({ index: 3, confirmed: true });
  });

  const kvOp = fc
    .record({ call: fc.integer({ min: 0, max: 6 }), length: fc.integer({ min: 0, max: 3 }), pending: fc.integer({ min: 0, max: 5 }), kind: fc.constantFrom("get", "put", "append"), value: fc.constantFrom("a", "b", "ab"), got: fc.constantFrom("", "a", "b", "ab", "ba", "abb", "c", "ac") })
    .map(({ call, length, pending, kind, value, got }): KvOp => {
      const ret = pending === 0 ? null : call + length;
      const input: KvInput = kind === "get" ? { op: "get", key: "x" } : { op: kind as "put" | "append", key: "x", value };
      return op([call, ret], input, kind === "get" && ret !== null ? got : null);
    });

  it("is never claimed in a history brute force finds linearizable", () => {
    fc.assert(
      fc.property(fc.array(kvOp, { minLength: 1, maxLength: 7 }), (ops) => {
        if (unproducibleGet(ops) !== -1) expect(bruteForce(kvModel, ops)).toBe(false);
      }),
      { numRuns: 300, seed: 16 },
    );
  });
});
