import { describe, expect, it } from "vitest";
import { ReplayedChoices, drawFaultProfile, drawPartition } from "../src/index.js";

const links = (choices: number[], size: number) =>
  drawPartition(new ReplayedChoices(choices), size)
    .blocked.map((l) => `${l.from}>${l.to}`)
    .sort();

describe("partitions and the fault profile", () => {
  it("shape 0 isolates one node in both directions", () => {
    expect(links([0, 1], 3)).toEqual(["0>1", "1>0", "1>2", "2>1"]);
  });

  it("shape 1 splits a minority from the majority", () => {
    expect(links([1, 3], 5)).toEqual(["0>3", "0>4", "1>3", "1>4", "2>3", "2>4", "3>0", "3>1", "3>2", "4>0", "4>1", "4>2"]);
  });

  it("shape 2 is one-way: the node is still heard but hears nobody", () => {
    expect(links([2, 0], 3)).toEqual(["1>0", "2>0"]);
  });

  it("shape 3 is a bridge: one node reaches both halves, which cannot reach each other", () => {
    expect(links([3, 0], 5)).toEqual(["1>3", "1>4", "2>3", "2>4", "3>1", "3>2", "4>1", "4>2"]);
  });

  it("a profile of zeros has no faults at all, and higher levels mean more hostility", () => {
    expect(drawFaultProfile(new ReplayedChoices([]))).toEqual({ dropPercent: 0, duplicatePercent: 0, delaySpreadMs: 0, crashPercent: 0, partitionPercent: 0 });
    const low = drawFaultProfile(new ReplayedChoices([1, 1, 1, 1, 1]));
    const high = drawFaultProfile(new ReplayedChoices([9, 9, 9, 9, 9]));
    for (const key of Object.keys(low) as (keyof typeof low)[]) expect(high[key]).toBeGreaterThan(low[key]);
  });
});
