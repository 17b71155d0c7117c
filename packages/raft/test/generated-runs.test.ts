import fc from "fast-check";
import { GeneratedChoices, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { runRaft } from "../src/index.js";

describe("correct Raft under generated schedules", () => {
  it("survives 600 seeded hostile schedules with zero violations", () => {
    const failures: string[] = [];
    let elections = 0;
    for (let seed = 1; seed <= 600; seed++) {
      const result = runRaft({ choices: new GeneratedChoices(seed) });
      elections += result.raft.elections;
      if (result.violation !== null) failures.push(`seed ${seed}: ${result.violation.invariant}: ${result.violation.message}`);
    }
    expect(failures).toEqual([]);
    // The schedules are hostile enough to force re-elections, not just the first one.
    expect(elections).toBeGreaterThan(600 * 2);
  });

  it("law: no choice sequence at all makes correct Raft break a property", () => {
    // Arbitrary lists, not just PRNG output: small values (calm), large ones (clamped to the most hostile), short and long.
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.nat(3), fc.nat(200)), { maxLength: 600 }), (choices) => {
        const violation = runRaft({ choices: new ReplayedChoices(choices) }).violation;
        expect(violation, JSON.stringify(choices)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});
