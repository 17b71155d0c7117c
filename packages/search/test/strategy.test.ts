import { GeneratedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { createStrategy, hunt, mutationOperators, strategyNames, Ucb1 } from "../src/index.js";
import { Corpus } from "../src/strategies/corpus.js";
import { WARMUP_TRIALS } from "../src/strategy.js";
import { createToyTarget } from "./fixtures/toy-target.js";

const target = createToyTarget();

describe("hunt", () => {
  for (const strategy of strategyNames) {
    // sparse is a specialist: most of its decisions are calm, and the toy's bug needs five unusual ones in a row
    // (sparse-strategy.test.ts pins what it is for).
    if (strategy === "sparse") continue;
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

  it("sends to the bare target exactly the runs whose coverage the strategy never reads, and finds the same", () => {
    for (const strategy of ["random", "sparse", "explore", "portfolio"] as const) {
      let bareRuns = 0;
      const bareTarget = { run: (source: Parameters<typeof target.run>[0]) => (bareRuns++, { ...target.run(source), coverage: [] }) };
      const plain = hunt({ target, strategy, budget: 3_000, seed: 4 });
      const split = hunt({ target, bareTarget, strategy, budget: 3_000, seed: 4 });
      expect(split.trials, strategy).toBe(plain.trials);
      expect(split.found && split.choices, strategy).toEqual(plain.found && plain.choices);
      if (strategy === "explore") expect(bareRuns).toBe(0);
      else if (strategy === "portfolio") expect(bareRuns).toBe(Math.ceil(plain.trials / 2));
      else expect(bareRuns).toBe(plain.trials);
    }
  });

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

describe("guided strategies", () => {
  it("start with random search's own trials, so a defect random finds at once is found as fast", () => {
    const calm = createToyTarget({ leaseBug: false });
    for (const name of ["coverage", "bandit"] as const) {
      const random = createStrategy("random", 9);
      const guided = createStrategy(name, 9);
      for (let t = 0; t < WARMUP_TRIALS; t++) {
        const a = random.propose(t);
        const b = guided.propose(t);
        const outA = calm.run(a.source);
        const outB = calm.run(b.source);
        random.observe(a, outA);
        guided.observe(b, outB);
        expect(outB.choices, `${name} trial ${t}`).toEqual(outA.choices);
      }
      expect(guided.corpusSize).toBeGreaterThan(0);
    }
  });

  it("keep mixing fresh random runs in after the warm-up", () => {
    const calm = createToyTarget({ leaseBug: false });
    for (const name of ["coverage", "bandit"] as const) {
      const strategy = createStrategy(name, 3);
      let fresh = 0;
      let mutants = 0;
      for (let t = 0; t < 400; t++) {
        const proposal = strategy.propose(t);
        strategy.observe(proposal, calm.run(proposal.source));
        if (t < WARMUP_TRIALS) continue;
        if (proposal.operator === null) fresh++;
        else mutants++;
      }
      expect(fresh, name).toBeGreaterThan(20);
      expect(mutants, name).toBeGreaterThan(fresh);
    }
  });

  it("give the bandit one arm per operator plus a fresh-run arm, and pull them all", () => {
    const result = hunt({ target: createToyTarget({ leaseBug: false }), strategy: "bandit", budget: 300, seed: 4 });
    expect(result.operatorStats.map((s) => s.arm)).toEqual([...mutationOperators, "fresh"]);
    for (const s of result.operatorStats) expect(s.pulls, s.arm).toBeGreaterThan(0);
  });
});

describe("Corpus", () => {
  it("picks the entry holding a rare feature far more often than one holding only common features", () => {
    const corpus = new Corpus();
    for (let i = 0; i < 50; i++) corpus.observe([1]);
    corpus.observe([2]);
    corpus.add({ choices: [1], spans: [], features: [1] });
    corpus.add({ choices: [2], spans: [], features: [2] });
    const random = new GeneratedChoices(1);
    let rare = 0;
    for (let i = 0; i < 200; i++) if (corpus.pick(random).choices[0] === 2) rare++;
    // Energy is damped by picks, so the common entry gets a turn now and then.
    expect(rare).toBeGreaterThan(150);
    expect(rare).toBeLessThan(200);
  });

  it("counts a feature as new only the first time any run reaches it", () => {
    const corpus = new Corpus();
    expect(corpus.observe([5, 6, 6])).toBe(2);
    expect(corpus.observe([6, 7])).toBe(1);
    expect(corpus.features).toBe(3);
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
