import { describe, expect, it } from "vitest";
import { checkLinearizability, describeResult, kvModel, registerModel } from "../src/index.js";
import type { KvInput, KvOutput, Operation, RegisterInput, RegisterOutput } from "../src/index.js";
import { repeatedValueHistorySet } from "../bench/hard-histories.js";

type Op = Operation<RegisterInput, RegisterOutput>;
type KvOp = Operation<KvInput, KvOutput>;
const staleRead: Op[] = [
  { client: 0, call: 0, return: 1, input: { op: "write", value: "a" }, output: null },
  { client: 1, call: 2, return: 3, input: { op: "write", value: "b" }, output: null },
  { client: 2, call: 4, return: 5, input: { op: "read" }, output: "a" },
];

describe("the witness of an illegal history", () => {
  it("holds the longest linearizable prefix with states, the blocked operation and the deadline", () => {
    const result = checkLinearizability(registerModel, staleRead);
    if (result.verdict !== "illegal") throw new Error(`expected illegal, got ${result.verdict}`);
    const { witness } = result;
    expect(witness.prefix.map((step) => [step.index, step.state])).toEqual([
      [0, "a"],
      [1, "b"],
    ]);
    expect(witness.state).toBe("b");
    expect(witness.blocked).toEqual([{ index: 2, operation: staleRead[2], legal: false }]);
    expect(witness.deadline).toEqual({ index: 2, operation: staleRead[2] });
    expect(witness.partition).toEqual({ index: 0, count: 1, operations: 3 });
  });

  it("is put together only when one of its fields is first read, then kept", () => {
    let steps = 0;
    const counting = { ...registerModel, step: (...args: Parameters<typeof registerModel.step>) => (steps++, registerModel.step(...args)) };
    const result = checkLinearizability(counting, staleRead, { suspects: false });
    if (result.verdict !== "illegal") throw new Error(`expected illegal, got ${result.verdict}`);
    const afterVerdict = steps;
    expect(result.witness.prefix).toHaveLength(2);
    // Replaying the prefix and testing the blocked operations steps the model again...
    expect(steps).toBeGreaterThan(afterVerdict);
    const afterWitness = steps;
    // ...once: every field comes from that one replay.
    expect([result.witness.state, result.witness.blocked.length, result.witness.deadline?.index, result.witness.partialLinearizations.length]).toEqual(["b", 1, 2, expect.any(Number)]);
    expect(steps).toBe(afterWitness);
  });

  it("gives positions in the caller's array even when the model's partition reorders the operations", () => {
    const reversing = { ...kvModel, partition: (ops: readonly KvOp[]) => (kvModel.partition?.(ops) ?? [[...ops]]).map((part) => [...part].reverse()) };
    const ops: KvOp[] = [
      { client: 0, call: 0, return: 1, input: { op: "put", key: "x", value: "a" }, output: null },
      { client: 1, call: 0, return: 1, input: { op: "put", key: "y", value: "b" }, output: null },
      { client: 0, call: 2, return: 3, input: { op: "put", key: "x", value: "c" }, output: null },
      { client: 1, call: 4, return: 5, input: { op: "get", key: "x" }, output: "a" },
    ];
    const result = checkLinearizability(reversing, ops);
    if (result.verdict !== "illegal") throw new Error(`expected illegal, got ${result.verdict}`);
    const { witness } = result;
    for (const step of witness.prefix) expect(ops[step.index]).toBe(step.operation);
    for (const blocked of witness.blocked) expect(ops[blocked.index]).toBe(blocked.operation);
    expect(witness.suspects[0]).toMatchObject({ index: 3, confirmed: true });
    expect(witness.partialLinearizations.flat().every((index) => index >= 0 && index < ops.length)).toBe(true);
  });

  it("reads as words naming the operations and states", () => {
    const text = describeResult(checkLinearizability(registerModel, staleRead), registerModel);
    expect(text).toContain("not linearizable");
    expect(text).toContain('write("b")  => "b"');
    expect(text).toContain('#2 client 2 [4, 5] read() -> "a": illegal in this state');
  });
});

describe("the search budget", () => {
  // A legal history the search needs some 250,000 steps for (cas, values drawn from 20).
  const hard = repeatedValueHistorySet().find((h) => h.expected === "ok" && h.name.includes("-v20-")) as NonNullable<ReturnType<typeof repeatedValueHistorySet>[number]>;
  // Without its exact decision procedure, so that the search has to run.
  const { decide: _decide, ...searchOnly } = registerModel;

  it("gives unknown with the same step count on every run when it runs out", () => {
    const first = checkLinearizability(searchOnly, hard.operations, { budgetSteps: 1000 });
    const second = checkLinearizability(searchOnly, hard.operations, { budgetSteps: 1000 });
    expect(first.verdict).toBe("unknown");
    expect(second).toEqual(first);
    expect(first.steps).toBe(1000);
    if (first.verdict === "unknown") expect(first.reason).toMatch(/budget of 1000 steps/);
  });

  it("gives unknown instead of running out of memory when the memo table is full", () => {
    const result = checkLinearizability(searchOnly, hard.operations, { memoBytesMax: 1 });
    expect(result.verdict).toBe("unknown");
    if (result.verdict === "unknown") expect(result.reason).toMatch(/memory limit/);
  });
});

describe("the time limit", () => {
  const hard = repeatedValueHistorySet().find((h) => h.expected === "ok" && h.name.includes("-v20-")) as NonNullable<ReturnType<typeof repeatedValueHistorySet>[number]>;
  const { decide: _decide, ...searchOnly } = registerModel;

  it("gives unknown naming the time limit, read from the caller's clock (here a fake one)", () => {
    let now = 0;
    const clock = (): number => (now += 10);
    const result = checkLinearizability(searchOnly, hard.operations, { timeoutMs: 50, clock });
    expect(result.verdict).toBe("unknown");
    if (result.verdict === "unknown") {
      expect(result.limit).toBe("time");
      expect(result.reason).toMatch(/time limit of 50 ms/);
    }
  });

  it("is only an outer cap: a generous one changes neither verdict nor steps", () => {
    const clock = (): number => 0;
    expect(checkLinearizability(searchOnly, hard.operations, { timeoutMs: 1000, clock, budgetSteps: 5000 })).toEqual(checkLinearizability(searchOnly, hard.operations, { budgetSteps: 5000 }));
  });

  it("needs a clock", () => {
    expect(() => checkLinearizability(registerModel, staleRead, { timeoutMs: 10 })).toThrow(/timeoutMs and clock go together/);
  });

  it("says which limit stopped the check: steps or memory", () => {
    const steps = checkLinearizability(searchOnly, hard.operations, { budgetSteps: 10 });
    const memory = checkLinearizability(searchOnly, hard.operations, { memoBytesMax: 1 });
    expect(steps.verdict === "unknown" && steps.limit).toBe("steps");
    expect(memory.verdict === "unknown" && memory.limit).toBe("memory");
  });
});

describe("malformed operations given to the library", () => {
  it("are rejected with a RangeError naming the operation", () => {
    expect(() => checkLinearizability(registerModel, [{ client: 0, call: 5, return: 4, input: { op: "read" }, output: null }])).toThrow(/operation 0: return/);
  });
});
