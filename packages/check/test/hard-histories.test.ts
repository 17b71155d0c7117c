import { describe, expect, it } from "vitest";
import { generateHardHistory, hardHistorySet, repeatedValueHistorySet, wideHistorySet } from "../bench/hard-histories.js";
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

describe("wide register histories with cas (50 clients, 400 operations, many never return, late stale read)", () => {
  const fresh = [false, true].map((violation) => generateHardHistory({ seed: 3, clients: 50, operations: 400, indeterminatePercent: 30, violation }));
  const repeated = repeatedValueHistorySet().filter((h) => h.name.includes("-v5-"));
  for (const history of [...fresh, ...repeated]) {
    it(`decides ${history.name} as ${history.expected}`, () => {
      const result = checkLinearizability(registerModel, history.operations, { budgetSteps: 2_000_000 });
      expect(result.verdict).toBe(history.expected);
    });
  }
});
