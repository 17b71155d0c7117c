import { GeneratedChoices, ReplayedChoices, type ChoiceSource, type Span } from "@cx/sim";
import { deriveSeed } from "./internal/derive-seed.js";
import { mutate, mutationOperators, type MutationOperator } from "./mutation.js";
import type { Outcome } from "./target.js";
import { Ucb1 } from "./ucb1.js";

/**
 * How `hunt` proposes the next run.
 * - `random`: fresh sequences from a PRNG seeded per trial.
 * - `coverage`: mutate entries of a corpus of runs that reached new coverage features (operators picked uniformly).
 * - `bandit`: as `coverage`, but UCB1 picks the operator, rewarded when the mutant reaches new coverage.
 */
export type StrategyName = "random" | "coverage" | "bandit";

/** Every strategy, in a fixed order. */
export const strategyNames: readonly StrategyName[] = ["random", "coverage", "bandit"];

/** One proposed run: the source to run with, and the operator that made it (`null` for a fresh random run). */
export interface Proposal {
  readonly source: ChoiceSource;
  readonly operator: MutationOperator | null;
}

/** Pulls and mean reward of one operator in a bandit hunt. */
export interface OperatorStats {
  readonly arm: MutationOperator;
  readonly pulls: number;
  readonly meanReward: number;
}

/**
 * A search strategy as a state machine: `propose` a run for trial `t`,
 * then `observe` what it did. Deterministic given the seed it was made with.
 * Internal to `hunt`; exported so other drivers (a parallel runner, a
 * benchmark) can step it themselves.
 */
export interface SearchStrategy {
  propose(trial: number): Proposal;
  /** Returns how many coverage features this outcome saw for the first time. */
  observe(proposal: Proposal, outcome: Outcome): number;
  /** Distinct coverage features seen so far. */
  readonly coverage: number;
  readonly corpusSize: number;
  operatorStats(): OperatorStats[];
}

// Distinct streams for the decisions of one trial.
const FRESH = 0x51ed2701;
const MUTATE = 0x2f6b9d3c;
const TAIL = 0x6a09e667;
/** Fresh random runs mixed into guided search, one in FRESH_EVERY, so it never explores less than random search would. */
const FRESH_EVERY = 10;
/** How many of the newest corpus entries count as "recent". */
const RECENT = 8;

interface CorpusEntry {
  readonly choices: readonly number[];
  readonly spans: readonly Span[];
}

/**
 * Creates the strategy `name` seeded with `seed`.
 *
 * @example
 * ```ts
 * const strategy = createStrategy("bandit", 42);
 * const proposal = strategy.propose(0);
 * strategy.observe(proposal, target.run(proposal.source));
 * ```
 */
export function createStrategy(name: StrategyName, seed: number): SearchStrategy {
  const seen = new Set<number>();
  const corpus: CorpusEntry[] = [];
  const bandit = name === "bandit" ? new Ucb1(mutationOperators) : null;
  const fresh = (trial: number): Proposal => ({ source: new GeneratedChoices(deriveSeed(seed ^ FRESH, trial)), operator: null });
  return {
    get coverage() {
      return seen.size;
    },
    get corpusSize() {
      return corpus.length;
    },
    propose(trial) {
      if (name === "random") return fresh(trial);
      const random = new GeneratedChoices(deriveSeed(seed ^ MUTATE, trial));
      if (corpus.length === 0 || random.draw(FRESH_EVERY) === 0) return fresh(trial);
      // Half the time a recent entry: the newest ones hold the newest features, the frontier worth pushing.
      const parentIndex = random.draw(2) === 0 ? corpus.length - 1 - random.draw(Math.min(corpus.length, RECENT)) : random.draw(corpus.length);
      const parent = corpus[parentIndex] as CorpusEntry;
      const other = corpus[random.draw(corpus.length)] as CorpusEntry;
      const operator = bandit ? bandit.choose() : (mutationOperators[random.draw(mutationOperators.length)] as MutationOperator);
      const mutant = mutate(operator, { choices: parent.choices, spans: parent.spans, other: other.choices }, random);
      // Half the mutants keep the parent's suffix, half explore fresh draws past the change.
      const values = random.draw(2) === 0 ? mutant.choices : mutant.choices.slice(0, mutant.changedUpTo);
      return { source: new ReplayedChoices(values, { kind: "random", seed: deriveSeed(seed ^ TAIL, trial) }), operator };
    },
    observe(proposal, outcome) {
      let fresh = 0;
      for (const feature of outcome.coverage) {
        if (!seen.has(feature)) {
          seen.add(feature);
          fresh++;
        }
      }
      if (name !== "random" && fresh > 0) corpus.push({ choices: outcome.choices, spans: outcome.spans });
      if (bandit && proposal.operator !== null) bandit.reward(proposal.operator, fresh > 0 ? 1 : 0);
      return fresh;
    },
    operatorStats() {
      return bandit ? bandit.stats() : [];
    },
  };
}
