import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLinearizability, kvModel, registerModel } from "../src/index.js";
import type { KvInput, KvOutput, KvState, Model, Operation, RegisterInput, RegisterOutput, RegisterState } from "../src/index.js";
import { bruteForce } from "./support/brute-force.js";
import { randomAppendHistory, randomCasHistory, randomRegisterHistory } from "./support/distinct-histories.js";
import type { Shape } from "./support/distinct-histories.js";

/** The same model without its exact decision procedure: the general search alone. */
function searchOnly<State, Input, Output>(model: Model<State, Input, Output>): Model<State, Input, Output> {
  const { decide: _decide, ...rest } = model;
  return rest;
}
const registerSearch = searchOnly<RegisterState, RegisterInput, RegisterOutput>(registerModel);
const kvSearch = searchOnly<KvState, KvInput, KvOutput>(kvModel);

const seed = fc.integer({ min: 1, max: 0x7fffffff });
const small: Shape = { operations: 7, span: 8, lengthMax: 4, pendingPercent: 25, flipPercent: 15 };
const medium: Shape = { operations: 60, span: 120, lengthMax: 25, pendingPercent: 20, flipPercent: 2 };

function decided<Input, Output>(model: Model<unknown, Input, Output>, ops: Operation<Input, Output>[]): string | undefined {
  return model.decide?.(ops)?.verdict;
}

describe("the register's exact decision procedure for distinct written values", () => {
  it("applies to every read/write history with distinct values and agrees with brute force (indeterminate ops, equal times)", () => {
    const verdicts = { ok: 0, illegal: 0 };
    fc.assert(
      fc.property(seed, fc.integer({ min: 1, max: 8 }), (s, size) => {
        const ops = randomRegisterHistory(s, { ...small, operations: size });
        const expected = bruteForce(registerModel, ops) ? "ok" : "illegal";
        expect(decided(registerModel as Model<unknown, RegisterInput, RegisterOutput>, ops)).toBe(expected);
        expect(checkLinearizability(registerModel, ops).verdict).toBe(expected);
        verdicts[expected]++;
      }),
      { seed: 4242, numRuns: 500 },
    );
    // Both verdicts are exercised, so neither side of the procedure goes untested.
    expect(Math.min(verdicts.ok, verdicts.illegal)).toBeGreaterThan(18);
  });

  it("agrees with the general search on medium histories (60 operations)", () => {
    const verdicts = { ok: 0, illegal: 0 };
    fc.assert(
      fc.property(seed, (s) => {
        const ops = randomRegisterHistory(s, medium);
        const search = checkLinearizability(registerSearch, ops, { budgetSteps: 2_000_000 });
        if (search.verdict === "unknown") return;
        expect(checkLinearizability(registerModel, ops).verdict).toBe(search.verdict);
        verdicts[search.verdict]++;
      }),
      { seed: 4343, numRuns: 40 },
    );
    expect(Math.min(verdicts.ok, verdicts.illegal)).toBeGreaterThan(6);
  });

  it("leaves histories with a value stored twice to the search", () => {
    const write = (value: string, call: number): Operation<RegisterInput, RegisterOutput> => ({ client: call, call, return: call + 1, input: { op: "write", value }, output: null });
    expect(registerModel.decide?.([write("a", 0), write("a", 2)])).toBeUndefined();
    expect(registerModel.decide?.([write("b", 0), write("a", 2), { client: 1, call: 1, return: 5, input: { op: "cas", expected: "b", value: "a" }, output: true }])).toBeUndefined();
  });

  it("gives a witness prefix whose steps are legal and fit their intervals", () => {
    const ops = randomRegisterHistory(99, { ...medium, operations: 400, flipPercent: 0 });
    // A stale read at the end: the first write's value, read after everything returned.
    const end = Math.max(...ops.map((op) => op.return ?? op.call)) + 1;
    const first = ops.find((op) => op.input.op === "write" && op.return !== null) as Operation<RegisterInput, RegisterOutput>;
    const stale = [...ops, { client: -1, call: end, return: end + 1, input: { op: "read" } as const, output: (first.input as { value: string }).value }];
    const result = checkLinearizability(registerModel, stale, { budgetSteps: 10_000_000 });
    expect(result.verdict).toBe("illegal");
    if (result.verdict === "illegal") expect(result.witness.prefix.length).toBeGreaterThan(0);
  });
});

