import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_CANDIDATE_RUNS_MAX, defaultCleanupShrinkPasses, defaultFinalShrinkPasses, defaultShrinkPasses, shrink } from "../src/index.js";
import { findFailures } from "./fixtures/failures.js";
import { createToyTarget } from "./fixtures/toy-target.js";
import { ShrinkState } from "../src/shrink/shrink-state.js";
import { passCounters } from "../src/shrink/pass-stats.js";
import { runAllowance } from "../src/shrink/world-settings.js";

const target = createToyTarget({ ticks: 60 });
const lease = { invariant: "lease-safety" };
const failures = findFailures(target, { count: 6, invariant: "lease-safety", firstSeed: 40 });

/** A clock that jumps by pseudo-random steps (a loaded machine), far below any cap. */
function jitteryClock(seed: number): () => number {
  let now = 0;
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    now += state % 97;
    return now;
  };
}

describe("the shrink budget", () => {
  it("is counted in runs: with the run budget binding first, the result does not depend on the clock", () => {
    fc.assert(
      fc.property(fc.constantFrom(...failures), fc.integer({ min: 5, max: 400 }), fc.nat(), (failure, runs, clockSeed) => {
        const plain = shrink({ target, choices: failure.choices, violation: lease, candidateRunsMax: runs });
        const timed = shrink({ target, choices: failure.choices, violation: lease, candidateRunsMax: runs, clock: jitteryClock(clockSeed), timeBudgetMs: 1e12 });
        expect(timed.choices).toEqual(plain.choices);
        expect({ ...timed.stats, ms: null }).toEqual(plain.stats);
      }),
      { numRuns: 12, seed: 3 },
    );
  });

  it("never makes more target runs than the budget, and says so when it stopped there", () => {
    for (const failure of failures) {
      const result = shrink({ target, choices: failure.choices, violation: lease, candidateRunsMax: 30 });
      expect(result.stats.candidateRuns).toBeLessThanOrEqual(30);
      expect(result.stats.candidateRunsMax).toBe(30);
      if (!result.stats.converged) expect(result.stats.stoppedBy).toBe("candidate-budget");
    }
  });

  it("reports the wall-clock cap as the reason when it bites before the run budget", () => {
    let now = 0;
    const result = shrink({ target, choices: failures[0]?.choices ?? [], violation: lease, clock: () => (now += 10), timeBudgetMs: 200 });
    expect(result.stats.stoppedBy).toBe("time-budget");
    expect(result.stats.candidateRuns).toBeLessThan(DEFAULT_CANDIDATE_RUNS_MAX);
  });

  it("stops at the time cap even in a pass that only skips candidates (seen before or not below the best) and never runs one", () => {
    const failure = failures[0];
    if (failure === undefined) throw new Error("no failure");
    let now = 0;
    const state = new ShrinkState({ target, invariant: "lease-safety", candidateRunsMax: 1_000_000, clock: () => (now += 1), timeBudgetMs: 50, onProgress: undefined });
    state.start(failure.choices);
    const runsAtStart = state.runs;
    let asks = 0;
    // A pass that asks before each candidate, then finds it seen before: the way a placing pass once spun past a cap.
    while (!state.stopped && asks < 10_000_000) {
      asks++;
      state.consider(state.best.slice());
    }
    expect(state.stop).toBe("time-budget");
    expect(state.runs).toBe(runsAtStart);
    expect(asks).toBeLessThan(200_000);
  });

  it("accepts the former name maxCandidates, and the new name wins when both are given", () => {
    const failure = failures[1];
    if (failure === undefined) throw new Error("no failure");
    expect(shrink({ target, choices: failure.choices, violation: lease, maxCandidates: 25 }).stats.candidateRunsMax).toBe(25);
    expect(shrink({ target, choices: failure.choices, violation: lease, maxCandidates: 25, candidateRunsMax: 40 }).stats.candidateRunsMax).toBe(40);
  });
});

describe("a pass's run allowance", () => {
  function startedState(candidateRunsMax: number): ShrinkState<ReturnType<typeof target.run>> {
    const failure = failures[0];
    if (failure === undefined) throw new Error("no failure");
    const state = new ShrinkState({ target, invariant: "lease-safety", candidateRunsMax, clock: undefined, timeBudgetMs: undefined, onProgress: undefined });
    state.start(failure.choices);
    return state;
  }

  it("is whole for a pass's first two fruitless rounds in a row, then halves with each further one, and is whole again once the pass pays", () => {
    const state = startedState(1_000_000);
    const pass = passCounters("dear pass");
    const allowance = () => {
      state.countFor(pass);
      return runAllowance(state, 1000, 0) - state.runs;
    };
    const whole = 1000 * state.best.length;
    expect(allowance()).toBe(whole);
    state.notePayoff("dear pass", false);
    expect(allowance()).toBe(whole);
    state.notePayoff("dear pass", false);
    expect(allowance()).toBe(Math.floor(whole / 2));
    state.notePayoff("dear pass", false);
    expect(allowance()).toBe(Math.floor(whole / 4));
    // Another pass's misses are its own.
    expect((state.countFor(passCounters("other pass")), runAllowance(state, 1000, 0) - state.runs)).toBe(whole);
    state.notePayoff("dear pass", true);
    expect(allowance()).toBe(whole);
  });

  it("never runs past a quarter of the runs left when the round began, whatever the pass asks", () => {
    const state = startedState(4001);
    state.countFor(passCounters("dear pass"));
    expect(runAllowance(state, 1_000_000) - state.runs).toBe(1000);
  });
});

describe("per-pass statistics", () => {
  it("add up: every target run but the first is spent by exactly one pass, and a pass accepts no more than it tried", () => {
    for (const failure of failures.slice(0, 3)) {
      const { stats } = shrink({ target, choices: failure.choices, violation: lease });
      expect(stats.passes.reduce((sum, p) => sum + p.runs, 0)).toBe(stats.candidateRuns - 1);
      for (const p of stats.passes) {
        expect(p.accepted).toBeLessThanOrEqual(p.runs);
        expect(p.runs).toBeLessThanOrEqual(p.tried);
      }
      expect(stats.passes.some((p) => p.accepted > 0)).toBe(true);
    }
  });

  it("name only passes that ran: the main passes in order (a cleanup deletion may run early, after a lowering), then final passes as they were needed", () => {
    const failure = failures[2];
    if (failure === undefined) throw new Error("no failure");
    const names = shrink({ target, choices: failure.choices, violation: lease }).stats.passes.map((p) => p.name);
    const known = new Set<string>([...defaultShrinkPasses, ...defaultFinalShrinkPasses, ...defaultCleanupShrinkPasses]);
    for (const name of names) expect(known.has(name), name).toBe(true);
    const notCleanup = (name: string): boolean => !(defaultCleanupShrinkPasses as readonly string[]).includes(name);
    const main = defaultShrinkPasses.filter(notCleanup);
    expect(names.filter(notCleanup).slice(0, main.length)).toEqual(main);
  });
});
