import { describe, expect, it } from "vitest";
import type { Operation } from "../linearizability/operation.js";
import { staleObservation } from "./register-stale-reads.js";
import type { RegisterInput, RegisterOutput } from "./register-types.js";

type Op = Operation<RegisterInput, RegisterOutput>;
const op = (at: readonly [call: number, ret: number | null], input: RegisterInput, output: RegisterOutput = null): Op => ({ client: 0, call: at[0], return: at[1], input, output });

describe("a certainly stale observation", () => {
  it("is a cas from a value to itself after that value was overwritten: the cas cannot be its own writer", () => {
    const ops = [op([0, 1], { op: "write", value: "a" }), op([2, 3], { op: "write", value: "b" }), op([4, 5], { op: "cas", expected: "a", value: "a" }, true)];
    expect(staleObservation(ops)).toBe(2);
  });

  it("is not claimed for a cas from a value to itself while another writer of that value may still be the last", () => {
    const ops = [op([0, 1], { op: "write", value: "a" }), op([2, 3], { op: "write", value: "b" }), op([2, 6], { op: "write", value: "a" }), op([4, 5], { op: "cas", expected: "a", value: "a" }, true)];
    expect(staleObservation(ops)).toBe(-1);
  });

  it("is found at the end of 30,000 legal cas from a value to itself within the test timeout (a scan of the writers per cas takes minutes)", () => {
    // Each legal cas of "a" finds its writer only after every earlier one, all overwritten by a "b": a scan per cas is quadratic.
    const ops: Op[] = [];
    for (let k = 0; k < 30_000; k++) {
      ops.push(op([6 * k, 6 * k + 1], { op: "write", value: "a" }), op([6 * k + 2, 6 * k + 3], { op: "cas", expected: "a", value: "a" }, true), op([6 * k + 4, 6 * k + 5], { op: "write", value: "b" }));
    }
    ops.push(op([180_000, 180_001], { op: "cas", expected: "a", value: "a" }, true));
    expect(staleObservation(ops)).toBe(ops.length - 1);
  });
});
