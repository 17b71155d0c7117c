import { describe, expect, it } from "vitest";
import { accountPasses, decidedByPass } from "../src/index.js";

describe("accountPasses", () => {
  it("sums each pass over the shrinks, counts the shrinks it helped, and puts the dearest first", () => {
    const rows = accountPasses([
      { passes: [{ name: "zero", tried: 10, accepted: 2, runs: 8 }, { name: "place", tried: 50, accepted: 0, runs: 40 }] },
      { passes: [{ name: "zero", tried: 5, accepted: 0, runs: 5 }, { name: "place", tried: 30, accepted: 1, runs: 30 }] },
      {},
    ]);
    expect(rows).toEqual([
      { name: "place", tried: 80, accepted: 1, runs: 70, findsHelped: 1 },
      { name: "zero", tried: 15, accepted: 2, runs: 13, findsHelped: 1 },
    ]);
    expect(accountPasses([])).toEqual([]);
  });
});

describe("decidedByPass", () => {
  const baseline = [
    { choices: [0, 3], candidateRuns: 100 },
    { choices: [5], candidateRuns: 40 },
  ];

  it("counts, per pass left out, the finds that ended longer or shorter without it, and the runs with and without it", () => {
    const rows = decidedByPass(baseline, [
      { pass: "place", find: 0, choices: [0, 0, 3], candidateRuns: 60 },
      { pass: "place", find: 1, choices: [5], candidateRuns: 30 },
      { pass: "zero", find: 0, choices: [0, 2], candidateRuns: 120 },
      { pass: "zero", find: 1, choices: [5], candidateRuns: 40 },
    ]);
    expect(rows).toEqual([
      { name: "place", ablated: 2, longerWithout: 1, shorterWithout: 0, runsWith: 140, runsWithout: 90 },
      { name: "zero", ablated: 2, longerWithout: 0, shorterWithout: 1, runsWith: 140, runsWithout: 160 },
    ]);
  });

  it("compares lists in shortlex order, so a longer list of smaller values is still longer", () => {
    const [row] = decidedByPass(baseline, [{ pass: "lower", find: 1, choices: [0, 0], candidateRuns: 10 }]);
    expect(row).toMatchObject({ longerWithout: 1, shorterWithout: 0 });
  });

  it("counts a shrink that no longer reproduces without the pass as ending longer", () => {
    const [row] = decidedByPass(baseline, [{ pass: "lower", find: 0, choices: null, candidateRuns: 1 }]);
    expect(row).toMatchObject({ longerWithout: 1, shorterWithout: 0 });
  });

  it("rejects an ablation of a find that is not in the baseline", () => {
    expect(() => decidedByPass(baseline, [{ pass: "lower", find: 2, choices: [], candidateRuns: 0 }])).toThrow(/find 2, but there are 2/);
  });
});
