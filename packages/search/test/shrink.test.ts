import { ReplayedChoices } from "@cx/sim";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareShortlex, countNonZero, shrink, trimChoices } from "../src/index.js";
import { findFailures, withoutSpans } from "./fixtures/failures.js";
import { createToyTarget, leaseBugChoices } from "./fixtures/toy-target.js";

const target = createToyTarget();
const lease = { invariant: "lease-safety" };
const failures = findFailures(target, { count: 12, invariant: "lease-safety" });

describe("shrink", () => {
  it("shrinks a handmade lease failure to fewer unusual decisions that still break lease-safety", () => {
    const result = shrink({ target, choices: leaseBugChoices(), violation: lease });
    expect(result.reproduced).toBe(true);
    expect(result.stats.converged).toBe(true);
    expect(result.outcome.violation?.invariant).toBe("lease-safety");
    expect(target.run(new ReplayedChoices(result.choices)).violation?.invariant).toBe("lease-safety");
    // The leader crash, three late leases and the second crash: 5 unusual draws, the node id and the fault level.
    expect(result.stats.nonZeroAfter).toBeLessThanOrEqual(7);
    expect(compareShortlex(result.choices, leaseBugChoices())).toBeLessThan(0);
  });

  it("keeps the same violation, never grows and trims trailing zeros, for failures found at random", () => {
    expect(failures.length).toBe(12);
    fc.assert(
      fc.property(fc.constantFrom(...failures), (failure) => {
        const result = shrink({ target, choices: failure.choices, violation: lease });
        expect(result.reproduced).toBe(true);
        expect(target.run(new ReplayedChoices(result.choices)).violation?.invariant).toBe("lease-safety");
        expect(compareShortlex(result.choices, trimChoices(failure.choices))).toBeLessThanOrEqual(0);
        expect(result.choices.at(-1)).not.toBe(0);
        expect(result.stats.decisionsAfter).toBe(result.choices.length);
        expect(result.stats.nonZeroAfter).toBe(countNonZero(result.choices));
      }),
      { numRuns: 12 },
    );
  });

  it("is deterministic: the same failure shrinks to the same sequence with the same cost", () => {
    fc.assert(
      fc.property(fc.constantFrom(...failures), (failure) => {
        const a = shrink({ target, choices: failure.choices, violation: lease });
        const b = shrink({ target, choices: failure.choices, violation: lease });
        expect(b.choices).toEqual(a.choices);
        expect(b.stats).toEqual(a.stats);
      }),
      { numRuns: 6 },
    );
  });

  it("shrinks every failure well below its original size (under 30 values, at most 12 unusual)", () => {
    for (const failure of failures) {
      const result = shrink({ target, choices: failure.choices, violation: lease });
      expect(result.stats.decisionsAfter, `seed ${failure.seed}`).toBeLessThan(30);
      expect(result.stats.nonZeroAfter, `seed ${failure.seed}`).toBeLessThanOrEqual(12);
      expect(result.stats.converged).toBe(true);
    }
  });

  it("keeps the original invariant even when another one is easier to reach", () => {
    const twoBugs = createToyTarget({ termBound: 2 });
    const [failure] = findFailures(twoBugs, { count: 1, invariant: "lease-safety" });
    if (failure === undefined) throw new Error("no lease-safety failure on the two-bug target");
    const result = shrink({ target: twoBugs, choices: failure.choices, violation: lease });
    expect(result.outcome.violation?.invariant).toBe("lease-safety");
    expect(twoBugs.run(new ReplayedChoices(result.choices)).violation?.invariant).toBe("lease-safety");
  });

  it("still shrinks when the target reports no labelled spans, using index ranges", () => {
    const bare = withoutSpans(target);
    const failure = failures[0];
    if (failure === undefined) throw new Error("no failure");
    const result = shrink({ target: bare, choices: failure.choices, violation: lease });
    expect(result.outcome.violation?.invariant).toBe("lease-safety");
    expect(result.stats.decisionsAfter).toBeLessThan(trimChoices(failure.choices).length);
  });

  it("says the failure was not reproduced when the choices do not break the invariant", () => {
    const result = shrink({ target, choices: [0, 0, 0], violation: lease });
    expect(result.reproduced).toBe(false);
    expect(result.stats.stoppedBy).toBe("not-reproduced");
    expect(result.stats.converged).toBe(false);
    expect(result.stats.candidateRuns).toBe(1);
  });

  it("stops at the candidate budget with the best sequence so far", () => {
    const failure = failures[1];
    if (failure === undefined) throw new Error("no failure");
    const result = shrink({ target, choices: failure.choices, violation: lease, maxCandidates: 20 });
    expect(result.stats.candidateRuns).toBeLessThanOrEqual(20);
    expect(result.stats.stoppedBy).toBe("candidate-budget");
    expect(result.stats.converged).toBe(false);
    expect(target.run(new ReplayedChoices(result.choices)).violation?.invariant).toBe("lease-safety");
  });

  it("stops at the time budget measured by the injected clock, and reports its time", () => {
    let now = 0;
    const clock = (): number => (now += 1);
    const failure = failures[2];
    if (failure === undefined) throw new Error("no failure");
    const result = shrink({ target, choices: failure.choices, violation: lease, clock, timeBudgetMs: 30 });
    expect(result.stats.stoppedBy).toBe("time-budget");
    expect(result.stats.ms).toBeGreaterThanOrEqual(30);
    expect(shrink({ target, choices: failure.choices, violation: lease }).stats.ms).toBeNull();
  });

  it("answers repeated candidates from its cache instead of running them again", () => {
    const failure = failures[3];
    if (failure === undefined) throw new Error("no failure");
    let runs = 0;
    const counting = { run: (source: Parameters<typeof target.run>[0]) => (runs++, target.run(source)) };
    const result = shrink({ target: counting, choices: failure.choices, violation: lease });
    expect(result.stats.candidateRuns).toBe(runs);
    expect(result.stats.cacheHits).toBeGreaterThan(0);
  });

  it("reports progress after every candidate run", () => {
    const seen: number[] = [];
    const result = shrink({ target, choices: leaseBugChoices(), violation: lease, onProgress: (p) => seen.push(p.candidateRuns) });
    expect(seen.length).toBe(result.stats.candidateRuns - 1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});

describe("shortlex order and trimming", () => {
  it("orders shorter sequences first, then lexicographically", () => {
    expect(compareShortlex([9], [0, 0])).toBeLessThan(0);
    expect(compareShortlex([0, 2], [1, 0])).toBeLessThan(0);
    expect(compareShortlex([1, 2], [1, 2])).toBe(0);
    expect(compareShortlex([1, 3], [1, 2])).toBeGreaterThan(0);
  });

  it("drops only trailing zeros", () => {
    expect(trimChoices([3, 0, 1, 0, 0])).toEqual([3, 0, 1]);
    expect(trimChoices([0, 0])).toEqual([]);
    expect(countNonZero([0, 4, 0, 1])).toBe(2);
  });
});
