import { GeneratedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { runRaft } from "../src/index.js";

describe("correct Raft under generated schedules", () => {
  it("survives 2,000 seeded hostile schedules with zero violations", () => {
    const failures: string[] = [];
    let elections = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const result = runRaft({ choices: new GeneratedChoices(seed) });
      elections += result.raft.elections;
      if (result.violation !== null) failures.push(`seed ${seed}: ${result.violation.invariant}: ${result.violation.message}`);
    }
    expect(failures).toEqual([]);
    // The schedules are hostile enough to force re-elections, not just the first one.
    expect(elections).toBeGreaterThan(2000 * 2);
  });
});
