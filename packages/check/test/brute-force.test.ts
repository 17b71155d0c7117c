import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLinearizability, kvModel, registerModel } from "../src/index.js";
import type { KvInput, KvOutput, Operation, RegisterInput, RegisterOutput } from "../src/index.js";
import { hasStaleObservation } from "../src/models/register-stale-reads.js";
import { bruteForce } from "./support/brute-force.js";

const time = fc.integer({ min: 0, max: 8 });
const value = fc.constantFrom("a", "b", "c");
const interval = fc.record({ call: time, length: fc.integer({ min: 0, max: 4 }), pending: fc.integer({ min: 0, max: 4 }) });

const registerOp: fc.Arbitrary<Operation<RegisterInput, RegisterOutput>> = fc
  .record({
    at: interval,
    client: fc.integer({ min: 0, max: 3 }),
    input: fc.oneof(
      fc.constant<RegisterInput>({ op: "read" }),
      value.map<RegisterInput>((v) => ({ op: "write", value: v })),
      fc.record({ expected: value, value }).map<RegisterInput>(({ expected, value: v }) => ({ op: "cas", expected, value: v })),
    ),
    read: fc.constantFrom<string | null>(null, "a", "b", "c"),
    ok: fc.boolean(),
  })
  .map(({ at, client, input, read, ok }) => {
    const pending = at.pending === 0;
    const output: RegisterOutput = pending ? null : input.op === "read" ? read : input.op === "cas" ? ok : null;
    return { client, call: at.call, return: pending ? null : at.call + at.length, input, output };
  });

const kvOp: fc.Arbitrary<Operation<KvInput, KvOutput>> = fc
  .record({
    at: interval,
    client: fc.integer({ min: 0, max: 3 }),
    key: fc.constantFrom("x", "y"),
    kind: fc.constantFrom("get", "put", "append"),
    value: fc.constantFrom("a", "b"),
    got: fc.constantFrom("", "a", "b", "ab", "ba", "aa", "bb", "aab"),
  })
  .map(({ at, client, key, kind, value: v, got }) => {
    const pending = at.pending === 0;
    const input: KvInput = kind === "get" ? { op: "get", key } : { op: kind as "put" | "append", key, value: v };
    return { client, call: at.call, return: pending ? null : at.call + at.length, input, output: pending || kind !== "get" ? null : got };
  });

// Fixed seeds so a failure replays; fast-check prints the seed and path of any counterexample too.
const SEED = 20240611;

describe("the checker against a brute-force oracle on small random histories", () => {
  it("agrees with brute force for the register model (with indeterminate ops and equal timestamps)", () => {
    fc.assert(
      fc.property(fc.array(registerOp, { minLength: 1, maxLength: 7 }), (ops) => {
        const expected = bruteForce(registerModel, ops) ? "ok" : "illegal";
        expect(checkLinearizability(registerModel, ops).verdict).toBe(expected);
        expect(checkLinearizability(registerModel, ops, { pruning: false }).verdict).toBe(expected);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it("agrees with brute force for the kv model", () => {
    fc.assert(
      fc.property(fc.array(kvOp, { minLength: 1, maxLength: 7 }), (ops) => {
        const expected = bruteForce(kvModel, ops) ? "ok" : "illegal";
        expect(checkLinearizability(kvModel, ops).verdict).toBe(expected);
        expect(checkLinearizability(kvModel, ops, { partitioning: false }).verdict).toBe(expected);
      }),
      { seed: SEED + 1, numRuns: 500 },
    );
  });

  it("agrees with brute force on histories that are mostly legal (outputs from a real run, then perturbed)", () => {
    const legalish = fc
      .array(fc.record({ at: interval, input: registerOp.map((op) => op.input), flip: fc.integer({ min: 0, max: 9 }) }), { minLength: 1, maxLength: 8 })
      .map((drafts) => {
        // Effects at each op's call + length/2, outputs computed from that order; one in ten outputs flipped.
        const order = drafts.map((_, i) => i).sort((a, b) => (drafts[a]?.at.call ?? 0) - (drafts[b]?.at.call ?? 0) || a - b);
        let state: string | null = null;
        const outputs: RegisterOutput[] = [];
        for (const i of order) {
          const { input, flip } = drafts[i] as (typeof drafts)[number];
          let out: RegisterOutput = null;
          if (input.op === "read") out = flip === 0 ? "a" : state;
          else if (input.op === "write") state = input.value;
          else {
            const matches = state !== null && state === input.expected;
            if (matches) state = input.value;
            out = flip === 0 ? !matches : matches;
          }
          outputs[i] = out;
        }
        return drafts.map((d, i): Operation<RegisterInput, RegisterOutput> => {
          const pending = d.at.pending === 0;
          return { client: i, call: d.at.call, return: pending ? null : d.at.call, input: d.input, output: pending ? null : (outputs[i] ?? null) };
        });
      });
    fc.assert(
      fc.property(legalish, (ops) => {
        const expected = bruteForce(registerModel, ops) ? "ok" : "illegal";
        expect(checkLinearizability(registerModel, ops).verdict).toBe(expected);
      }),
      { seed: SEED + 2, numRuns: 500 },
    );
  });

  it("never calls a read stale in a linearizable register history (values repeat), and does catch some", () => {
    let caught = 0;
    fc.assert(
      fc.property(fc.array(registerOp, { minLength: 1, maxLength: 8 }), (ops) => {
        if (!hasStaleObservation(ops)) return;
        caught++;
        expect(bruteForce(registerModel, ops)).toBe(false);
      }),
      { seed: SEED + 3, numRuns: 600 },
    );
    expect(caught).toBeGreaterThan(30);
  });
});
