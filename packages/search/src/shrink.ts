import { ReplayedChoices } from "@cx/sim";
import { compareShortlex, countNonZero, trimChoices } from "./choice-order.js";
import { hashChoices } from "./internal/hash-choices.js";
import { hasNonZero, highestPowerOfTwo, replaceRange, spanRanges, type Range } from "./internal/ranges.js";
import type { Outcome, Target } from "./target.js";

/** What `shrink` needs: the target, a failing sequence and the invariant it broke. */
export interface ShrinkOptions<O extends Outcome = Outcome> {
  readonly target: Target<O>;
  /** A sequence that makes `target` break `violation.invariant` (raw or trimmed). */
  readonly choices: readonly number[];
  /** Only `invariant` matters: a candidate counts if it breaks the same one. */
  readonly violation: { readonly invariant: string };
  /** Milliseconds from any origin (the CLI passes `() => performance.now()`); without it `ms` is `null` and no time budget applies. */
  readonly clock?: () => number;
  /** Stop after this long (needs `clock`); the best sequence so far is returned. */
  readonly timeBudgetMs?: number;
  /** Stop after this many target runs (cache hits are free and not counted). */
  readonly maxCandidates?: number;
  /** Called after every target run, for a progress display. */
  readonly onProgress?: (progress: ShrinkProgress) => void;
}

/** Where a shrink stands, reported to `onProgress`. */
export interface ShrinkProgress {
  readonly candidateRuns: number;
  readonly rounds: number;
  /** Length and non-zero count of the best sequence so far. */
  readonly decisions: number;
  readonly nonZero: number;
}

/** Why a shrink stopped. */
export type ShrinkStop = "converged" | "time-budget" | "candidate-budget" | "not-reproduced";

/** The figures of one shrink. */
export interface ShrinkStats {
  /** Length of the sequence as given. */
  readonly decisionsBefore: number;
  readonly nonZeroBefore: number;
  /** Length of the result (always trimmed of trailing zeros). */
  readonly decisionsAfter: number;
  readonly nonZeroAfter: number;
  /** Target runs made (the cost); cache hits are counted apart. */
  readonly candidateRuns: number;
  readonly cacheHits: number;
  /** Time taken by the injected clock, or `null` when none was given. */
  readonly ms: number | null;
  /** True when a full round of every pass changed nothing: a local minimum. */
  readonly converged: boolean;
  readonly rounds: number;
  readonly stoppedBy: ShrinkStop;
}

/**
 * The result of `shrink`. When `reproduced` is false the sequence given did
 * not break the invariant at all: `choices` is it (trimmed) and `outcome` is
 * what it did instead.
 */
export interface ShrinkResult<O extends Outcome = Outcome> {
  readonly reproduced: boolean;
  readonly choices: number[];
  readonly outcome: O;
  readonly stats: ShrinkStats;
}

/**
 * Shrinks a failing choice sequence to a small one that breaks the same
 * invariant, knowing nothing about the protocol behind `target`.
 *
 * When to use: after `hunt` finds a violation, before showing or saving it.
 *
 * Guarantees: the result replays (zeros past its end) to a violation of the
 * same invariant; it is never larger than the input in shortlex order
 * (shorter, then lexicographically smaller), and it is trimmed of trailing
 * zeros; the search is deterministic (no randomness), so the same input
 * gives the same result; `converged` means a whole round of passes changed
 * nothing. Passes, big reductions first: zero ddmin-style chunks, replace
 * each labelled span by nothing or by zeros, delete chunks, delete runs of
 * zeros, lower each value by binary search toward 0. Each candidate run is
 * cached by a hash of its sequence.
 *
 * Gotchas: budgets end the search early with `converged: false` and the
 * best result so far. The library never reads the wall clock: pass `clock`.
 *
 * @example
 * ```ts
 * const small = shrink({ target, choices: found.choices, violation: found.outcome.violation, clock: () => performance.now(), timeBudgetMs: 10_000 });
 * console.log(small.stats.decisionsBefore, "->", small.stats.decisionsAfter);
 * ```
 */
export function shrink<O extends Outcome>(options: ShrinkOptions<O>): ShrinkResult<O> {
  return new Shrinker(options).run();
}

