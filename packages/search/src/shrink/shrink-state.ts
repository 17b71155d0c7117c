import { GeneratedChoices, type Span } from "@cx/sim";
import { compareShortlex, countNonZero, trimChoices } from "../choice-order.js";
import { hashChoices, hashFrozen, hashLayout } from "../internal/hash-choices.js";
import { KeyedReplay, queuesByKey } from "../internal/keyed-replay.js";
import type { Outcome, Target } from "../target.js";
import { passCounters, type PassCounters } from "./pass-stats.js";

/** What a run made only to learn its layout leaves behind: its spans and the kind of each of its draws. */
export interface RunRecord {
  readonly spans: readonly Span[];
  readonly keys: readonly string[];
}

/** A pass that skips candidates without running them looks at the outer time cap every this many asks: a clock read costs far less than a run. */
const TIME_POLL = 1024;

/** A round of a pass with a run allowance spends at most this share of the runs left when it starts: a long best must not let one round eat what the other passes need to converge. */
const ROUND_SHARE_MAX = 0.25;

/** Why the state stopped taking candidates. */
export type BudgetStop = "time-budget" | "candidate-budget";

/** What the state needs from the caller's options. */
export interface StateSetup<O extends Outcome> {
  readonly target: Target<O>;
  readonly invariant: string;
  readonly candidateRunsMax: number;
  readonly clock: (() => number) | undefined;
  readonly timeBudgetMs: number | undefined;
  readonly onProgress: ((progress: { candidateRuns: number; rounds: number; decisions: number; nonZero: number; best: readonly number[] }) => void) | undefined;
}

/**
 * The shrinker's state shared by every pass: the best sequence so far (its
 * outcome, spans and the kind of each draw), the cache of candidates
 * already run, the run budget, and the counters of the pass now running.
 * Passes only propose candidates through `consider*`; only a candidate whose
 * run breaks the same invariant with a record strictly smaller in shortlex
 * becomes the best, which is why every pass keeps the violation, never
 * grows the sequence and terminates.
 */
export class ShrinkState<O extends Outcome> {
  best: number[] = [];
  bestOutcome: O | null = null;
  /** The kind of each draw of the best run (see KeyedReplay). */
  bestKeys: string[] = [];
  runs = 0;
  hits = 0;
  rounds = 0;
  stop: BudgetStop | null = null;
  /** Bumped on every new best: a pass that failed at this version would fail again. */
  version = 0;
  private readonly seen = new Set<string>();
  /** Spans and kinds of the draws of runs made to learn a candidate's layout (see `recordOf`). */
  private readonly layouts = new Map<string, RunRecord>();
  private lastKeys: string[] = [];
  private readonly started: number | null;
  /** Asks of `stopped` and candidates skipped as seen, since the start: every TIME_POLL-th looks at the clock. */
  private polls = 0;
  private counters: PassCounters = passCounters("initial run");
  /** Per pass, how many of its rounds in a row spent runs to their end without a new best. */
  private readonly misses = new Map<string, number>();
  /** The run count the round of the pass now counted may not pass, whatever its allowance (see ROUND_SHARE_MAX). */
  roundEnd = 0;

  constructor(private readonly setup: StateSetup<O>) {
    this.started = setup.clock ? setup.clock() : null;
  }

  /** Runs the input as given; true if it breaks the invariant (it then becomes the best). */
  start(choices: readonly number[]): O {
    const source = new KeyedReplay({ flat: choices });
    this.runs++;
    const outcome = this.setup.target.run(source);
    this.lastKeys = source.keys;
    if (this.reproduces(outcome)) {
      this.best = trimChoices(outcome.choices);
      this.bestOutcome = outcome;
      this.bestKeys = this.lastKeys;
      this.seen.add(hashChoices(this.best));
    }
    return outcome;
  }

  /** The pass whose candidates are counted from now on (a round of it starts). */
  countFor(counters: PassCounters): void {
    this.counters = counters;
    this.roundEnd = this.runs + Math.floor(Math.max(0, this.setup.candidateRunsMax - this.runs) * ROUND_SHARE_MAX);
  }

  /** Records how a round of the pass `name` ended: a new best clears its misses, a round without one adds to them. */
  notePayoff(name: string, paid: boolean): void {
    this.misses.set(name, paid ? 0 : (this.misses.get(name) ?? 0) + 1);
  }

  /**
   * The share of its allowance the pass now counted may spend: whole for its
   * first two rounds in a row that find nothing (a change elsewhere often
   * opens what the first could not), then halved for each further one, as
   * Hypothesis schedules passes by how much they have been paying off, so a
   * dear pass that keeps failing on a find stops eating its budget.
   */
  payoffShare(): number {
    // After a long run of misses only the caller's floor is left.
    return 2 ** -Math.max(0, (this.misses.get(this.counters.name) ?? 0) - 1);
  }

