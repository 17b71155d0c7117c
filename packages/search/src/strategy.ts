import { GeneratedChoices, ReplayedChoices, runLayout, type ChoiceSource } from "@cx/sim";
import { deriveSeed } from "./internal/derive-seed.js";
import { mutate, mutationOperators, type MutationOperator } from "./mutation.js";
import { Corpus } from "./strategies/corpus.js";
import { pickResumePoint } from "./strategies/resume-point.js";
import type { Outcome } from "./target.js";
import { Ucb1 } from "./ucb1.js";

/**
 * How `hunt` proposes the next run.
 * - `random`: fresh sequences from a PRNG seeded per trial.
 * - `coverage`: the first trials are random's own; then one trial in four is
 *   a fresh random run and the others mutate a corpus entry (runs that reached
 *   a new coverage feature), picked by energy (rare features first), with an
 *   operator picked uniformly; most mutants are cut after the change and
 *   continue with fresh draws.
 * - `bandit`: as `coverage`, but UCB1 picks among the operators and a
 *   "fresh random run" arm, rewarded when the run reaches new coverage.
 * - `explore`: as `coverage`, but most mutants return to a state a kept run
 *   reached first (replaying its choices up to that point, the rarest states
 *   most often) and continue with fresh draws (Go-Explore), so a chain of
 *   rare states is climbed one step at a time.
 * - `sparse`: the first trials are random's own; then each run draws its
 *   settings (cluster size, fault profile, horizon, swarm profile, clocks)
 *   as random search does, and every later decision is 0 except 1, 3, 10 or
 *   30% of them (the density cycles by trial): a calm run with a few
 *   unusual decisions, PCT's few priority-change points in cx's terms. It
 *   keeps nothing and needs no coverage.
 * - `portfolio`: the strategies above taking turns, trial by trial, each an
 *   independent campaign with its own seed stream from its first trial (see
 *   {@link createPortfolio}): no single strategy's weakness decides a hunt.
 */
export type StrategyName = "random" | "coverage" | "bandit" | "explore" | "sparse" | "portfolio";

/** Every strategy, in a fixed order. */
export const strategyNames: readonly StrategyName[] = ["random", "coverage", "bandit", "explore", "sparse", "portfolio"];

/** What made a proposed run: a mutation operator, `"resume"` (explore's return to a kept state), or `"fresh"` for a fresh random run. */
export type ProposalArm = MutationOperator | "resume" | "fresh";

/**
 * A proposed run's choices as plain data, so another thread can build the
 * same source: fresh draws from a seed, or values replayed and then fresh
 * draws from a tail seed.
 */
export type ChoicesSpec =
  | { readonly kind: "generated"; readonly seed: number }
  | { readonly kind: "replayed"; readonly values: readonly number[]; readonly tailSeed: number }
  /** A calm run with a few unusual decisions (`sparse`): the settings drawn as random's, every later draw 0 but for `percent`% of them. */
  | { readonly kind: "sparse"; readonly seed: number; readonly percent: number };

/**
 * The choice source a {@link ChoicesSpec} describes: the same decisions as
 * the proposal's own `source`.
 *
 * @example
 * ```ts
 * target.run(choicesFromSpec(proposal.spec));
 * ```
 */
export function choicesFromSpec(spec: ChoicesSpec): ChoiceSource {
  if (spec.kind === "generated") return new GeneratedChoices(spec.seed);
  if (spec.kind === "sparse") return new ReplayedChoices([], { kind: "sparse", seed: spec.seed, percent: spec.percent, uniformIn: runLayout.settingsSpans, uniformHead: runLayout.settingsDrawsMax });
  return new ReplayedChoices(spec.values, { kind: "random", seed: spec.tailSeed });
}

/** One proposed run: the source to run with, the same as plain data, and the operator that made it (`null` for a fresh random run). */
export interface Proposal {
  readonly source: ChoiceSource;
  readonly spec: ChoicesSpec;
  readonly operator: MutationOperator | "resume" | null;
  /**
   * Whether the strategy reads the run's coverage. False for random and
   * sparse runs (a portfolio's random member's too): a hunt may then run
   * it on a target that leaves the coverage probes out, which makes the
   * same run for less work.
   */
  readonly coverage: boolean;
}

