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

  it("shape 1 splits one node from the other in a cluster of two, and the largest minority in any larger one", () => {
    expect(links([1, 1], 2)).toEqual(["0>1", "1>0"]);
    for (let size = 3; size <= 9; size++) {
      // Around node 0: the minority is nodes 0 .. m-1, each cut from every node of the majority.
      const minority = Math.floor((size - 1) / 2);
      const blocked = links([1, 0], size);
      expect(blocked.filter((l) => l.startsWith("0>")), `size ${size}`).toHaveLength(size - minority);
      expect(blocked.filter((l) => l.startsWith(`${size - 1}>`)), `size ${size}`).toHaveLength(minority);
    }
  });

  it("a single node has nothing to cut: every shape blocks no link", () => {
    for (let shape = 0; shape < 4; shape++) expect(links([shape, 0], 1)).toEqual([]);
  });

  it("a profile of zeros has no faults at all, and higher levels mean more hostility", () => {
    expect(drawFaultProfile(new ReplayedChoices([]))).toEqual({ dropPercent: 0, duplicatePercent: 0, delaySpreadMs: 0, crashPercent: 0, partitionPercent: 0 });
    const low = drawFaultProfile(new ReplayedChoices([1, 1, 1, 1, 1]));
    const high = drawFaultProfile(new ReplayedChoices([9, 9, 9, 9, 9]));
    for (const key of Object.keys(low) as (keyof typeof low)[]) expect(high[key]).toBeGreaterThan(low[key]);
  });
});
