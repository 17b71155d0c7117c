import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLinearizability, fromNondeterministic, operationsFromEvents, registerModel } from "../src/index.js";
import type { HistoryEvent, NondeterministicModel, Operation, RegisterInput, RegisterOutput, RegisterState } from "../src/index.js";

type Event = HistoryEvent<RegisterInput, RegisterOutput>;

describe("histories as call and return event lists", () => {
  it("take each event's position as its time, and a call with no return as never returned", () => {
    const events: Event[] = [
      { kind: "call", id: 0, value: { op: "write", value: "a" } },
      { kind: "call", id: 1, client: 7, value: { op: "read" } },
      { kind: "return", id: 0, value: null },
      { kind: "call", id: 2, value: { op: "write", value: "b" } },
      { kind: "return", id: 1, value: "a" },
    ];
    expect(operationsFromEvents(events)).toEqual([
      { client: 0, call: 0, return: 2, input: { op: "write", value: "a" }, output: null },
      { client: 7, call: 1, return: 4, input: { op: "read" }, output: "a" },
      { client: 2, call: 3, return: null, input: { op: "write", value: "b" }, output: null },
    ]);
    expect(checkLinearizability(registerModel, operationsFromEvents(events)).verdict).toBe("ok");
  });

  it("keep real-time order: a read that starts after a write returned must see it", () => {
    const events: Event[] = [
      { kind: "call", id: 0, value: { op: "write", value: "a" } },
      { kind: "return", id: 0, value: null },
      { kind: "call", id: 1, value: { op: "read" } },
      { kind: "return", id: 1, value: null },
    ];
    expect(checkLinearizability(registerModel, operationsFromEvents(events)).verdict).toBe("illegal");
  });

  it("reject a return with no call and an operation called twice", () => {
    expect(() => operationsFromEvents<RegisterInput, RegisterOutput>([{ kind: "return", id: 3, value: null }])).toThrow(/event 0: operation 3 returns before any call/);
    expect(() =>
      operationsFromEvents<RegisterInput, RegisterOutput>([
        { kind: "call", id: 1, value: { op: "read" } },
        { kind: "call", id: 1, value: { op: "read" } },
      ]),
    ).toThrow(/called twice/);
  });
});

describe("nondeterministic models", () => {
  // A register whose writes may be lost.
  const lossy: NondeterministicModel<RegisterState, RegisterInput, RegisterOutput> = {
    name: "lossy register",
    init: () => [null],
    step: (state, input, output) => {
      if (input.op === "write") return [state, input.value];
      if (input.op === "read") return output === undefined || output === state ? [state] : [];
      return [];
    },
  };
  const lostWrite: Operation<RegisterInput, RegisterOutput>[] = [
    { client: 0, call: 0, return: 1, input: { op: "write", value: "a" }, output: null },
    { client: 1, call: 2, return: 3, input: { op: "read" }, output: null },
    { client: 1, call: 4, return: 5, input: { op: "write", value: "b" }, output: null },
    { client: 1, call: 6, return: 7, input: { op: "read" }, output: "b" },
  ];

  it("accept a history any of whose choices explains it", () => {
    expect(checkLinearizability(fromNondeterministic(lossy), lostWrite).verdict).toBe("ok");
    expect(checkLinearizability(registerModel, lostWrite).verdict).toBe("illegal");
  });

  it("reject one no choice explains", () => {
    const bad = [...lostWrite, { client: 2, call: 8, return: 9, input: { op: "read" }, output: "a" } as Operation<RegisterInput, RegisterOutput>];
    expect(checkLinearizability(fromNondeterministic(lossy), bad).verdict).toBe("illegal");
  });

  it("give the deterministic model's verdict when every step has one outcome", () => {
    const single: NondeterministicModel<RegisterState, RegisterInput, RegisterOutput> = {
      name: "register, one outcome",
      init: () => [null],
      step: (state, input, output) => {
        const result = registerModel.step(state, input, output);
        return result.ok ? [result.state] : [];
      },
    };
    const value = fc.constantFrom("a", "b");
    const op: fc.Arbitrary<Operation<RegisterInput, RegisterOutput>> = fc
      .record({ call: fc.integer({ min: 0, max: 6 }), length: fc.integer({ min: 0, max: 3 }), pending: fc.integer({ min: 0, max: 4 }), write: fc.boolean(), value, read: fc.constantFrom<string | null>(null, "a", "b") })
      .map(({ call, length, pending, write, value: v, read }) => ({
        client: 0,
        call,
        return: pending === 0 ? null : call + length,
        input: write ? { op: "write", value: v } : { op: "read" },
        output: write || pending === 0 ? null : read,
      }));
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 7 }), (ops) => {
        expect(checkLinearizability(fromNondeterministic(single), ops).verdict).toBe(checkLinearizability(registerModel, ops).verdict);
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});
