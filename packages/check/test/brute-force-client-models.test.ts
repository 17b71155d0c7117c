import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLinearizability, counterModel, lockModel, queueModel, setModel } from "../src/index.js";
import type { CounterInput, CounterOutput, CounterState, LockInput, LockOutput, LockState, Operation, QueueInput, QueueOutput, QueueState, SetInput, SetOutput, SetState } from "../src/index.js";
import { bruteForce } from "./support/brute-force.js";
import { legalishHistories, randomHistories } from "./support/model-histories.js";
import type { ModelSpec } from "./support/model-histories.js";
import { falsePrefixStep } from "./support/witness-law.js";

const setSpec: ModelSpec<SetState, SetInput, SetOutput> = {
  model: setModel,
  input: fc.oneof(
    fc.constantFrom("a", "b", "c").map((value): SetInput => ({ op: "add", value })),
    fc.constantFrom("a", "b").map((value): SetInput => ({ op: "remove", value })),
    fc.constant<SetInput>({ op: "read" }),
  ),
  output: (input) => (input.op === "read" ? fc.oneof(fc.shuffledSubarray(["a", "b", "c"]), fc.constant(["a", "a"])) : fc.constantFrom(true, false, null)),
  answer: (state, input) => (input.op === "read" ? [...state].reverse() : input.op === "add" ? !state.includes(input.value) : state.includes(input.value)),
};

const queueSpec: ModelSpec<QueueState, QueueInput, QueueOutput> = {
  model: queueModel,
  input: fc.oneof(fc.constantFrom("a", "b").map((value): QueueInput => ({ op: "enqueue", value })), fc.constant<QueueInput>({ op: "dequeue" })),
  output: (input) => (input.op === "enqueue" ? fc.constant(null) : fc.constantFrom(null, "a", "b")),
  answer: (state, input) => (input.op === "enqueue" ? null : (state[0] ?? null)),
};

const small = fc.integer({ min: 0, max: 3 });
const counterSpec: ModelSpec<CounterState, CounterInput, CounterOutput> = {
  model: counterModel,
  input: fc.oneof(
    fc.constant<CounterInput>({ op: "read" }),
    fc.constantFrom(1, 1, 2, -1).map((delta): CounterInput => ({ op: "add", delta })),
    fc.record({ expected: small, value: small }).map(({ expected, value }): CounterInput => ({ op: "cas", expected, value })),
  ),
  output: (input) => (input.op === "cas" ? fc.boolean() : input.op === "add" ? fc.option(small, { nil: null }) : small),
  answer: (state, input) => (input.op === "read" ? state : input.op === "add" ? state + input.delta : state === input.expected),
};

const token = fc.integer({ min: 1, max: 3 });
const lockSpec: ModelSpec<LockState, LockInput, LockOutput> = {
  model: lockModel,
  input: fc.oneof(
    { arbitrary: fc.constant<LockInput>({ op: "acquire" }), weight: 3 },
    { arbitrary: token.map((t): LockInput => ({ op: "release", token: t })), weight: 2 },
    { arbitrary: fc.record({ token, value: fc.constantFrom("x", "y") }).map(({ token: t, value }): LockInput => ({ op: "write", token: t, value })), weight: 2 },
    { arbitrary: fc.constant<LockInput>({ op: "read" }), weight: 1 },
  ),
  output: (input) => (input.op === "acquire" ? fc.option(token, { nil: null }) : input.op === "read" ? fc.constantFrom(null, "x", "y") : fc.boolean()),
  answer: (state, input) => {
    switch (input.op) {
      case "acquire":
        return state.held ? null : state.token + 1;
      case "read":
        return state.value;
      default:
        return state.held && input.token === state.token;
    }
  },
};

// Fixed seeds so a failure replays; fast-check prints the seed and path of any counterexample too.
const SEED = 20250301;

/** Checks the verdict (with and without pruning) against brute force, and an illegal witness's prefix; counts the verdicts seen. */
function agreesWithBruteForce<State, Input, Output>(spec: ModelSpec<State, Input, Output>, seen: { ok: number; illegal: number }) {
  return (ops: Operation<Input, Output>[]): void => {
    const expected = bruteForce(spec.model, ops) ? "ok" : "illegal";
    seen[expected]++;
    const result = checkLinearizability(spec.model, ops);
    expect(result.verdict).toBe(expected);
    expect(falsePrefixStep(spec.model, ops, result)).toBeUndefined();
    expect(checkLinearizability(spec.model, ops, { pruning: false }).verdict).toBe(expected);
  };
}

/** The two properties, for one model: any answers, and mostly legal ones. */
function agreementOf<State, Input, Output>(name: string, spec: ModelSpec<State, Input, Output>, seed: number): void {
  it(`agrees with brute force for the ${name} model on histories with any answers (some never returned)`, () => {
    const seen = { ok: 0, illegal: 0 };
    fc.assert(fc.property(randomHistories(spec, 7), agreesWithBruteForce(spec, seen)), { seed, numRuns: 500 });
    expect(seen.ok).toBeGreaterThan(40);
    expect(seen.illegal).toBeGreaterThan(40);
  });

  it(`agrees with brute force for the ${name} model on mostly legal histories`, () => {
    const seen = { ok: 0, illegal: 0 };
    fc.assert(fc.property(legalishHistories(spec, 8), agreesWithBruteForce(spec, seen)), { seed: seed + 1, numRuns: 500 });
    expect(seen.ok).toBeGreaterThan(150);
    expect(seen.illegal).toBeGreaterThan(25);
  });
}

describe("the checker against a brute-force oracle on small random histories of the client models", () => {
  agreementOf("set", setSpec, SEED);
  agreementOf("queue", queueSpec, SEED + 2);
  agreementOf("counter", counterSpec, SEED + 4);
  agreementOf("lock", lockSpec, SEED + 6);
});
