import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateKvShape } from "../bench/kv-shapes.js";
import { checkLinearizability, kvModel } from "../src/index.js";
import type { KvInput, KvOutput, KvState, Model, Operation } from "../src/index.js";
import { decideRegisterKey, prepareRegisterKey } from "../src/models/kv-register-key.js";
import { bruteForce } from "./support/brute-force.js";
import { randomRegisterHistory } from "./support/distinct-histories.js";
import type { Shape } from "./support/distinct-histories.js";
import { legalishHistories, randomHistories } from "./support/model-histories.js";
import type { ModelSpec } from "./support/model-histories.js";

type KvOperation = Operation<KvInput, KvOutput>;

// Without the exact procedure, so that the search and its lookahead are what is checked.
const { decide: _decide, ...kvSearch } = kvModel;
const kvSearchOnly = kvSearch as Model<KvState, KvInput, KvOutput>;

/** One key of puts and gets, values repeating, the empty value put too (it is also the initial one). */
const putGetSpec: ModelSpec<KvState, KvInput, KvOutput> = {
  model: kvModel,
  input: fc.oneof(fc.constant<KvInput>({ op: "get", key: "k" }), fc.constantFrom("", "a", "b", "c").map((value): KvInput => ({ op: "put", key: "k", value }))),
  output: (input) => (input.op === "get" ? fc.constantFrom("", "a", "b", "c") : fc.constant(null)),
  answer: (state, input) => (input.op === "get" ? (state["k"] ?? "") : null),
};

/** A register history of distinct values as one key's puts and gets (an empty register reads as ""). */
function asKey(seed: number, shape: Shape): KvOperation[] {
  return randomRegisterHistory(seed, shape).map((op) => ({
    client: op.client,
    call: op.call,
    return: op.return,
    input: op.input.op === "read" ? { op: "get", key: "k" } : { op: "put", key: "k", value: op.input.op === "write" ? op.input.value : "" },
    output: op.input.op === "read" && op.return !== null ? ((op.output as string | null) ?? "") : null,
  }));
}

const SEED = 20261206;
const seed = fc.integer({ min: 1, max: 0x7fffffff });
const small: Shape = { operations: 7, span: 8, lengthMax: 4, pendingPercent: 30, flipPercent: 15 };