describe("the register's exact decision procedure with compare-and-set (distinct stored values)", () => {
  it("agrees with brute force whenever it answers, and answers most small histories (cas chains, failed cas, indeterminate ops, equal times)", () => {
    const verdicts = { ok: 0, illegal: 0, undecided: 0 };
    fc.assert(
      fc.property(seed, fc.integer({ min: 1, max: 8 }), (s, size) => {
        const ops = randomCasHistory(s, { ...small, operations: size });
        const expected = bruteForce(registerModel, ops) ? "ok" : "illegal";
        const fast = decided(registerModel as Model<unknown, RegisterInput, RegisterOutput>, ops);
        if (fast === undefined) verdicts.undecided++;
        else {
          expect(fast).toBe(expected);
          verdicts[fast as "ok" | "illegal"]++;
        }
        expect(checkLinearizability(registerModel, ops).verdict).toBe(expected);
      }),
      { seed: 4747, numRuns: 500 },
    );
    expect(Math.min(verdicts.ok, verdicts.illegal)).toBeGreaterThan(37);
    expect(verdicts.undecided).toBeLessThan(verdicts.ok / 4);
  });

  it("agrees with the general search on medium histories (60 operations with cas)", () => {
    const verdicts = { ok: 0, illegal: 0 };
    fc.assert(
      fc.property(seed, (s) => {
        const ops = randomCasHistory(s, medium);
        const search = checkLinearizability(registerSearch, ops, { budgetSteps: 1_000_000 });
        if (search.verdict === "unknown") return;
        expect(checkLinearizability(registerModel, ops).verdict).toBe(search.verdict);
        verdicts[search.verdict]++;
      }),
      { seed: 4848, numRuns: 35 },
    );
    expect(Math.min(verdicts.ok, verdicts.illegal)).toBeGreaterThan(5);
  });
});

describe("the kv model's exact decision procedure for append-only keys", () => {
  it("agrees with brute force with distinct appended values (indeterminate ops, equal times)", () => {
    const verdicts = { ok: 0, illegal: 0 };
    fc.assert(
      fc.property(seed, fc.integer({ min: 1, max: 8 }), (s, size) => {
        const ops = randomAppendHistory(s, { ...small, operations: size });
        const expected = bruteForce(kvModel, ops) ? "ok" : "illegal";
        expect(decided(kvModel as Model<unknown, KvInput, KvOutput>, ops)).toBe(expected);
        expect(checkLinearizability(kvModel, ops).verdict).toBe(expected);
        verdicts[expected]++;
      }),
      { seed: 4444, numRuns: 500 },
    );
    expect(Math.min(verdicts.ok, verdicts.illegal)).toBeGreaterThan(18);
  });

  it("agrees with brute force when appended values are prefixes of one another (a split may be ambiguous)", () => {
    fc.assert(
      fc.property(seed, fc.integer({ min: 1, max: 8 }), (s, size) => {
        const ops = randomAppendHistory(s, { ...small, operations: size, values: ["a", "ab", "b", "ba", "c", "abc", "bc"] });
        const expected = bruteForce(kvModel, ops) ? "ok" : "illegal";
        const fast = decided(kvModel as Model<unknown, KvInput, KvOutput>, ops);
        if (fast !== undefined) expect(fast).toBe(expected);
        expect(checkLinearizability(kvModel, ops).verdict).toBe(expected);
      }),
      { seed: 4545, numRuns: 400 },
    );
  });

  it("agrees with the general search on medium histories (30 operations)", () => {
    const verdicts = { ok: 0, illegal: 0 };
    fc.assert(
      fc.property(seed, (s) => {
        const ops = randomAppendHistory(s, { ...medium, operations: 30, span: 60, flipPercent: 4 });
        const search = checkLinearizability(kvSearch, ops, { budgetSteps: 200_000 });
        if (search.verdict === "unknown") return;
        expect(checkLinearizability(kvModel, ops).verdict).toBe(search.verdict);
        verdicts[search.verdict]++;
      }),
      { seed: 4646, numRuns: 30 },
    );
    expect(Math.min(verdicts.ok, verdicts.illegal)).toBeGreaterThan(2);
  });
});