type Stop = "time-budget" | "candidate-budget" | null;

class Shrinker<O extends Outcome> {
  private readonly cache = new Map<string, boolean>();
  private readonly started: number | null;
  private best: number[] = [];
  private bestOutcome: O | null = null;
  private runs = 0;
  private hits = 0;
  private rounds = 0;
  private stop: Stop = null;

  constructor(private readonly options: ShrinkOptions<O>) {
    this.started = options.clock ? options.clock() : null;
  }

  run(): ShrinkResult<O> {
    const { choices } = this.options;
    const first = this.execute(choices);
    const before = { decisions: choices.length, nonZero: countNonZero(choices) };
    if (!this.reproduces(first)) {
      return { reproduced: false, choices: trimChoices(first.choices), outcome: first, stats: this.stats(before, "not-reproduced") };
    }
    this.best = trimChoices(first.choices);
    this.bestOutcome = first;
    this.cache.set(hashChoices(this.best), true);
    let converged = false;
    while (this.stop === null) {
      this.rounds++;
      const start = this.best;
      this.zeroChunks();
      this.replaceSpans();
      this.deleteSpanRuns();
      this.deleteInsideSpans();
      this.deleteChunks();
      this.deleteZeroRuns();
      this.lowerValues();
      this.lowerPairs();
      if (this.stop === null && compareShortlex(this.best, start) === 0) converged = true;
      if (converged) break;
    }
    return { reproduced: true, choices: this.best, outcome: this.bestOutcome as O, stats: this.stats(before, converged ? "converged" : (this.stop ?? "converged")) };
  }

  // ---- passes ------------------------------------------------------------

  /** ddmin on zeroing: halves, quarters, ... down to single values; later windows first so tails vanish early. */
  private zeroChunks(): void {
    for (let k = highestPowerOfTwo(Math.max(1, this.best.length >> 1)); k >= 1 && this.stop === null; k >>= 1) {
      for (let start = Math.floor((this.best.length - 1) / k) * k; start >= 0 && this.stop === null; start -= k) {
        const range = { start, end: Math.min(start + k, this.best.length) };
        if (range.end <= range.start || !hasNonZero(this.best, range)) continue;
        this.consider(replaceRange(this.best, range, zeros(range.end - range.start)));
      }
    }
  }

  /**
   * Each labelled span holding something unusual: delete it, then replace it
   * by 1.. fewer zeros, then zero it. A shorter run of zeros matters because
   * zeroing a "crash?" draw also skips the "which node" draw after it, so the
   * zeroed span is one draw too long and would shift every later decision.
   */
  private replaceSpans(): void {
    let ranges = spanRanges(this.bestSpans(), this.best.length);
    for (let i = 0; i < ranges.length && this.stop === null; i++) {
      const range = ranges[i] as Range;
      if (range.end > this.best.length || !hasNonZero(this.best, range)) continue;
      const width = range.end - range.start;
      for (let fill = 0; fill <= width && this.stop === null; fill++) {
        if (this.consider(replaceRange(this.best, range, zeros(fill)))) {
          ranges = spanRanges(this.bestSpans(), this.best.length);
          break;
        }
      }
    }
  }

  /**
   * ddmin over runs of consecutive top-level spans (whole decisions): a
   * window of calm decisions deleted moves every later decision earlier
   * while keeping each one aligned with what it means.
   */
  private deleteSpanRuns(): void {
    let units = topLevel(this.bestSpans(), this.best.length);
    for (let k = highestPowerOfTwo(Math.max(1, units.length >> 1)); k >= 1 && this.stop === null; k >>= 1) {
      for (let first = Math.floor((units.length - 1) / k) * k; first >= 0 && this.stop === null; first -= k) {
        const last = Math.min(first + k, units.length) - 1;
        const from = units[first];
        const to = units[last];
        if (from === undefined || to === undefined || to.end > this.best.length) continue;
        if (this.consider(replaceRange(this.best, { start: from.start, end: to.end }, []))) {
          units = topLevel(this.bestSpans(), this.best.length);
        }
      }
    }
  }