  /** Whether the budget is spent; every {@link TIME_POLL}-th ask looks at the time cap, so a pass that only skips still stops in time. */
  get stopped(): boolean {
    if (this.stop === null && ++this.polls % TIME_POLL === 0) this.checkTime();
    return this.stop !== null;
  }

  spans(): readonly Span[] {
    return this.bestOutcome?.spans ?? [];
  }

  /** Runs `candidate` (flat replay) if it is below the best and new; true if it became the best. */
  consider(candidate: number[]): boolean {
    if (compareShortlex(candidate, this.best) >= 0) return false;
    return this.evaluate(hashChoices(candidate), () => new KeyedReplay({ flat: candidate }));
  }

  /** Runs the best edited in place with each kind of draw from its own queue, so a decision that vanishes does not shift the meaning of unrelated ones. */
  considerAligned(edited: readonly number[]): boolean {
    return this.evaluate(`k${hashChoices(edited)}|${hashFrozen(this.best)}`, () => new KeyedReplay({ queues: queuesByKey(edited, this.bestKeys) }));
  }

  /** Replays `values` of the given kinds, each kind from its own queue (a candidate built from another run's draws). */
  considerKeyed(values: readonly number[], keys: readonly string[]): boolean {
    return this.evaluate(`q${hashChoices(values)}|${hashLayout(keys)}|${hashFrozen(this.best)}`, () => new KeyedReplay({ queues: queuesByKey(values, keys) }));
  }

  /** Replays `prefix`, then draws from a generator seeded with `tailSeed` (the same run on any machine); true if its record became the best. Nothing is known of the record before the run, so every new call costs one. */
  considerRedrawn(prefix: readonly number[], tailSeed: number): boolean {
    return this.evaluate(`r${hashChoices(prefix)}|${tailSeed}`, () => new KeyedReplay({ flat: prefix, tail: new GeneratedChoices(tailSeed) }));
  }

  /** Runs `candidate` flat to learn its spans and the kind of every draw, accepting it as `consider` would; `null` once over budget. */
  recordOf(candidate: readonly number[]): RunRecord | null {
    const key = hashChoices(candidate);
    const known = this.layouts.get(key);
    if (known !== undefined) return known;
    const run = this.runCounted(key, new KeyedReplay({ flat: candidate }));
    if (run === null) return null;
    const record: RunRecord = { spans: run.outcome.spans, keys: this.lastKeys };
    this.layouts.set(key, record);
    return record;
  }

  private evaluate(key: string, source: () => KeyedReplay): boolean {
    if (!this.seen.has(key)) return this.runCounted(key, source())?.improved === true;
    // Seen before: if it reproduced, the best is already at or below its record.
    this.counters.tried++;
    this.hits++;
    if (++this.polls % TIME_POLL === 0) this.checkTime();
    return false;
  }

  /** Runs a new candidate, counted for the current pass; null once over budget. */
  private runCounted(key: string, source: KeyedReplay): { readonly outcome: O; readonly improved: boolean } | null {
    this.counters.tried++;
    if (this.overBudget()) return null;
    this.seen.add(key);
    this.runs++;
    this.counters.runs++;
    const outcome = this.setup.target.run(source);
    this.lastKeys = source.keys;
    const improved = this.accept(outcome);
    if (improved) this.counters.accepted++;
    return { outcome, improved };
  }

  private accept(outcome: O): boolean {
    const trimmed = trimChoices(outcome.choices);
    const improved = this.reproduces(outcome) && compareShortlex(trimmed, this.best) < 0;
    if (this.reproduces(outcome)) this.seen.add(hashChoices(trimmed));
    if (improved) {
      this.best = trimmed;
      this.bestOutcome = outcome;
      this.bestKeys = this.lastKeys;
      this.version++;
    }
    this.setup.onProgress?.({ candidateRuns: this.runs, rounds: this.rounds, decisions: this.best.length, nonZero: countNonZero(this.best), best: this.best });
    return improved;
  }

  reproduces(outcome: O): boolean {
    return outcome.violation !== null && outcome.violation.invariant === this.setup.invariant;
  }

  private overBudget(): boolean {
    // The run budget is checked first: when it binds, the clock cannot change the result.
    if (this.runs >= this.setup.candidateRunsMax) this.stop = "candidate-budget";
    else this.checkTime();
    return this.stop !== null;
  }

  /** The outer time cap alone (the run budget binds only when a run is due: a pass that only skips keeps its result). */
  private checkTime(): void {
    const elapsed = this.elapsedMs();
    if (elapsed !== null && this.setup.timeBudgetMs !== undefined && elapsed >= this.setup.timeBudgetMs) this.stop = "time-budget";
  }

  /** Milliseconds by the injected clock since the state was made, or `null` without one. */
  elapsedMs(): number | null {
    return this.setup.clock && this.started !== null ? this.setup.clock() - this.started : null;
  }
}