describe("a key of puts and gets, checked as a register", () => {
  it("agrees with brute force on histories with any answers (values repeat, some calls never return, the empty value put)", () => {
    fc.assert(
      fc.property(randomHistories(putGetSpec, 7), (ops) => {
        const expected = bruteForce(kvModel, ops) ? "ok" : "illegal";
        expect(checkLinearizability(kvModel, ops).verdict).toBe(expected);
        expect(checkLinearizability(kvSearchOnly, ops).verdict).toBe(expected);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it("agrees with brute force on mostly legal histories, and sees both verdicts", () => {
    const verdicts = { ok: 0, illegal: 0 };
    fc.assert(
      fc.property(legalishHistories(putGetSpec, 9), (ops) => {
        const expected = bruteForce(kvModel, ops) ? "ok" : "illegal";
        expect(checkLinearizability(kvModel, ops).verdict).toBe(expected);
        expect(checkLinearizability(kvSearchOnly, ops).verdict).toBe(expected);
        verdicts[expected]++;
      }),
      { seed: SEED + 1, numRuns: 500 },
    );
    expect(Math.min(verdicts.ok, verdicts.illegal)).toBeGreaterThan(50);
  });

  it("decides every history of distinct values at once (Gibbons and Korach's zones), as brute force does", () => {
    const verdicts = { ok: 0, illegal: 0 };
    fc.assert(
      fc.property(seed, fc.integer({ min: 1, max: 8 }), (s, size) => {
        const ops = asKey(s, { ...small, operations: size });
        const expected = bruteForce(kvModel, ops) ? "ok" : "illegal";
        expect(decideRegisterKey(ops)?.verdict).toBe(expected);
        expect(kvModel.decide?.(ops)?.verdict).toBe(expected);
        verdicts[expected]++;
      }),
      { seed: SEED + 2, numRuns: 500 },
    );
    expect(Math.min(verdicts.ok, verdicts.illegal)).toBeGreaterThan(18);
  });

  it("keeps the verdict when values nobody read are merged and the puts of them that never returned are dropped", () => {
    let dropped = 0;
    fc.assert(
      fc.property(fc.oneof(randomHistories(putGetSpec, 8), legalishHistories(putGetSpec, 8)), (ops) => {
        const prepared = prepareRegisterKey(ops);
        const kept = prepared.filter((op): op is KvOperation => op !== null);
        dropped += prepared.length - kept.length;
        expect(bruteForce(kvModel, kept)).toBe(bruteForce(kvModel, ops));
      }),
      { seed: SEED + 3, numRuns: 800 },
    );
    expect(dropped).toBeGreaterThan(50);
  });

  it("names a stale get and keeps decision positions on the key's own operations", () => {
    const put = (value: string, call: number, ret: number | null): KvOperation => ({ client: call, call, return: ret, input: { op: "put", key: "k", value }, output: null });
    const get = (output: string, call: number): KvOperation => ({ client: call, call, return: call + 1, input: { op: "get", key: "k" }, output });
    // a is put and overwritten by b before the last get begins: that get is stale.
    const ops = [put("a", 0, 1), get("a", 2), put("b", 4, 5), put("a2", 3, null), get("a", 7)];
    const decision = decideRegisterKey(ops);
    expect(decision?.verdict).toBe("illegal");
    if (decision?.verdict === "illegal") {
      for (const i of decision.prefix ?? []) expect(i).toBeLessThan(ops.length);
      expect(decision.suspects).toEqual([4]);
    }
    const result = checkLinearizability(kvModel, ops);
    expect(result.verdict).toBe("illegal");
    if (result.verdict === "illegal") expect(result.witness.suspects[0]?.index).toBe(4);
  });

  it("checks a key with appends as before, beside a key of puts and gets", () => {
    const ops: KvOperation[] = [
      { client: 0, call: 0, return: 1, input: { op: "append", key: "x", value: "a" }, output: null },
      { client: 1, call: 2, return: 3, input: { op: "get", key: "x" }, output: "a" },
      { client: 2, call: 0, return: 1, input: { op: "put", key: "y", value: "b" }, output: null },
      { client: 3, call: 2, return: 3, input: { op: "get", key: "y" }, output: "" },
    ];
    expect(checkLinearizability(kvModel, ops).verdict).toBe("illegal");
    expect(checkLinearizability(kvModel, ops.slice(0, 3)).verdict).toBe("ok");
  });
});

describe("generated put/get shapes (Jepsen-style clients, a late stale get), scaled down", () => {
  const rows = [
    { operations: 2_000, keys: 10, clients: 10, pendingPercent: 30 },
    { operations: 2_000, keys: 1, clients: 10, pendingPercent: 10 },
    { operations: 2_000, keys: 2, clients: 10, pendingPercent: 50 },
  ];
  for (const row of rows) {
    for (const values of [0, 5]) {
      for (const stale of [false, true]) {
        const history = generateKvShape({ ...row, seed: 7, values, stale });
        it(`decides ${history.name} as ${history.expected}`, () => {
          const result = checkLinearizability(kvModel, history.operations, { budgetSteps: 5_000_000 });
          expect(result.verdict).toBe(history.expected);
        });
      }
    }
  }
});

describe("the search's phase 0 walks the completed operations only", () => {
  it("decides a key with about 1,000 pending puts of values that gets read in steps linear in its size", () => {
    // Each pending put stays a candidate for ever: walking past them all at every step made such a key cost ~400 steps an operation.
    const history = generateKvShape({ seed: 3, operations: 20_000, keys: 1, clients: 10, pendingPercent: 10, values: 5, stale: false });
    const pending = history.operations.filter((op) => op.return === null && op.input.op === "put").length;
    expect(pending).toBeGreaterThan(900);
    const result = checkLinearizability(kvModel, history.operations, { budgetSteps: 20 * history.operations.length });
    expect(result.verdict).toBe("ok");
  });
});
