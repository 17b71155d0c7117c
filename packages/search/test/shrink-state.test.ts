import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashChoices, hashFrozen, hashLayout } from "../src/internal/hash-choices.js";
import { ShrinkState } from "../src/shrink/shrink-state.js";
import { findFailures } from "./fixtures/failures.js";
import { createToyTarget } from "./fixtures/toy-target.js";

const target = createToyTarget({ ticks: 60 });
const failures = findFailures(target, { count: 3, invariant: "lease-safety", firstSeed: 40 });

function startedState(): ShrinkState<ReturnType<typeof target.run>> {
  const failure = failures[0];
  if (failure === undefined) throw new Error("no failure");
  const state = new ShrinkState({ target, invariant: "lease-safety", candidateRunsMax: 1_000_000, clock: undefined, timeBudgetMs: undefined, onProgress: undefined });
  state.start(failure.choices);
  return state;
}

/** Zeroes the best's unusual values one at a time until one such candidate becomes the best. */
function improveOnce(state: ShrinkState<ReturnType<typeof target.run>>): void {
  const version = state.version;
  for (let i = state.best.length - 1; i >= 0 && state.version === version; i--) {
    if ((state.best[i] ?? 0) === 0) continue;
    const candidate = state.best.slice();
    candidate[i] = 0;
    state.consider(candidate);
  }
  if (state.version === version) throw new Error("no single zeroing reproduced the failure");
}

describe("the shrink state's cache of candidates", () => {
  it("runs an aligned candidate once per best: the same edit of a new best is a new candidate", () => {
    const state = startedState();
    const calm = [0, 0, 0];
    state.considerAligned(calm);
    const afterFirst = state.runs;
    state.considerAligned(calm);
    expect(state.runs).toBe(afterFirst);
    improveOnce(state);
    const afterImprovement = state.runs;
    state.considerAligned(calm);
    expect(state.runs).toBe(afterImprovement + 1);
  });

  it("keys a keyed candidate by its layout's content, not by the array that holds it", () => {
    const state = startedState();
    const values = [0, 0, 0];
    const keys = ["tick\u0000crash?", "tick\u0000crash node", "tick\u0000down time"];
    state.considerKeyed(values, keys);
    const afterFirst = state.runs;
    state.considerKeyed(values, keys);
    state.considerKeyed(values, keys.slice());
    expect(state.runs).toBe(afterFirst);
    state.considerKeyed(values, ["tick\u0000crash?", "tick\u0000crash node", "message\u0000delay"]);
    expect(state.runs).toBe(afterFirst + 1);
  });
});

describe("hashes kept per array", () => {
  it("are the hashes made afresh, however often they are asked for", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 50 }), fc.array(fc.string(), { maxLength: 20 }), (values, keys) => {
        expect([hashFrozen(values), hashFrozen(values)]).toEqual([hashChoices(values), hashChoices(values)]);
        expect([hashLayout(keys), hashLayout(keys)]).toEqual([hashChoices(keys.map((k) => k.length)), hashChoices(keys.map((k) => k.length))]);
      }),
    );
  });
});