  /**
   * Inside each top-level span: delete an unusual value and the one or two
   * draws after it, padding the span's end with zeros. That removes a
   * decision together with its dependent draws ("crash?" and "which node")
   * while every later span stays where it was.
   */
  private deleteInsideSpans(): void {
    let units = topLevel(this.bestSpans(), this.best.length);
    for (let u = units.length - 1; u >= 0 && this.stop === null; u--) {
      const unit = units[u];
      if (unit === undefined || unit.end > this.best.length) continue;
      for (let i = unit.start; i < unit.end && this.stop === null; i++) {
        if ((this.best[i] ?? 0) === 0) continue;
        for (let k = 1; k <= 2 && i + k <= unit.end; k++) {
          const inside = [...this.best.slice(i + k, unit.end), ...zeros(k)];
          if (this.consider(replaceRange(this.best, { start: i, end: unit.end }, inside))) {
            units = topLevel(this.bestSpans(), this.best.length);
            break;
          }
        }
      }
    }
  }

  /** ddmin on deletion, skipping windows of zeros (deleteZeroRuns covers those more cheaply). */
  private deleteChunks(): void {
    for (let k = highestPowerOfTwo(Math.max(1, this.best.length >> 1)); k >= 1 && this.stop === null; k >>= 1) {
      for (let start = Math.floor((this.best.length - 1) / k) * k; start >= 0 && this.stop === null; start -= k) {
        const range = { start, end: Math.min(start + k, this.best.length) };
        if (range.end <= range.start || !hasNonZero(this.best, range)) continue;
        this.consider(replaceRange(this.best, range, []));
      }
    }
  }

  /**
   * Deleting any `n` zeros of one run of zeros gives the same sequence, so
   * per run try `n` = all, half, quarter, ... and 3, 2, 1: this moves the
   * unusual decisions after it earlier, which is what shortens a sequence.
   */
  private deleteZeroRuns(): void {
    let end = this.best.length;
    while (end > 0 && this.stop === null) {
      // Find the run of zeros ending just before the next non-zero at or before `end`.
      let stop = end;
      while (stop > 0 && this.best[stop - 1] !== 0) stop--;
      let start = stop;
      while (start > 0 && this.best[start - 1] === 0) start--;
      const length = stop - start;
      if (length > 0) {
        for (const n of deletionSizes(length)) {
          if (this.stop !== null) break;
          if (this.consider(replaceRange(this.best, { start, end: start + n }, []))) break;
        }
      }
      end = Math.min(start, this.best.length);
    }
  }

  /**
   * Binary search each value toward 0, assuming (not requiring) that smaller
   * values still fail. A probe that fails as is is retried with every later
   * value above the old one raised to the maximum (replay clamps it): still
   * smaller in shortlex, and it lets a lower fault level through when it
   * needs bolder faults after it (percent draws are the large values; small
   * ones such as node ids are left alone); the next passes lower them again.
   */
  private lowerValues(): void {
    for (let i = 0; i < this.best.length && this.stop === null; i++) {
      let hi = this.best[i] ?? 0;
      if (hi === 0) continue;
      let lo = -1;
      while (hi - lo > 1 && this.stop === null && i < this.best.length) {
        const mid = lo === -1 ? 0 : (lo + hi) >> 1;
        const lowered = with1(this.best, i, mid);
        if (this.consider(lowered) || this.consider(raiseAfter(lowered, i, hi))) hi = Math.min(mid, this.best[i] ?? 0);
        else lo = mid;
      }
    }
  }

  /**
   * Zero one unusual value while zeroing or decrementing one of the next
   * few: removing a first crash renumbers what later values mean (the
   * leader changes, so "crash node 1" must become "crash node 0").
   */
  private lowerPairs(): void {
    for (let i = 0; i < this.best.length && this.stop === null; i++) {
      if ((this.best[i] ?? 0) === 0) continue;
      let partners = 0;
      for (let j = i + 1; j < this.best.length && partners < PAIR_REACH && this.stop === null; j++) {
        const v = this.best[j] ?? 0;
        if (v === 0) continue;
        partners++;
        const zeroed = with1(this.best, i, 0);
        if (this.consider(with1(zeroed, j, 0)) || this.consider(with1(zeroed, j, v - 1))) break;
      }
    }
  }

