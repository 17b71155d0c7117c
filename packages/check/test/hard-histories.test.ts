import { describe, expect, it } from "vitest";
import { hardHistorySet, wideHistorySet } from "../bench/hard-histories.js";
import { checkLinearizability, registerModel } from "../src/index.js";

describe("generated hard register histories (10-20 clients, 20% never return, late stale read)", () => {
  for (const history of hardHistorySet()) {
    it(`decides ${history.name} as ${history.expected}`, () => {
      const result = checkLinearizability(registerModel, history.operations, { budgetSteps: 50_000_000 });
      expect(result.verdict).toBe(history.expected);
    });
  }
});

describe("wide read/write register histories (50 and 100 clients, 30% never return, late stale read)", () => {
  for (const history of wideHistorySet()) {
    it(`decides ${history.name} as ${history.expected} within a small budget`, () => {
      const result = checkLinearizability(registerModel, history.operations, { budgetSteps: 200_000 });
      expect(result.verdict).toBe(history.expected);
    });
  }
});
