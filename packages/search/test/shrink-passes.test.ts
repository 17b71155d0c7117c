import { GeneratedChoices, ReplayedChoices } from "@cx/sim";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classicShrinkPasses, compareShortlex, defaultShrinkPasses, shrink, trimChoices, type ShrinkPassName } from "../src/index.js";
import { KeyedReplay, queuesByKey } from "../src/internal/keyed-replay.js";
import { findFailures } from "./fixtures/failures.js";
import { createToyTarget, leaseBugChoices } from "./fixtures/toy-target.js";

const target = createToyTarget();
const lease = { invariant: "lease-safety" };
const failures = findFailures(target, { count: 8, invariant: "lease-safety", firstSeed: 500 });
const allPasses = [...new Set<ShrinkPassName>([...defaultShrinkPasses, ...classicShrinkPasses])];

describe("shrink passes", () => {
  it("keeps the same violation and never grows, whichever single pass runs alone", () => {
    expect(failures.length).toBe(8);
    fc.assert(
      fc.property(fc.constantFrom(...failures), fc.constantFrom(...allPasses), (failure, pass) => {
        const result = shrink({ target, choices: failure.choices, violation: lease, passes: [pass] });
        expect(result.reproduced).toBe(true);
        expect(target.run(new ReplayedChoices(result.choices)).violation?.invariant, `${pass} seed ${failure.seed}`).toBe("lease-safety");
        expect(compareShortlex(result.choices, trimChoices(failure.choices))).toBeLessThanOrEqual(0);
        expect(result.stats.converged).toBe(true);
      }),
      { numRuns: 30, seed: 7 },
    );
  });

  it("is deterministic pass by pass: the same input gives the same sequence and the same cost", () => {
    fc.assert(
      fc.property(fc.constantFrom(...failures), fc.constantFrom(...allPasses), (failure, pass) => {
        const a = shrink({ target, choices: failure.choices, violation: lease, passes: [pass] });
        const b = shrink({ target, choices: failure.choices, violation: lease, passes: [pass] });
        expect(b.choices).toEqual(a.choices);
        expect(b.stats).toEqual(a.stats);
      }),
      { numRuns: 20, seed: 11 },
    );
  });

  it("with the aligned passes ends with no more unusual decisions in total than the classic passes on the toy failures", () => {
    let ours = 0;
    let classic = 0;
    for (const failure of failures) {
      ours += shrink({ target, choices: failure.choices, violation: lease }).stats.nonZeroAfter;
      classic += shrink({ target, choices: failure.choices, violation: lease, passes: classicShrinkPasses }).stats.nonZeroAfter;
    }
    expect(ours).toBeLessThanOrEqual(classic);
  });

  it("reports the best sequence so far with its progress, and each one reproduces the violation", () => {
    const bests: (readonly number[])[] = [];
    const result = shrink({ target, choices: leaseBugChoices(), violation: lease, onProgress: (p) => bests.push(p.best) });
    expect(bests.at(-1)).toEqual(result.choices);
    for (const best of new Set(bests)) {
      expect(target.run(new ReplayedChoices(best)).violation?.invariant).toBe("lease-safety");
    }
    for (let i = 1; i < bests.length; i++) expect(compareShortlex(bests[i] as number[], bests[i - 1] as number[])).toBeLessThanOrEqual(0);
  });
});

describe("keyed replay", () => {
  it("replays a flat list exactly as ReplayedChoices does: same record, same spans", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(120), { maxLength: 80 }), (values) => {
        const a = target.run(new KeyedReplay({ flat: values }));
        const b = target.run(new ReplayedChoices(values));
        expect(a.choices).toEqual(b.choices);
        expect(a.spans).toEqual(b.spans);
        expect(a.violation).toEqual(b.violation);
      }),
      { numRuns: 100, seed: 3 },
    );
  });

  it("draws past a flat list from its tail exactly as ReplayedChoices' random tail does", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(120), { maxLength: 40 }), fc.integer(), (values, seed) => {
        const a = target.run(new KeyedReplay({ flat: values, tail: new GeneratedChoices(seed) }));
        const b = target.run(new ReplayedChoices(values, { kind: "random", seed }));
        expect(a.choices).toEqual(b.choices);
        expect(a.violation).toEqual(b.violation);
      }),
      { numRuns: 100, seed: 5 },
    );
  });

  it("hands each kind of draw the next value of its own kind, so a removed message does not shift the ticks", () => {
    const source = new KeyedReplay({ queues: new Map([["tick\u0000crash?", [0, 99]], ["message\u0000fate", [5]]]) });
    source.startSpan("tick");
    const first = source.draw(100, "crash?");
    source.endSpan();
    source.startSpan("tick");
    const second = source.draw(100, "crash?");
    source.endSpan();
    expect([first, second]).toEqual([0, 99]);
    expect(source.keys).toEqual(["tick\u0000crash?", "tick\u0000crash?"]);
    expect(source.draw(3, "other")).toBe(0);
    expect(queuesByKey([1, 2, 3], ["a", "b", "a"])).toEqual(new Map([["a", [1, 3]], ["b", [2]]]));
  });
});
