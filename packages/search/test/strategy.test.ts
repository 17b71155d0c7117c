import { describe, expect, it } from "vitest";
import { hunt, strategyNames, Ucb1 } from "../src/index.js";
import { createToyTarget } from "./fixtures/toy-target.js";

const target = createToyTarget();

describe("hunt", () => {
  for (const strategy of strategyNames) {
    it(`finds the toy lease bug with the ${strategy} strategy within 20000 trials for seeds 1 to 3`, () => {
      for (let seed = 1; seed <= 3; seed++) {
        const result = hunt({ target, strategy, budget: 20_000, seed });
        expect(result.found, `${strategy} seed ${seed}`).toBe(true);
        if (result.found) {
          expect(result.outcome.violation?.invariant).toBe("lease-safety");
          expect(result.choices).toEqual(result.outcome.choices);
        }
      }
    });

    it(`is deterministic given its seed with the ${strategy} strategy`, () => {
      const a = hunt({ target, strategy, budget: 20_000, seed: 11 });
      const b = hunt({ target, strategy, budget: 20_000, seed: 11 });
      expect(b.trials).toBe(a.trials);
      expect(b.found && b.choices).toEqual(a.found && a.choices);
      const c = hunt({ target, strategy, budget: 20_000, seed: 12 });
      expect(c.found && c.choices).not.toEqual(a.found && a.choices);
    });
  }

  it("stops at the first violation and reports every trial to the progress callback", () => {
    const reports: number[] = [];
    const result = hunt({ target, strategy: "coverage", budget: 20_000, seed: 5, onTrial: (r) => reports.push(r.trial) });
    expect(result.found).toBe(true);
    expect(reports.length).toBe(result.trials);
    expect(reports.at(-1)).toBe(result.trials);
  });

  it("spends exactly its budget when there is nothing to find", () => {
    const calm = createToyTarget({ leaseBug: false });
    const result = hunt({ target: calm, strategy: "bandit", budget: 300, seed: 1 });
    expect(result.found).toBe(false);
    expect(result.trials).toBe(300);
    expect(result.coverage).toBeGreaterThan(0);
    expect(result.operatorStats.reduce((n, s) => n + s.pulls, 0)).toBeGreaterThan(0);
  });

  it("grows a corpus only in guided strategies", () => {
    const calm = createToyTarget({ leaseBug: false });
    expect(hunt({ target: calm, strategy: "random", budget: 200, seed: 2 }).corpusSize).toBe(0);
    expect(hunt({ target: calm, strategy: "coverage", budget: 200, seed: 2 }).corpusSize).toBeGreaterThan(0);
  });
});

describe("Ucb1", () => {
  it("plays every arm once before exploiting", () => {
    const bandit = new Ucb1(["a", "b", "c"]);
    const played: string[] = [];
    for (let i = 0; i < 3; i++) {
      const arm = bandit.choose();
      played.push(arm);
      bandit.reward(arm, 0);
    }
    expect(played).toEqual(["a", "b", "c"]);
  });

  it("ends up playing the rewarding arm most", () => {
    const bandit = new Ucb1(["a", "b", "c"]);
    for (let i = 0; i < 300; i++) {
      const arm = bandit.choose();
      bandit.reward(arm, arm === "b" ? 1 : 0);
    }
    const stats = bandit.stats();
    const b = stats.find((s) => s.arm === "b");
    expect(b?.pulls).toBeGreaterThan(250);
    expect(b?.meanReward).toBe(1);
  });
});