/** Pulls and mean reward of one arm in a bandit hunt (the operators, and `"fresh"`). */
export interface OperatorStats {
  readonly arm: ProposalArm;
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
/**
 * Guided strategies start with this many of random search's own trials: a
 * defect that random search finds at once is found as fast, and the corpus
 * starts from varied runs instead of mutants of the first one.
 */
export const WARMUP_TRIALS = 16;
/** After the warm-up, `coverage` makes one trial in FRESH_EVERY a fresh random run, so it never explores less than random search. */
const FRESH_EVERY = 4;
/** `sparse` cycles through these densities of unusual decisions, in percent of the draws after the settings. */
const SPARSE_PERCENTS = [1, 3, 10, 30] as const;
/** Mutants keep the parent's suffix one time in KEEP_SUFFIX_EVERY; otherwise they are cut after the change and fresh draws follow. */
const KEEP_SUFFIX_EVERY = 5;
/** After the warm-up, `explore` makes RESUME_OF of every EXPLORE_OF trials a return to a kept state, one a fresh random run, the rest mutants as `coverage` makes them. */
const EXPLORE_OF = 8;
const RESUME_OF = 5;

const banditArms: readonly ProposalArm[] = [...mutationOperators, "fresh"];

/**
 * Creates the strategy `name` seeded with `seed`.
 *
 * Details: trial `t` of a guided strategy is either random search's trial
 * `t` itself (same seed stream) or a mutant, so a guided hunt's fresh runs
 * are a subset of a random hunt's with the same seed.
 *
 * A kept run is weighed by the features it reached first (what earned it
 * its place), as libFuzzer weighs an input by the features it alone
 * covers: weighing it by every feature it reached cost more than the run
 * itself (a run reaches tens of features, hundreds of behaviours, most of
 * them common) and was dominated by the common ones.
 *
 * @example
 * ```ts
 * const strategy = createStrategy("bandit", 42);
 * const proposal = strategy.propose(0);
 * strategy.observe(proposal, target.run(proposal.source));
 * ```
 */
export function createStrategy(name: StrategyName, seed: number): SearchStrategy {
  if (name === "portfolio") return createPortfolio(seed);
  const corpus = new Corpus();
  const bandit = name === "bandit" ? new Ucb1(banditArms) : null;
  // The arm of every proposal after the warm-up, for the bandit's reward (a proposal only carries its operator).
  const arms = new WeakMap<Proposal, ProposalArm>();
  // Only the corpus reads coverage: random and sparse keep none.
  const coverage = name !== "random" && name !== "sparse";
  const fresh = (trial: number): Proposal => {
    const spec: ChoicesSpec = { kind: "generated", seed: deriveSeed(seed ^ FRESH, trial) };
    return { source: choicesFromSpec(spec), spec, operator: null, coverage };
  };
  const sparse = (trial: number): Proposal => {
    const spec: ChoicesSpec = { kind: "sparse", seed: deriveSeed(seed ^ FRESH, trial), percent: SPARSE_PERCENTS[trial % SPARSE_PERCENTS.length] as number };
    return { source: choicesFromSpec(spec), spec, operator: null, coverage };
  };
  return {
    get coverage() {
      return corpus.features;
    },
    get corpusSize() {
      return corpus.entries.length;
    },
    propose(trial) {
      if (name === "sparse" && trial >= WARMUP_TRIALS) return sparse(trial);
      if (name === "random" || name === "sparse" || trial < WARMUP_TRIALS || corpus.entries.length === 0) return fresh(trial);
      const random = new GeneratedChoices(deriveSeed(seed ^ MUTATE, trial));
      const arm = bandit ? bandit.choose() : name === "explore" ? exploreArm(random) : random.draw(FRESH_EVERY) === 0 ? "fresh" : pickOperator(random);
      if (arm === "fresh") {
        const proposal = fresh(trial);
        arms.set(proposal, "fresh");
        return proposal;
      }
      const parent = corpus.pick(random);
      const cut = arm === "resume" ? pickResumePoint(corpus, parent, random) : null;
      if (cut !== null) {
        // Return to the state the parent reached at `cut`, then fresh draws.
        const spec: ChoicesSpec = { kind: "replayed", values: parent.choices.slice(0, cut), tailSeed: deriveSeed(seed ^ TAIL, trial) };
        return { source: choicesFromSpec(spec), spec, operator: "resume", coverage };
      }
      const operator = arm === "resume" ? pickOperator(random) : arm;
      const other = corpus.any(random);
      const mutant = mutate(operator, { choices: parent.choices, spans: parent.spans, other: other.choices }, random);
      const keep = operator !== "reroll-tail" && random.draw(KEEP_SUFFIX_EVERY) === 0;
      const values = keep ? mutant.choices : mutant.choices.slice(0, mutant.changedUpTo);
      const spec: ChoicesSpec = { kind: "replayed", values, tailSeed: deriveSeed(seed ^ TAIL, trial) };
      const proposal: Proposal = { source: choicesFromSpec(spec), spec, operator, coverage };
      arms.set(proposal, operator);
      return proposal;
    },
    observe(proposal, outcome) {
      const freshAt = corpus.observeFresh(outcome.coverage);
      const fresh = freshAt.length;
      if (name !== "random" && fresh > 0) corpus.add(contributed(outcome, freshAt));
      const arm = arms.get(proposal);
      if (bandit && arm !== undefined) bandit.reward(arm, fresh > 0 ? 1 : 0);
      return fresh;
    },
    operatorStats() {
      return bandit ? bandit.stats() : [];
    },
  };
}

/** A kept run reduced to the features it reached first (indices `freshAt` into its coverage), with their positions. */
function contributed(outcome: Outcome, freshAt: readonly number[]): { choices: readonly number[]; spans: Outcome["spans"]; features: number[]; positions: number[] | undefined } {
  const at = outcome.coverageAt;
  return { choices: outcome.choices, spans: outcome.spans, features: freshAt.map((i) => outcome.coverage[i] as number), positions: at === undefined ? undefined : freshAt.map((i) => at[i] as number) };
}

function pickOperator(random: ChoiceSource): MutationOperator {
  return mutationOperators[random.draw(mutationOperators.length)] as MutationOperator;
}

/** Explore's arm for one trial: mostly a return to a kept state, sometimes a fresh run or a plain mutant. */
function exploreArm(random: ChoiceSource): ProposalArm {
  const roll = random.draw(EXPLORE_OF);
  if (roll < RESUME_OF) return "resume";
  return roll === RESUME_OF ? "fresh" : pickOperator(random);
}

/**
 * The portfolio's turns, in order: random search and explore, one trial in
 * two each. In the hunt's world (the swarm profile with the nemesis, a 4 s
 * fault phase) random search finds every seeded Raft and Paxos defect at
 * least as fast as any guided strategy, measured over 30 to 60 campaigns per
 * defect (the figures are in docs/results.md); explore stays for deep states a
 * protocol's world may still make rare, and random's half keeps the
 * portfolio's fresh runs as varied as random search's. Coverage and bandit
 * were measured no better than random.
 */
export const portfolioMembers: readonly Exclude<StrategyName, "portfolio">[] = ["random", "explore"];
const PORTFOLIO = 0x3c6ef372;

/**
 * A portfolio of strategies taking turns: trial `t` goes to the member at
 * turn `t mod k` of `members` (k turns). A name may take several turns: it
 * is still one strategy (one campaign, its trials numbered in turn order),
 * so `["random", "explore", "explore"]` gives explore two trials in three.
 * Each distinct member is a whole strategy with its own seed, derived from
 * `seed` and its first turn, so the members are independent campaigns from
 * their first trial (a guided member's warm-up is its own random trials,
 * not the random member's) and each sees only its own outcomes.
 *
 * When to use: as the default. On a defect one strategy finds fast the
 * portfolio pays at most k / (its turns) times that strategy's trials; on a
 * defect where one strategy stalls, the others still search.
 *
 * Gotchas: `coverage` and `corpusSize` are the members' sums (a feature two
 * members saw counts twice); `operatorStats` are the bandit members'.
 *
 * @example
 * ```ts
 * const portfolio = createPortfolio(1);
 * const proposal = portfolio.propose(0); // the random member's first trial
 * ```
 */
export function createPortfolio(seed: number, members: readonly Exclude<StrategyName, "portfolio">[] = portfolioMembers): SearchStrategy {
  const byName = new Map<string, SearchStrategy>();
  members.forEach((name, i) => {
    if (!byName.has(name)) byName.set(name, createStrategy(name, deriveSeed(seed ^ PORTFOLIO, i)));
  });
  const strategies = [...byName.values()];
  const turns = members.map((name) => byName.get(name) as SearchStrategy);
  // A member's own trial number at turn `i` of a round: its turns in a round times the round, plus its earlier turns in this round.
  const perRound = turns.map((member) => turns.filter((m) => m === member).length);
  const before = turns.map((member, i) => turns.slice(0, i).filter((m) => m === member).length);
  const owner = new WeakMap<Proposal, SearchStrategy>();
  const k = turns.length;
  return {
    get coverage() {
      return strategies.reduce((sum, s) => sum + s.coverage, 0);
    },
    get corpusSize() {
      return strategies.reduce((sum, s) => sum + s.corpusSize, 0);
    },
    propose(trial) {
      const turn = trial % k;
      const member = turns[turn] as SearchStrategy;
      const proposal = member.propose(Math.floor(trial / k) * (perRound[turn] as number) + (before[turn] as number));
      owner.set(proposal, member);
      return proposal;
    },
    observe(proposal, outcome) {
      return owner.get(proposal)?.observe(proposal, outcome) ?? 0;
    },
    operatorStats() {
      return strategies.flatMap((s) => s.operatorStats());
    },
  };
}
