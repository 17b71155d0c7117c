import { describe, expect, it } from "vitest";
import { hardHistorySet } from "../bench/hard-histories.js";
import { checkLinearizability, registerModel } from "../src/index.js";

describe("generated hard register histories (10-20 clients, 20% never return, late stale read)", () => {
  for (const history of hardHistorySet()) {
    it(`decides ${history.name} as ${history.expected}`, () => {
      const result = checkLinearizability(registerModel, history.operations, { budgetSteps: 50_000_000 });
      expect(result.verdict).toBe(history.expected);
    });
  }
});