  // ---- evaluation ----------------------------------------------------------

  /** Runs `candidate` if it is below the best and new; true if it became the best. */
  private consider(candidate: number[]): boolean {
    if (compareShortlex(candidate, this.best) >= 0) return false;
    const key = hashChoices(candidate);
    if (this.cache.has(key)) {
      // Seen before: if it reproduced, the best is already at or below its trimmed record.
      this.hits++;
      return false;
    }
    if (this.overBudget()) return false;
    const outcome = this.execute(candidate);
    const ok = this.reproduces(outcome);
    this.cache.set(key, ok);
    let improved = false;
    if (ok) {
      const trimmed = trimChoices(outcome.choices);
      this.cache.set(hashChoices(trimmed), true);
      if (compareShortlex(trimmed, this.best) < 0) {
        this.best = trimmed;
        this.bestOutcome = outcome;
        improved = true;
      }
    }
    this.options.onProgress?.({ candidateRuns: this.runs, rounds: this.rounds, decisions: this.best.length, nonZero: countNonZero(this.best) });
    return improved;
  }

  private execute(candidate: readonly number[]): O {
    this.runs++;
    return this.options.target.run(new ReplayedChoices(candidate));
  }

  private reproduces(outcome: O): boolean {
    return outcome.violation !== null && outcome.violation.invariant === this.options.violation.invariant;
  }

  private overBudget(): boolean {
    const { maxCandidates, clock, timeBudgetMs } = this.options;
    if (maxCandidates !== undefined && this.runs >= maxCandidates) this.stop = "candidate-budget";
    else if (clock && this.started !== null && timeBudgetMs !== undefined && clock() - this.started >= timeBudgetMs) this.stop = "time-budget";
    return this.stop !== null;
  }

  private bestSpans(): O["spans"] {
    return this.bestOutcome?.spans ?? [];
  }

  private stats(before: { decisions: number; nonZero: number }, stoppedBy: ShrinkStop): ShrinkStats {
    const { clock } = this.options;
    return {
      decisionsBefore: before.decisions,
      nonZeroBefore: before.nonZero,
      decisionsAfter: stoppedBy === "not-reproduced" ? before.decisions : this.best.length,
      nonZeroAfter: stoppedBy === "not-reproduced" ? before.nonZero : countNonZero(this.best),
      candidateRuns: this.runs,
      cacheHits: this.hits,
      ms: clock && this.started !== null ? clock() - this.started : null,
      converged: stoppedBy === "converged",
      rounds: this.rounds,
      stoppedBy,
    };
  }
}

/** Top-level spans (not inside an earlier one), in order, clipped to `length`. */
function topLevel(spans: readonly { start: number; end: number }[], length: number): Range[] {
  const sorted = spans.filter((s) => s.end > s.start && s.start < length).sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Range[] = [];
  let reach = -1;
  for (const s of sorted) {
    if (s.start < reach) continue;
    out.push({ start: s.start, end: Math.min(s.end, length) });
    reach = s.end;
  }
  return out;
}

/** How many later non-zero values `lowerPairs` pairs with each one. */
const PAIR_REACH = 8;

/** Larger than any `draw(n)` bound in practice; replay clamps it to `n - 1`. */
const RAISED = 2 ** 31 - 1;

function raiseAfter(values: readonly number[], index: number, above: number): number[] {
  const copy = values.slice();
  for (let j = index + 1; j < copy.length; j++) if ((copy[j] ?? 0) > above) copy[j] = RAISED;
  return copy;
}

function zeros(n: number): number[] {
  return new Array<number>(n).fill(0);
}

function with1(values: readonly number[], index: number, value: number): number[] {
  const copy = values.slice();
  copy[index] = value;
  return copy;
}

/** all, half, quarter, ... then 3, 2, 1; descending, distinct, at most `length`. */
function deletionSizes(length: number): number[] {
  const sizes = new Set<number>();
  for (let n = length; n >= 1; n >>= 1) sizes.add(n);
  for (const n of [3, 2, 1]) if (n <= length) sizes.add(n);
  return [...sizes].sort((a, b) => b - a);
}
