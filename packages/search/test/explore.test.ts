import { describe, expect, it } from "vitest";
import { createPortfolio, createStrategy, hunt } from "../src/index.js";
import { chainTarget } from "./fixtures/chain-target.js";

describe("the explore strategy", () => {
  it("climbs a chain of rare states by returning to the deepest kept one, where random search does not get there", () => {
    for (let seed = 1; seed <= 3; seed++) {
      expect(hunt({ target: chainTarget(), strategy: "explore", budget: 1000, seed }).found, `explore, seed ${seed}`).toBe(true);
      expect(hunt({ target: chainTarget(), strategy: "random", budget: 1000, seed }).found, `random, seed ${seed}`).toBe(false);
    }
  });

  it("returns to kept states only when the target reports where it reached them, and still hunts without", () => {
    const count = (positions: boolean): number => {
      const strategy = createStrategy("explore", 4);
      const target = chainTarget({ positions });
      let resumes = 0;
      for (let t = 0; t < 200; t++) {
        const proposal = strategy.propose(t);
        if (proposal.operator === "resume") resumes++;
        strategy.observe(proposal, target.run(proposal.source));
      }
      return resumes;
    };
    expect(count(true)).toBeGreaterThan(50);
    expect(count(false)).toBe(0);
  });

  it("is deterministic given its seed", () => {
    const a = hunt({ target: chainTarget(), strategy: "explore", budget: 1000, seed: 7 });
    const b = hunt({ target: chainTarget(), strategy: "explore", budget: 1000, seed: 7 });
    expect(b.trials).toBe(a.trials);
    expect(b.found && b.choices).toEqual(a.found && a.choices);
  });
});

describe("the portfolio's turns", () => {
  it("gives a member that takes two turns in three two trials in three, numbered as one campaign", () => {
    const portfolio = createPortfolio(3, ["random", "explore", "explore"]);
    const alone = createStrategy("explore", 0);
    // Explore's first trials are its warm-up: fresh runs, whose seeds depend only on its own seed and trial number.
    const seeds = Array.from({ length: 9 }, (_, t) => portfolio.propose(t).spec);
    const exploreSeeds = seeds.filter((_, t) => t % 3 !== 0);
    expect(new Set(exploreSeeds.map((s) => JSON.stringify(s))).size).toBe(6);
    expect(alone.propose(0).spec).not.toEqual(seeds[1]);
    const again = createPortfolio(3, ["random", "explore", "explore"]);
    expect(Array.from({ length: 9 }, (_, t) => again.propose(t).spec)).toEqual(seeds);
  });

  it("by default finds the chain defect that random search alone misses", () => {
    expect(hunt({ target: chainTarget(), strategy: "portfolio", budget: 1000, seed: 1 }).found).toBe(true);
  });
});
