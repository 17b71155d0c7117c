import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../bench/corpus.js";
import { generateKvHistory, generateRegisterHistory } from "../bench/scale-histories.js";
import { checkLinearizability, kvModel, registerModel } from "../src/index.js";
import type { CheckOptions } from "../src/index.js";
import { falsePrefixStep } from "./support/witness-law.js";

// Small step budgets stop the short witness search that follows a model's
// exact decision, so the decision's own prefix is what gets shown: the
// path where prefixes used to skip operations due before them.
const BUDGETS: readonly (number | undefined)[] = [undefined, 60, 100, 200, 500, 2_000];

// Fixed seed so a failure replays; fast-check prints the seed and path of any counterexample too.
const SEED = 20250301;

function attempt<T>(generate: () => T): T | undefined {
  try {
    return generate();
  } catch {
    return undefined;
  }
}

describe("the longest linearizable prefix of an illegal witness", () => {
  it("is a linearization respecting real time on 1,000 generated illegal histories, whatever the budget", () => {
    let illegal = 0;
    const shape = fc.record({
      kv: fc.boolean(),
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      clients: fc.integer({ min: 2, max: 8 }),
      operations: fc.integer({ min: 8, max: 60 }),
      keys: fc.integer({ min: 1, max: 3 }),
      pendingPercent: fc.constantFrom(0, 10, 30),
      values: fc.constantFrom(0, 0, 2, 4),
      cas: fc.boolean(),
      corruptAt: fc.double({ min: 0.2, max: 0.95, noNaN: true }),
      budget: fc.constantFrom(...BUDGETS),
    });
    fc.assert(
      fc.property(shape, ({ kv, budget, ...rest }) => {
        const options: CheckOptions = budget === undefined ? {} : { budgetSteps: budget, suspects: false };
        // The generator gives up on a draw with no completed read to corrupt: such a draw is skipped.
        const draw = kv ? attempt(() => generateKvHistory({ model: "kv", corrupt: true, ...rest })) : attempt(() => generateRegisterHistory({ model: "register", corrupt: true, ...rest }));
        fc.pre(draw !== undefined);
        const falseStep = kv
          ? (() => {
              const { operations } = draw as ReturnType<typeof generateKvHistory>;
              const result = checkLinearizability(kvModel, operations, options);
              if (result.verdict === "illegal") illegal++;
              return falsePrefixStep(kvModel, operations, result);
            })()
          : (() => {
              const { operations } = draw as ReturnType<typeof generateRegisterHistory>;
              const result = checkLinearizability(registerModel, operations, options);
              if (result.verdict === "illegal") illegal++;
              return falsePrefixStep(registerModel, operations, result);
            })();
        expect(falseStep).toBeUndefined();
      }),
      { seed: SEED, numRuns: 1_200 },
    );
    expect(illegal).toBeGreaterThanOrEqual(1_000);
  });

  it("is a linearization respecting real time on every illegal history of the corpus, whatever the budget", () => {
    const corpus = loadCorpus(import.meta.dirname);
    const wrong: string[] = [];
    for (const { file, history } of corpus) {
      for (const budget of BUDGETS) {
        const options: CheckOptions = budget === undefined ? {} : { budgetSteps: budget, suspects: false };
        const falseStep =
          history.model === "register"
            ? falsePrefixStep(registerModel, history.operations, checkLinearizability(registerModel, history.operations, options))
            : falsePrefixStep(kvModel, history.operations, checkLinearizability(kvModel, history.operations, options));
        if (falseStep !== undefined) wrong.push(`${file} (budget ${budget ?? "default"}): ${falseStep}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
