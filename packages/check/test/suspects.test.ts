import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateKvHistory, generateRegisterHistory } from "../bench/scale-histories.js";
import { checkLinearizability, describeResult, kvModel, registerModel } from "../src/index.js";
import type { KvInput, KvOutput, Operation, RegisterInput, RegisterOutput } from "../src/index.js";
import { bruteForce } from "./support/brute-force.js";

describe("the suspects of an illegal history", () => {
  const histories = [
    ...[1, 2, 3].map((seed) => generateRegisterHistory({ model: "register", seed, clients: 10, operations: 100, pendingPercent: 0, values: 5, corrupt: true })),
    ...[1, 2, 3].map((seed) => generateRegisterHistory({ model: "register", seed, clients: 10, operations: 100, pendingPercent: 10, values: 0, cas: false, corrupt: true })),
  ];
  for (const history of histories) {
    it(`name the corrupted read #${history.corrupted} of ${history.name} first, confirmed`, () => {
      const result = checkLinearizability(registerModel, history.operations);
      if (result.verdict !== "illegal") throw new Error(`expected illegal, got ${result.verdict}`);
      expect(result.witness.suspects.slice(0, 3).map((s) => s.index)).toContain(history.corrupted);
      expect(result.witness.suspects[0]).toMatchObject({ index: history.corrupted, confirmed: true });
      expect(describeResult(result, registerModel)).toContain(`#${history.corrupted} client`);
    });
  }

  it("are searched for only when first read, and the same when read again", () => {
    const history = generateRegisterHistory({ model: "register", seed: 1, clients: 10, operations: 100, pendingPercent: 0, values: 5, corrupt: true });
    let stepsTaken = 0;
    const counting = { ...registerModel, step: (...args: Parameters<typeof registerModel.step>) => (stepsTaken++, registerModel.step(...args)) };
    const result = checkLinearizability(counting, history.operations);
    if (result.verdict !== "illegal") throw new Error(`expected illegal, got ${result.verdict}`);
    const atVerdict = stepsTaken;
    const first = result.witness.suspects;
    const afterFirstRead = stepsTaken;
    expect(afterFirstRead).toBeGreaterThan(atVerdict);
    expect(result.witness.suspects).toBe(first);
    expect(stepsTaken).toBe(afterFirstRead);
    expect(first[0]).toMatchObject({ index: history.corrupted, confirmed: true });
  });

  for (const [seed, values] of [[1, 5], [2, 5], [3, 5], [1, 0], [2, 0]] as const) {
    const history = generateKvHistory({ model: "kv", seed, clients: 10, keys: 3, operations: 100, pendingPercent: 10, values, corrupt: true });
    it(`name the corrupted get #${history.corrupted} of ${history.name} among the first three`, () => {
      const result = checkLinearizability(kvModel, history.operations);
      if (result.verdict !== "illegal") throw new Error(`expected illegal, got ${result.verdict}`);
      expect(result.witness.suspects.slice(0, 3).map((s) => s.index)).toContain(history.corrupted);
    });
  }

  it("are skipped with suspects: false", () => {
    const history = histories[0] as (typeof histories)[number];
    const result = checkLinearizability(registerModel, history.operations, { suspects: false });
    expect(result.verdict === "illegal" && result.witness.suspects).toEqual([]);
  });

  // A confirmed suspect is a promise: without it, the history is linearizable.
  const time = fc.integer({ min: 0, max: 8 });
  const value = fc.constantFrom("a", "b", "c");
  const registerOp: fc.Arbitrary<Operation<RegisterInput, RegisterOutput>> = fc
    .record({
      call: time,
      length: fc.integer({ min: 0, max: 4 }),
      pending: fc.integer({ min: 0, max: 5 }),
      input: fc.oneof(
        fc.constant<RegisterInput>({ op: "read" }),
        value.map<RegisterInput>((v) => ({ op: "write", value: v })),
        fc.record({ expected: value, value }).map<RegisterInput>(({ expected, value: v }) => ({ op: "cas", expected, value: v })),
      ),
      read: fc.constantFrom<string | null>(null, "a", "b", "c"),
      ok: fc.boolean(),
    })
    .map(({ call, length, pending, input, read, ok }) => {
      const never = pending === 0;
      const output: RegisterOutput = never ? null : input.op === "read" ? read : input.op === "cas" ? ok : null;
      return { client: 0, call, return: never ? null : call + length, input, output };
    });

  it("are confirmed only when the history without them is linearizable (brute force)", () => {
    fc.assert(
      fc.property(fc.array(registerOp, { minLength: 1, maxLength: 7 }), (ops) => {
        const result = checkLinearizability(registerModel, ops);
        if (result.verdict !== "illegal") return;
        const confirmed = result.witness.suspects.filter((s) => s.confirmed);
        expect(confirmed.length).toBeLessThanOrEqual(1);
        for (const suspect of confirmed) expect(bruteForce(registerModel, ops.filter((_, i) => i !== suspect.index))).toBe(true);
        // And when one is confirmed, it is the first.
        if (confirmed.length === 1) expect(result.witness.suspects[0]?.confirmed).toBe(true);
      }),
      { seed: 20261201, numRuns: 300 },
    );
  });
});

describe("the words for a confirmed suspect", () => {
  it("name the partition it makes linearizable, not the whole history, when there are several", () => {
    // Key x and key y each have a stale get: without x's, the history is still not linearizable.
    const ops: Operation<KvInput, KvOutput>[] = [
      { client: 0, call: 0, return: 1, input: { op: "put", key: "x", value: "1" }, output: null },
      { client: 1, call: 2, return: 3, input: { op: "get", key: "x" }, output: "" },
      { client: 2, call: 0, return: 1, input: { op: "put", key: "y", value: "1" }, output: null },
      { client: 3, call: 2, return: 3, input: { op: "get", key: "y" }, output: "" },
    ];
    const result = checkLinearizability(kvModel, ops);
    if (result.verdict !== "illegal") throw new Error(`expected illegal, got ${result.verdict}`);
    const [first] = result.witness.suspects;
    expect(first?.confirmed).toBe(true);
    expect(checkLinearizability(kvModel, ops.filter((_, i) => i !== first?.index)).verdict).toBe("illegal");
    const text = describeResult(result, kvModel);
    expect(text).toContain(`Suspects (confirmed: without the first, partition ${result.witness.partition.index + 1} of 2 is linearizable):`);
    expect(text).toContain(`<- removing it makes partition ${result.witness.partition.index + 1} of 2 linearizable`);
    expect(text).not.toContain("makes the history linearizable");
  });

  it("say the history is linearizable without it when the history is one partition", () => {
    const ops: Operation<RegisterInput, RegisterOutput>[] = [
      { client: 0, call: 0, return: 1, input: { op: "write", value: "a" }, output: null },
      { client: 1, call: 2, return: 3, input: { op: "write", value: "b" }, output: null },
      { client: 2, call: 4, return: 5, input: { op: "read" }, output: "a" },
      { client: 3, call: 6, return: 7, input: { op: "read" }, output: "b" },
    ];
    const text = describeResult(checkLinearizability(registerModel, ops), registerModel);
    expect(text).toMatch(/#2 client 2 \[4, 5\] read\(\) -> "a" {2}<- removing it makes the history linearizable/);
  });
});
