import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packOutcomes, unpackOutcomes, workerOutcome, type WorkerOutcome } from "../src/parallel/packed-outcomes.js";

const outcome: fc.Arbitrary<WorkerOutcome> = fc.record(
  {
    index: fc.nat(1000),
    violation: fc.option(fc.record({ invariant: fc.string(), message: fc.string(), time: fc.nat(), step: fc.nat() }), { nil: null }),
    choices: fc.array(fc.nat(0xffffffff), { maxLength: 40 }),
    spans: fc.array(fc.record({ label: fc.constantFrom("message", "fault tick", "client request", ""), start: fc.nat(5000), end: fc.nat(5000) }), { maxLength: 20 }),
    coverage: fc.array(fc.nat(0xffffffff), { maxLength: 20 }),
    coverageAt: fc.option(fc.array(fc.nat(5000), { maxLength: 20 }), { nil: undefined }),
  },
  { requiredKeys: ["index", "violation", "choices", "spans", "coverage"] },
);

describe("outcomes packed for the trip from a hunt worker", () => {
  it("unpack to exactly the outcomes that were packed, in order", () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 8 }), (outcomes) => {
        const { packed } = packOutcomes(outcomes);
        expect(unpackOutcomes(structuredClone(packed))).toEqual(outcomes);
      }),
      { numRuns: 200, seed: 11 },
    );
  });

  it("build a run's choices and spans when first read, and the same lists every time after", () => {
    const { packed } = packOutcomes([{ index: 3, violation: null, choices: [4, 0, 9], spans: [{ label: "message", start: 1, end: 3 }], coverage: [], coverageAt: undefined }]);
    const [run] = unpackOutcomes(packed);
    expect(run?.choices).toEqual([4, 0, 9]);
    expect(run?.choices).toBe(run?.choices);
    expect(run?.spans).toEqual([{ label: "message", start: 1, end: 3 }]);
    expect(run?.spans).toBe(run?.spans);
  });

  it("hand over every list as a transferable buffer, so nothing is copied element by element", () => {
    const { packed, transfer } = packOutcomes([{ index: 0, violation: null, choices: [1, 2], spans: [{ label: "message", start: 0, end: 2 }], coverage: [7], coverageAt: [1] }]);
    expect(transfer).toHaveLength(10);
    expect(transfer).toContain(packed.choices.buffer);
    expect(transfer).toContain(packed.spans.buffer);
  });

  it("carry a run's choices and spans only when the strategy reads its coverage or the run failed", () => {
    const spans = [{ label: "message", start: 0, end: 2 }];
    const calm = { violation: null, choices: [1, 0, 3], spans, coverage: [7], coverageAt: [2] };
    const failed = { ...calm, violation: { invariant: "LeaderCompleteness", message: "lost", time: 40, step: 9 } };
    expect(workerOutcome(0, calm, false)).toEqual({ index: 0, violation: null, choices: [], spans: [], coverage: [7], coverageAt: [2] });
    expect(workerOutcome(1, calm, true)).toMatchObject({ choices: [1, 0, 3], spans });
    expect(workerOutcome(2, failed, false)).toMatchObject({ violation: failed.violation, choices: [1, 0, 3], spans });
  });
});
