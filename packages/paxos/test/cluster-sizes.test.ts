import { GeneratedChoices, huntScenarioOverrides } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { protocolPlugin } from "../src/index.js";

describe("clusters of any size from 1 to 9", () => {
  it("correct Paxos survives hostile hunt schedules and answers clients at every size", () => {
    for (let size = 1; size <= 9; size++) {
      let answered = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const result = protocolPlugin.run({ choices: new GeneratedChoices(seed * 131 + size), options: { ...huntScenarioOverrides, clusterSize: size } });
        expect(result.violation, `size ${size}, seed ${seed}`).toBeNull();
        expect(result.clusterSize).toBe(size);
        answered += result.history.filter((op) => op.return !== null).length;
      }
      expect(answered, `size ${size}`).toBeGreaterThan(100);
    }
  });
});
