import type { ChoiceSource } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { BATCHES_IN_FLIGHT, choicesFromSpec, hunt, huntInBatches, type ChoicesSpec, type Outcome, type StrategyName, type Target } from "../src/index.js";

/** Violates when its first draw is 0 of 7: about one trial in seven, so a batch of 16 usually holds several. */
const frequent: Target = {
  run(source: ChoiceSource): Outcome {
    source.startSpan("x");
    const x = source.draw(7, "x");
    const y = source.draw(50, "y");
    source.endSpan();
    return { violation: x === 0 ? { invariant: "x0", message: `x was 0, y ${y}` } : null, choices: source.record(), spans: source.spans(), coverage: [x * 50 + y] };
  },
};

/** Runs a batch the way N workers would, dealt round-robin and each worker's share run backwards, to show order never matters. */
function workers(n: number) {
  return (specs: readonly ChoicesSpec[]): Promise<Outcome[]> => {
    const outcomes = new Array<Outcome>(specs.length);
    for (let w = 0; w < n; w++) {
      const mine = specs.map((spec, i) => ({ spec, i })).filter(({ i }) => i % n === w);
      for (const { spec, i } of mine.reverse()) outcomes[i] = frequent.run(choicesFromSpec(spec));
    }
    return Promise.resolve(outcomes);
  };
}

describe("huntInBatches", () => {
  for (const strategy of ["random", "coverage", "bandit", "portfolio"] as StrategyName[]) {
    it(`reports the same trial, choices and violation for 1, 2 and 5 workers (${strategy})`, async () => {
      const answers = [];
      for (const n of [1, 2, 5]) {
        const result = await huntInBatches({ strategy, budget: 200, seed: 3, runBatch: workers(n) });
        answers.push(result.found ? { trials: result.trials, choices: result.choices, message: result.outcome.violation?.message } : null);
      }
      expect(answers[0]).not.toBeNull();
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    });
  }

  it("reports the violation of the lowest trial index in its batch, which is random search's own first find", async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const sequential = hunt({ target: frequent, strategy: "random", budget: 300, seed });
      const batched = await huntInBatches({ strategy: "random", budget: 300, seed, runBatch: workers(3) });
      expect(batched.found).toBe(sequential.found);
      expect(batched.trials).toBe(sequential.trials);
      if (batched.found && sequential.found) expect(batched.choices).toEqual(sequential.choices);
    }
  });

  it("stops after the batch that found a violation and never runs past the budget", async () => {
    let runs = 0;
    const counting = (specs: readonly ChoicesSpec[]): Promise<Outcome[]> => {
      runs += specs.length;
      return workers(2)(specs);
    };
    const result = await huntInBatches({ strategy: "random", budget: 20, seed: 1, runBatch: counting, batchTrials: 16 });
    expect(runs).toBeLessThanOrEqual(20);
    expect(runs % 16 === 0 || runs === 20).toBe(true);
    expect(result.trials).toBeLessThanOrEqual(runs);
  });

  it("keeps the next batch running while it observes one, so workers never wait for the strategy", async () => {
    const pending: (() => void)[] = [];
    let calls = 0;
    const held = (specs: readonly ChoicesSpec[]): Promise<Outcome[]> => {
      calls++;
      // Outcomes without a violation, so the hunt runs to its budget.
      return new Promise((resolve) => pending.push(() => resolve(workers(1)(specs).then((outcomes) => outcomes.map((o) => ({ ...o, violation: null }))))));
    };
    const hunting = huntInBatches({ strategy: "explore", budget: 64, seed: 2, runBatch: held, batchTrials: 16 });
    await Promise.resolve();
    // Before any outcome came back, the first batches are all out.
    expect(calls).toBe(BATCHES_IN_FLIGHT);
    while (pending.length > 0) {
      (pending.shift() as () => void)();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const result = await hunting;
    expect(result.found).toBe(false);
    expect(calls).toBe(4);
  });
});
