import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateKvHistory } from "../bench/scale-histories.js";
import { checkLinearizability, kvModel, registerModel } from "../src/index.js";
import type { KvInput, KvOutput, Model, Operation, RegisterInput, RegisterOutput } from "../src/index.js";

const time = fc.integer({ min: 0, max: 8 });
const value = fc.constantFrom("a", "b", "c");
const interval = fc.record({ call: time, length: fc.integer({ min: 0, max: 4 }), pending: fc.integer({ min: 0, max: 4 }) });

const registerOp: fc.Arbitrary<Operation<RegisterInput, RegisterOutput>> = fc
  .record({
    at: interval,
    input: fc.oneof(
      fc.constant<RegisterInput>({ op: "read" }),
      value.map<RegisterInput>((v) => ({ op: "write", value: v })),
      fc.record({ expected: value, value }).map<RegisterInput>(({ expected, value: v }) => ({ op: "cas", expected, value: v })),
    ),
    read: fc.constantFrom<string | null>(null, "a", "b", "c"),
    ok: fc.boolean(),
  })
  .map(({ at, input, read, ok }) => {
    const pending = at.pending === 0;
    const output: RegisterOutput = pending ? null : input.op === "read" ? read : input.op === "cas" ? ok : null;
    return { client: 0, call: at.call, return: pending ? null : at.call + at.length, input, output };
  });

const kvOp: fc.Arbitrary<Operation<KvInput, KvOutput>> = fc
  .record({
    at: interval,
    key: fc.constantFrom("x", "y"),
    kind: fc.constantFrom("get", "put", "append"),
    value: fc.constantFrom("a", "b"),
    got: fc.constantFrom("", "a", "b", "ab", "ba", "aa"),
  })
  .map(({ at, key, kind, value: v, got }) => {
    const pending = at.pending === 0;
    const input: KvInput = kind === "get" ? { op: "get", key } : { op: kind as "put" | "append", key, value: v };
    return { client: 0, call: at.call, return: pending ? null : at.call + at.length, input, output: pending || kind !== "get" ? null : got };
  });

/**
 * Whether `order` (positions in `ops`) can begin a linearization of `part`:
 * each step legal after the previous ones, later steps never returned
 * before earlier ones were called, and no operation left out returned
 * before one in the prefix was called.
 */
function isLinearizablePrefix<State, Input, Output>({ model, ops }: { model: Model<State, Input, Output>; ops: readonly Operation<Input, Output>[] }, part: ReadonlySet<number>, order: readonly number[]): boolean {
  if (new Set(order).size !== order.length || order.some((i) => !part.has(i))) return false;
  let state = model.init();
  for (let k = 0; k < order.length; k++) {
    const op = ops[order[k] as number] as Operation<Input, Output>;
    const step = model.step(state, op.input, op.return === null ? undefined : (op.output as Output));
    if (!step.ok) return false;
    state = step.state;
    for (let j = 0; j < k; j++) {
      const earlier = ops[order[j] as number] as Operation<Input, Output>;
      if (op.return !== null && op.return < earlier.call) return false;
    }
  }
  const inPrefix = new Set(order);
  for (const i of part) {
    const left = ops[i] as Operation<Input, Output>;
    if (inPrefix.has(i) || left.return === null) continue;
    for (const j of order) if (left.return < (ops[j] as Operation<Input, Output>).call) return false;
  }
  return true;
}

function checkPartials<State, Input, Output>(model: Model<State, Input, Output>, ops: readonly Operation<Input, Output>[]): void {
  const result = checkLinearizability(model, ops);
  if (result.verdict !== "illegal") return;
  const { witness } = result;
  const parts = model.partition ? model.partition(ops) : [ops];
  const failing = new Set((parts[witness.partition.index] ?? []).map((op) => ops.indexOf(op)));
  expect(witness.partialLinearizationsOmitted).toBe(0);
  for (const partial of witness.partialLinearizations) expect(isLinearizablePrefix({ model, ops }, failing, partial)).toBe(true);
  // Distinct, and longest first.
  expect(new Set(witness.partialLinearizations.map((p) => p.join(","))).size).toBe(witness.partialLinearizations.length);
  const lengths = witness.partialLinearizations.map((p) => p.length);
  expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
}

describe("the longest partial linearizations of an illegal history", () => {
  it("are each a linearizable prefix of the failing partition, distinct, longest first (register)", () => {
    fc.assert(
      fc.property(fc.array(registerOp, { minLength: 1, maxLength: 8 }), (ops) => checkPartials(registerModel, ops)),
      { seed: 20261202, numRuns: 300 },
    );
  });

  it("are each a linearizable prefix of the failing partition, distinct, longest first (kv)", () => {
    fc.assert(
      fc.property(fc.array(kvOp, { minLength: 1, maxLength: 8 }), (ops) => checkPartials(kvModel, ops)),
      { seed: 20261203, numRuns: 300 },
    );
  });

  it("include the longest prefix when the search found the partition illegal", () => {
    // A read of "b" nobody wrote: the search places the write and stops there.
    const ops: Operation<RegisterInput, RegisterOutput>[] = [
      { client: 0, call: 0, return: 1, input: { op: "write", value: "a" }, output: null },
      { client: 1, call: 2, return: 3, input: { op: "read" }, output: "a" },
      { client: 0, call: 4, return: 5, input: { op: "read" }, output: "b" },
    ];
    const result = checkLinearizability(registerModel, ops, { pruning: false });
    if (result.verdict !== "illegal") throw new Error(`expected illegal, got ${result.verdict}`);
    expect(result.witness.partialLinearizations).toEqual([[0, 1]]);
  });

  // As in Porcupine: the corrupted get is the one operation no partial linearization reaches, among those due first.
  for (const seed of [1, 2, 4, 5]) {
    const history = generateKvHistory({ model: "kv", seed, clients: 10, keys: 3, operations: 100, pendingPercent: 10, values: 5, corrupt: true });
    it(`leave out the corrupted get #${history.corrupted} of ${history.name}, first by return of those left out`, () => {
      const result = checkLinearizability(kvModel, history.operations);
      if (result.verdict !== "illegal") throw new Error(`expected illegal, got ${result.verdict}`);
      const covered = new Set(result.witness.partialLinearizations.flat());
      const part = (kvModel.partition?.(history.operations) ?? [])[result.witness.partition.index] ?? [];
      const left = part
        .filter((op) => op.return !== null && !covered.has(history.operations.indexOf(op)))
        .sort((a, b) => (a.return as number) - (b.return as number))
        .map((op) => history.operations.indexOf(op));
      expect(covered.size).toBeGreaterThan(0);
      expect(left[0]).toBe(history.corrupted);
    });
  }
});
