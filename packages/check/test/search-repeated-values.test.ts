import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateHardHistory } from "../bench/hard-histories.js";
import { checkLinearizability, registerModel } from "../src/index.js";
import type { Operation, RegisterInput, RegisterOutput } from "../src/index.js";
import { bruteForce } from "./support/brute-force.js";

type Op = Operation<RegisterInput, RegisterOutput>;
// Without the exact fast paths, so that the search itself (its pruning and lookahead) is what is checked.
const { decide: _decide, ...searchOnly } = registerModel;
const SEED = 20261129;

const value = fc.constantFrom("a", "b");
/** A run of a tiny-domain cas register: effects at drawn points, some never return (and then may or may not have applied), one output in eight flipped. */
const legalish: fc.Arbitrary<Op[]> = fc
  .array(
    fc.record({
      call: fc.integer({ min: 0, max: 10 }),
      length: fc.integer({ min: 0, max: 6 }),
      point: fc.integer({ min: 0, max: 6 }),
      pending: fc.integer({ min: 0, max: 3 }),
      applies: fc.boolean(),
      flip: fc.integer({ min: 0, max: 7 }),
      input: fc.oneof(
        fc.constant<RegisterInput>({ op: "read" }),
        value.map<RegisterInput>((v) => ({ op: "write", value: v })),
        fc.record({ expected: value, value }).map<RegisterInput>(({ expected, value: v }) => ({ op: "cas", expected, value: v })),
      ),
    }),
    { minLength: 1, maxLength: 9 },
  )
  .map((drafts) => {
    const at = (i: number): number => {
      const d = drafts[i] as (typeof drafts)[number];
      return d.call + Math.min(d.point, d.length);
    };
    const order = drafts.map((_, i) => i).sort((a, b) => at(a) - at(b) || a - b);
    let state: string | null = null;
    const outputs: RegisterOutput[] = [];
    for (const i of order) {
      const d = drafts[i] as (typeof drafts)[number];
      if (d.pending === 0 && !d.applies) continue;
      let out: RegisterOutput = null;
      if (d.input.op === "read") out = d.flip === 0 ? "a" : state;
      else if (d.input.op === "write") state = d.input.value;
      else {
        const matches = state !== null && state === d.input.expected;
        if (matches) state = d.input.value;
        out = d.flip === 0 ? !matches : matches;
      }
      outputs[i] = out;
    }
    return drafts.map((d, i): Op => {
      const pending = d.pending === 0;
      return { client: i, call: d.call, return: pending ? null : d.call + d.length, input: d.input, output: pending ? null : (outputs[i] ?? null) };
    });
  });

describe("the search on cas histories whose values repeat", () => {
  it("agrees with brute force on small mostly-legal histories from a two-value domain (indeterminate ops, ties)", () => {
    let legal = 0;
    fc.assert(
      fc.property(legalish, (ops) => {
        const expected = bruteForce(registerModel, ops) ? "ok" : "illegal";
        if (expected === "ok") legal++;
        expect(checkLinearizability(searchOnly, ops).verdict).toBe(expected);
        expect(checkLinearizability(registerModel, ops).verdict).toBe(expected);
      }),
      { seed: SEED, numRuns: 800 },
    );
    expect(legal).toBeGreaterThan(150);
  });

  it("agrees with the plain search (pruning off) on medium generated histories with values drawn from 2 to 4", () => {
    let compared = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const history = generateHardHistory({ seed, clients: 6, operations: 24, indeterminatePercent: 30, violation: seed % 3 === 0, values: 2 + (seed % 3) });
      // Perturb one read in four histories so that illegal ones are not only the planted kind.
      const ops = history.operations.map((op, i) => (seed % 4 === 1 && i === 11 && op.input.op === "read" && op.return !== null ? { ...op, output: "v0" } : op));
      const plain = checkLinearizability(registerModel, ops, { pruning: false, budgetSteps: 2_000_000 });
      if (plain.verdict === "unknown") continue;
      compared++;
      expect(checkLinearizability(searchOnly, ops).verdict).toBe(plain.verdict);
      expect(checkLinearizability(registerModel, ops).verdict).toBe(plain.verdict);
    }
    expect(compared).toBeGreaterThan(120);
  });
});

describe("50 clients x 400 operations with cas, values drawn from 5 or 20, 25% never return", () => {
  for (const values of [5, 20]) {
    for (const seed of [2, 3, 4, 5]) {
      for (const violation of [false, true]) {
        const history = generateHardHistory({ seed, clients: 50, operations: 400, indeterminatePercent: 25, violation, values });
        it(`decides ${history.name} as ${history.expected} within 5 million steps`, () => {
          expect(checkLinearizability(registerModel, history.operations, { budgetSteps: 5_000_000 }).verdict).toBe(history.expected);
        });
      }
    }
  }
});

describe("Jepsen's etcd shape: 50 clients x 400 operations, values drawn from 20, cas that never returned compare against pool values", () => {
  for (const seed of [3, 4]) {
    for (const violation of [false, true]) {
      const history = generateHardHistory({ seed, clients: 50, operations: 400, indeterminatePercent: 25, violation, values: 20, pendingCasExpected: true });
      it(`decides ${history.name} as ${history.expected} within 5 million steps`, () => {
        expect(checkLinearizability(registerModel, history.operations, { budgetSteps: 5_000_000 }).verdict).toBe(history.expected);
      });
    }
  }
});
