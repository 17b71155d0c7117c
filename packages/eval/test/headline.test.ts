import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeHeadline, computeProtocolHeadline, type ShrinkRow, type StrategyName, type TrialsCell } from "../src/index.js";

const STRATEGIES: readonly StrategyName[] = ["random", "coverage", "bandit"];

const cellArb = (bug: string, strategy: StrategyName): fc.Arbitrary<TrialsCell> =>
  fc.array(fc.option(fc.integer({ min: 1, max: 300 }), { nil: null }), { minLength: 1, maxLength: 4 }).map((trials) => ({
    bug,
    strategy,
    rounds: [],
    budget: 300,
    found: trials.filter((t) => t !== null).length,
    seeds: trials.length,
    trials,
    medianTrials: null,
    invariants: {},
  }));

const rowArb = (bug: string): fc.Arbitrary<ShrinkRow> =>
  fc.record({ total: fc.integer({ min: 1, max: 40 }), cap: fc.integer({ min: 1, max: 15 }), shrunk: fc.boolean() }).map(({ total, cap, shrunk }) => ({
    bug,
    source: null,
    status: shrunk ? "shrunk" : "not-found",
    decisionsBefore: shrunk ? 100 : null,
    decisionsAfter: shrunk ? 10 : null,
    nonZeroBefore: null,
    nonZeroAfter: null,
    storyStepsTotal: shrunk ? total : null,
    storyStepsShown: shrunk ? Math.min(total, cap) : null,
    candidateRuns: null,
    converged: null,
    stoppedBy: null,
    ms: null,
    replaysExactly: null,
    counterexample: null,
  }));

// A protocol: some defects (names may repeat across protocols), one cell per defect x strategy, one shrink row per defect.
const protocolArb = (name: string) =>
  fc.uniqueArray(fc.constantFrom("a", "b", "c", "d"), { minLength: 0, maxLength: 4 }).chain((bugs) =>
    fc.record({
      name: fc.constant(name),
      bugs: fc.constant(bugs),
      cells: fc.tuple(...bugs.flatMap((bug) => STRATEGIES.map((s) => cellArb(bug, s)))).map((cells) => cells as TrialsCell[]),
      shrinks: fc.tuple(...bugs.map(rowArb)).map((rows) => rows as ShrinkRow[]),
    }),
  );

describe("computeHeadline", () => {
  it("adds up the protocols' headlines: schedules, defects found and total, seeds per strategy", () => {
    fc.assert(
      fc.property(fc.tuple(protocolArb("p"), protocolArb("q")), (protocols) => {
        const parts = protocols.map((p) => ({ name: p.name, trust: null, cells: p.cells, shrinks: p.shrinks, bugsTotal: p.bugs.length }));
        const whole = computeHeadline({ protocols: parts, strategies: STRATEGIES, corpus: null, speedup: null });
        const each = parts.map((p) => computeProtocolHeadline({ ...p, throughput: null, strategies: STRATEGIES }));
        const sum = (f: (h: (typeof each)[number]) => number) => each.reduce((n, h) => n + f(h), 0);
        expect(whole.protocols).toEqual(["p", "q"]);
        expect(whole.bugsFound).toBe(sum((h) => h.bugsFound));
        expect(whole.bugsTotal).toBe(sum((h) => h.bugsTotal));
        whole.byStrategy.forEach((s, i) => {
          expect(s.seedsFound).toBe(sum((h) => h.byStrategy[i]?.seedsFound ?? 0));
          expect(s.bugsFound).toBe(sum((h) => h.byStrategy[i]?.bugsFound ?? 0));
        });
      }),
      { numRuns: 200 },
    );
  });

  it("takes the median story length over every step, never below the steps shown", () => {
    fc.assert(
      fc.property(protocolArb("p"), (p) => {
        const h = computeProtocolHeadline({ trust: null, cells: p.cells, shrinks: p.shrinks, throughput: null, bugsTotal: p.bugs.length, strategies: STRATEGIES });
        const shrunk = p.shrinks.filter((r) => r.status === "shrunk");
        if (shrunk.length === 0) {
          expect(h.medianStorySteps).toBeNull();
          return;
        }
        expect(h.medianStorySteps).toBeGreaterThanOrEqual(h.medianStoryStepsShown ?? Number.POSITIVE_INFINITY);
        const totals = shrunk.map((r) => r.storyStepsTotal ?? 0);
        expect(h.medianStorySteps).toBeGreaterThanOrEqual(Math.min(...totals));
        expect(h.medianStorySteps).toBeLessThanOrEqual(Math.max(...totals));
      }),
      { numRuns: 200 },
    );
  });
});
