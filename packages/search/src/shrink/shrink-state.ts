import type { Span } from "@cx/sim";
import { compareShortlex, countNonZero, trimChoices } from "../choice-order.js";
import { hashChoices } from "../internal/hash-choices.js";
import { KeyedReplay, queuesByKey } from "../internal/keyed-replay.js";
import type { Range } from "../internal/ranges.js";
import type { Outcome, Target } from "../target.js";
import { passCounters, type PassCounters } from "./pass-stats.js";

/** What a run made only to learn its layout leaves behind: its spans and the kind of each of its draws. */
export interface RunRecord {
  readonly spans: readonly Span[];
  readonly keys: readonly string[];
}

/**
 * How often a pass that makes candidates without running them looks at the
 * outer time cap: every this many asks. A clock read costs far less than a
 * run, and a pass skips at most a few thousand candidates a millisecond.
 */
const TIME_POLL = 1024;

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

  constructor(private readonly setup: StateSetup<O>) {
    this.started = setup.clock ? setup.clock() : null;
  }

  /** Runs the input as given; true if it breaks the invariant (it then becomes the best). */
  start(choices: readonly number[]): O {
    const outcome = this.execute(new KeyedReplay({ flat: choices }));
    if (this.reproduces(outcome)) {
      this.best = trimChoices(outcome.choices);
      this.bestOutcome = outcome;
      this.bestKeys = this.lastKeys;
      this.seen.add(hashChoices(this.best));
    }
    return outcome;
  }

  /** The pass whose candidates are counted from now on. */
  countFor(counters: PassCounters): void {
    this.counters = counters;
  }

  /**
   * Whether the budget is spent. Passes ask before every candidate, and
   * some make many that never run (seen before, or not below the best):
   * the outer time cap is then looked at every {@link TIME_POLL} asks, so
   * a pass that only skips still stops in time.
   */
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

  /**
   * Runs the best sequence edited in place (same length, same kinds of
   * draws) with each kind of draw replayed from its own queue, so a
   * decision that vanishes does not shift the meaning of unrelated ones.
   */
  considerAligned(edited: readonly number[]): boolean {
    return this.evaluate(`k${hashChoices(edited)}|${hashChoices(this.best)}`, () => new KeyedReplay({ queues: queuesByKey(edited, this.bestKeys) }));
  }

  /** Replays the best sequence without `ranges` (sorted, disjoint), each kind of draw from its own queue. */
  considerAlignedDeletion(ranges: readonly Range[]): boolean {
    const values: number[] = [];
    const keys: string[] = [];
    let at = 0;
    for (const range of [...ranges, { start: this.best.length, end: this.best.length }]) {
      for (let i = at; i < range.start; i++) {
        values.push(this.best[i] ?? 0);
        keys.push(this.bestKeys[i] ?? "");
      }
      at = Math.max(at, range.end);
    }
    const key = `d${hashChoices(ranges.flatMap((r) => [r.start, r.end]))}|${hashChoices(this.best)}`;
    return this.evaluate(key, () => new KeyedReplay({ queues: queuesByKey(values, keys) }));
  }

  /** Replays `values` of the given kinds, each kind from its own queue (a candidate built from another run's draws). */
  considerKeyed(values: readonly number[], keys: readonly string[]): boolean {
    return this.evaluate(`q${hashChoices(values)}|${hashChoices(keys.map((k) => k.length))}|${hashChoices(this.best)}`, () => new KeyedReplay({ queues: queuesByKey(values, keys) }));
  }

  /**
   * Runs `candidate` flat to learn its layout (its spans), accepting it as
   * `consider` would if it reproduces and is smaller; `null` once over budget.
   */
  layoutOf(candidate: readonly number[]): readonly Span[] | null {
    return this.recordOf(candidate)?.spans ?? null;
  }

  /** As `layoutOf`, with the kind of every draw of the run as well (to place decisions into it by kind). */
  recordOf(candidate: readonly number[]): RunRecord | null {
    const key = hashChoices(candidate);
    const known = this.layouts.get(key);
    if (known !== undefined) return known;
    this.counters.tried++;
    if (this.overBudget()) return null;
    this.seen.add(key);
    const outcome = this.execute(new KeyedReplay({ flat: candidate }));
    this.counters.runs++;
    const record: RunRecord = { spans: outcome.spans, keys: this.lastKeys };
    if (this.accept(outcome)) this.counters.accepted++;
    this.layouts.set(key, record);
    return record;
  }

  private evaluate(key: string, source: () => KeyedReplay): boolean {
    this.counters.tried++;
    if (this.seen.has(key)) {
      // Seen before: if it reproduced, the best is already at or below its record.
      this.hits++;
      if (++this.polls % TIME_POLL === 0) this.checkTime();
      return false;
    }
    if (this.overBudget()) return false;
    this.seen.add(key);
    const outcome = this.execute(source());
    this.counters.runs++;
    const improved = this.accept(outcome);
    if (improved) this.counters.accepted++;
    return improved;
  }

  private execute(source: KeyedReplay): O {
    this.runs++;
    const outcome = this.setup.target.run(source);
    this.lastKeys = source.keys;
    return outcome;
  }

  private accept(outcome: O): boolean {
    let improved = false;
    if (this.reproduces(outcome)) {
      const trimmed = trimChoices(outcome.choices);
      this.seen.add(hashChoices(trimmed));
      if (compareShortlex(trimmed, this.best) < 0) {
        this.best = trimmed;
        this.bestOutcome = outcome;
        this.bestKeys = this.lastKeys;
        this.version++;
        improved = true;
      }
    }
    this.setup.onProgress?.({ candidateRuns: this.runs, rounds: this.rounds, decisions: this.best.length, nonZero: countNonZero(this.best), best: this.best });
    return improved;
  }

  reproduces(outcome: O): boolean {
    return outcome.violation !== null && outcome.violation.invariant === this.setup.invariant;
  }

  private overBudget(): boolean {
    const { candidateRunsMax, clock, timeBudgetMs } = this.setup;
    // The run budget is checked first: when it binds, the clock cannot change the result.
    if (this.runs >= candidateRunsMax) this.stop = "candidate-budget";
    else if (clock && this.started !== null && timeBudgetMs !== undefined && clock() - this.started >= timeBudgetMs) this.stop = "time-budget";
    return this.stop !== null;
  }

  /** The outer time cap alone (the run budget binds only when a run is due: a pass that only skips keeps its result). */
  private checkTime(): void {
    const { clock, timeBudgetMs } = this.setup;
    if (clock && this.started !== null && timeBudgetMs !== undefined && clock() - this.started >= timeBudgetMs) this.stop = "time-budget";
  }

  /** Milliseconds by the injected clock since the state was made, or `null` without one. */
  elapsedMs(): number | null {
    return this.setup.clock && this.started !== null ? this.setup.clock() - this.started : null;
  }
}
