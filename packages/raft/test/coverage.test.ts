import { GeneratedChoices, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { runRaft } from "../src/index.js";

describe("the coverage probe", () => {
  it("gives the same features for the same choices", () => {
    expect(runRaft({ choices: new GeneratedChoices(5) }).coverage).toEqual(runRaft({ choices: new GeneratedChoices(5) }).coverage);
  });

  it("sees few kinds of state in the calm run and many under faults", () => {
    const calm = new Set(runRaft({ choices: new ReplayedChoices([]) }).coverage);
    const hostile = new Set<number>();
    for (let seed = 1; seed <= 50; seed++) for (const f of runRaft({ choices: new GeneratedChoices(seed) }).coverage) hostile.add(f);
    expect(calm.size).toBeLessThanOrEqual(3);
    expect(hostile.size).toBeGreaterThan(30);
  });
});
