import type { Span } from "@cx/sim";
import { compareShortlex, countNonZero, trimChoices } from "./choice-order.js";
import { hashChoices } from "./internal/hash-choices.js";
import { KeyedReplay, queuesByKey } from "./internal/keyed-replay.js";
import { hasNonZero, highestPowerOfTwo, replaceRange, spanRanges, type Range } from "./internal/ranges.js";
import type { Outcome, Target } from "./target.js";

/** What `shrink` needs: the target, a failing sequence and the invariant it broke. */
export interface ShrinkOptions<O extends Outcome = Outcome> {
  readonly target: Target<O>;
  /** A sequence that makes `target` break `violation.invariant` (raw or trimmed). */
  readonly choices: readonly number[];
  /** Only `invariant` matters: a candidate counts if it breaks the same one. */
  readonly violation: { readonly invariant: string };
  /** Milliseconds from any origin (the CLI passes a monotonic clock from node:perf_hooks); without it `ms` is `null` and no time budget applies. */
  readonly clock?: () => number;
  /** Stop after this long (needs `clock`); the best sequence so far is returned. */
  readonly timeBudgetMs?: number;
  /** Stop after this many target runs (cache hits are free and not counted). */
  readonly maxCandidates?: number;
  /** The passes of each round, in order (default `defaultShrinkPasses`); for experiments and benchmarks. */
  readonly passes?: readonly ShrinkPassName[];
  /**
   * Passes tried only when a round of `passes` changed nothing; if one
   * succeeds, rounds resume. Default `defaultFinalShrinkPasses`, or none
   * when `passes` is given (so an experiment runs exactly what it names).
   */
  readonly finalPasses?: readonly ShrinkPassName[];
  /** Called after every target run, for a progress display. */
  readonly onProgress?: (progress: ShrinkProgress) => void;
}

/** The names of the shrinker's passes (see the README for what each does). */
export type ShrinkPassName =
  | "zero-chunks"
  | "replace-spans"
  | "delete-span-runs"
  | "delete-inside-spans"
  | "delete-between-labels"
  | "zero-suffixes"
  | "delete-chunks"
  | "delete-zero-runs"
  | "lower-values"
  | "lower-pairs"
  | "sparse-rebuild"
  | "aligned-zero-spans"
  | "aligned-zero-values"
  | "aligned-move-earlier"
  | "aligned-delete-spans"
  | "aligned-lower-values"
  | "aligned-lower-pairs";

/** The passes of each round, big reductions first. */
export const defaultShrinkPasses: readonly ShrinkPassName[] = [
  "zero-chunks",
  "aligned-zero-spans",
  "aligned-zero-values",
  "replace-spans",
  "delete-span-runs",
  "delete-between-labels",
  "zero-suffixes",
  "delete-inside-spans",
  "delete-chunks",
  "delete-zero-runs",
  "lower-values",
  "lower-pairs",
  "sparse-rebuild",
];

/**
 * The passes tried only once a round of `defaultShrinkPasses` changed
 * nothing: moves that escape a local minimum. Running them only there means
 * the result is never worse than the main passes' own fixed point (they
 * start from it and accept only smaller sequences). They matter for
 * failures that need time between faults (see the README's figures).
 *
 * @example
 * ```ts
 * // The main passes alone, as in version 0.1.x of the defaults:
 * shrink({ target, choices, violation, passes: defaultShrinkPasses, finalPasses: [] });
 * ```
 */
export const defaultFinalShrinkPasses: readonly ShrinkPassName[] = ["aligned-delete-spans", "aligned-move-earlier", "aligned-lower-pairs", "aligned-lower-values"];

/** The passes of version 0.1 (before aligned replay, time travel and sparse rebuilds): the benchmark's baseline. */
export const classicShrinkPasses: readonly ShrinkPassName[] = [
  "zero-chunks",
  "replace-spans",
  "delete-span-runs",
  "delete-inside-spans",
  "delete-chunks",
  "delete-zero-runs",
  "lower-values",
  "lower-pairs",
];

/** Where a shrink stands, reported to `onProgress`. */
export interface ShrinkProgress {
  readonly candidateRuns: number;
  readonly rounds: number;
  /** Length and non-zero count of the best sequence so far. */
  readonly decisions: number;
  readonly nonZero: number;
  /** The best sequence so far (trimmed; it reproduces the violation): persist it to survive an interruption. */
  readonly best: readonly number[];
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
 * nothing. Passes (`defaultShrinkPasses`), big reductions first: zero
 * ddmin-style chunks, zero spans and values with aligned replay (each kind
 * of draw from its own queue, so a vanished message does not shift the
 * fault ticks), replace spans, delete between same-label spans, delete
 * chunks and runs of zeros, lower values, rebuild sparsely from calm. When a
 * round changes nothing, the final passes (`defaultFinalShrinkPasses`)
 * delete, move and lower with aligned replay, which shortens failures that
 * need time to pass between their faults; the first that helps hands back
 * to the main passes, so the result is never above their fixed point. Each
 * candidate run is cached by a hash of its sequence.
 *
 * Gotchas: budgets end the search early with `converged: false` and the
 * best result so far. The library never reads the wall clock: pass `clock`.
 *
 * @example
 * ```ts
 * const small = shrink({ target, choices: found.choices, violation: found.outcome.violation, clock: monotonicMs, timeBudgetMs: 10_000 }); // monotonicMs: the caller's clock
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
  /** The kind of each draw of the best run (see KeyedReplay). */
  private bestKeys: string[] = [];
  private lastKeys: string[] = [];
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
    this.bestKeys = this.lastKeys;
    this.cache.set(hashChoices(this.best), true);
    const passes = this.options.passes ?? defaultShrinkPasses;
    const finalPasses = this.options.finalPasses ?? (this.options.passes === undefined ? defaultFinalShrinkPasses : []);
    let converged = false;
    while (this.stop === null) {
      this.rounds++;
      const start = this.best;
      this.runPasses(passes);
      if (this.stop === null && compareShortlex(this.best, start) === 0) {
        // The first final pass that helps hands back to the main passes, so the
        // cheaper, bolder final passes get the first go at every new fixed point.
        for (const pass of finalPasses) {
          if (this.stop !== null || compareShortlex(this.best, start) !== 0) break;
          this.runPass(pass);
        }
        if (this.stop === null && compareShortlex(this.best, start) === 0) converged = true;
      }
      if (converged) break;
    }
    return { reproduced: true, choices: this.best, outcome: this.bestOutcome as O, stats: this.stats(before, converged ? "converged" : (this.stop ?? "converged")) };
  }

  private runPasses(passes: readonly ShrinkPassName[]): void {
    for (const pass of passes) {
      if (this.stop !== null) break;
      this.runPass(pass);
    }
  }

  private runPass(pass: ShrinkPassName): void {
    switch (pass) {
      case "zero-chunks": return this.zeroChunks();
      case "replace-spans": return this.replaceSpans();
      case "delete-span-runs": return this.deleteSpanRuns();
      case "delete-inside-spans": return this.deleteInsideSpans();
      case "delete-between-labels": return this.deleteBetweenLabels();
      case "zero-suffixes": return this.zeroSuffixes();
      case "delete-chunks": return this.deleteChunks();
      case "delete-zero-runs": return this.deleteZeroRuns();
      case "lower-values": return this.lowerValues();
      case "lower-pairs": return this.lowerPairs();
      case "sparse-rebuild": return this.sparseRebuild();
      case "aligned-zero-spans": return this.alignedZeroSpans();
      case "aligned-zero-values": return this.alignedZeroValues();
      case "aligned-move-earlier": return this.alignedMoveEarlier();
      case "aligned-delete-spans": return this.alignedDeleteSpans();
      case "aligned-lower-values": return this.alignedLowerValues();
      case "aligned-lower-pairs": return this.alignedLowerPairs();
    }
  }

  // ---- passes ------------------------------------------------------------

  /**
   * Time travel: delete everything from the start of one span to the start
   * of a later span with the same label (labels seen at most
   * MAX_LABEL_GROUP times, e.g. periodic fault ticks), largest gaps first.
   * The decisions of the later period then play out earlier, which finds a
   * short failure hidden behind a long one where single deletions are stuck.
   */
  private deleteBetweenLabels(): void {
    const labels = rareLabels(this.bestSpans(), this.best.length);
    for (const label of labels) {
      let starts = labelStarts(this.bestSpans(), label, this.best.length);
      for (let gap = starts.length - 1; gap >= 1 && this.stop === null; gap--) {
        for (let i = 0; i + gap < starts.length && this.stop === null; i++) {
          const range = { start: starts[i] as number, end: starts[i + gap] as number };
          if (!hasNonZero(this.best, range)) continue;
          if (this.consider(replaceRange(this.best, range, []))) {
            starts = labelStarts(this.bestSpans(), label, this.best.length);
            gap = Math.min(gap, starts.length - 1);
            i = -1;
          }
        }
      }
    }
  }

  /** Zero each top-level span holding something unusual, later ones first, replaying each kind of draw from its own queue. */
  private alignedZeroSpans(): void {
    let units = topLevel(this.bestSpans(), this.best.length);
    for (let u = units.length - 1; u >= 0 && this.stop === null; u--) {
      const unit = units[u];
      if (unit === undefined || unit.end > this.best.length || !hasNonZero(this.best, unit)) continue;
      if (this.considerAligned(replaceRange(this.best, unit, zeros(unit.end - unit.start)))) {
        units = topLevel(this.bestSpans(), this.best.length);
        u = Math.min(u, units.length);
      }
    }
  }

  /** ddmin over the unusual values (halves, quarters, ... single ones, later first), zeroed with aligned replay. */
  private alignedZeroValues(): void {
    let nonZero = nonZeroIndexes(this.best);
    for (let k = highestPowerOfTwo(Math.max(1, nonZero.length >> 1)); k >= 1 && this.stop === null; k >>= 1) {
      for (let first = Math.floor((nonZero.length - 1) / k) * k; first >= 0 && this.stop === null; first -= k) {
        const edited = this.best.slice();
        for (const i of nonZero.slice(first, first + k)) edited[i] = 0;
        if (this.considerAligned(edited)) {
          nonZero = nonZeroIndexes(this.best);
          first = Math.min(first, nonZero.length);
        }
      }
    }
  }

  /**
   * Per span label (e.g. every fault tick), ddmin over its top-level spans:
   * delete a window of them and replay aligned, so the later spans of that
   * label move earlier (the faults of tick 9 happen at tick 5) while every
   * other kind of draw stays where it was. Deleting calm ticks before a
   * fault moves every later fault earlier together, keeping their spacing,
   * which single moves cannot do.
   */
  private alignedDeleteSpans(): void {
    const labels = [...new Set(this.bestSpans().map((s) => s.label))].sort();
    for (const label of labels) {
      let units = this.unitsLabelled(label);
      for (let k = highestPowerOfTwo(Math.max(1, units.length >> 1)); k >= 1 && this.stop === null; k >>= 1) {
        for (let first = Math.floor((units.length - 1) / k) * k; first >= 0 && this.stop === null; first -= k) {
          const window = units.slice(first, first + k);
          if (window.length === 0) continue;
          if (this.considerAlignedDeletion(window)) {
            units = this.unitsLabelled(label);
            first = Math.min(first, units.length);
          }
        }
      }
    }
  }

  private unitsLabelled(label: string): Range[] {
    const labelled = new Set(this.bestSpans().filter((s) => s.label === label).map((s) => s.start * 1_048_576 + s.end));
    return topLevel(this.bestSpans(), this.best.length).filter((u) => labelled.has(u.start * 1_048_576 + u.end));
  }

  /**
   * Binary search each value toward 0 as `lower-values` does, but with
   * aligned replay: a shorter delay that changes how many messages follow
   * no longer shifts every later fault and delay into another meaning.
   */
  private alignedLowerValues(): void {
    for (let i = 0; i < this.best.length && this.stop === null; i++) {
      let hi = this.best[i] ?? 0;
      let lo = -1;
      while (hi - lo > 1 && this.stop === null && i < this.best.length) {
        const mid = lo === -1 ? 0 : (lo + hi) >> 1;
        if (this.considerAligned(with1(this.best, i, mid))) hi = Math.min(mid, this.best[i] ?? 0);
        else lo = mid;
      }
    }
  }

  /**
   * `lower-pairs` with aligned replay: zero one unusual value while zeroing
   * or decrementing one of the next few. A first partition that only picked
   * who leads goes, and the later one isolates the node that now leads
   * ("isolate s1" becomes "isolate s0") without the messages in between
   * shifting every other decision.
   */
  private alignedLowerPairs(): void {
    this.lowerPairsWith((candidate) => this.considerAligned(candidate));
  }


  /**
   * Move each unusual value to an earlier draw of the same kind that was
   * calm (the farthest first, then half as far, ... the previous one), with
   * aligned replay. A failure that needs time to pass between its faults is
   * long because of the calm draws before each fault, and no deletion of
   * zeros lands a fault on another fault tick's draw; moving it within its
   * own kind does, and the run then fails sooner, so its record is shorter.
   * The edited sequence is not smaller itself: only a shorter or smaller
   * record is accepted, as for every pass.
   */
  private alignedMoveEarlier(): void {
    let nonZero = nonZeroIndexes(this.best);
    for (let n = nonZero.length - 1; n >= 0 && this.stop === null; n--) {
      const i = nonZero[n] as number;
      const key = this.bestKeys[i];
      const calm: number[] = [];
      for (let j = 0; j < i; j++) if (this.bestKeys[j] === key && this.best[j] === 0) calm.push(j);
      for (const back of moveDistances(calm.length)) {
        if (this.stop !== null) break;
        const j = calm[calm.length - back] as number;
        const edited = this.best.slice();
        edited[j] = edited[i] as number;
        edited[i] = 0;
        if (this.considerAligned(edited)) {
          nonZero = nonZeroIndexes(this.best);
          n = Math.min(n, nonZero.length);
          break;
        }
      }
    }
  }

  /**
   * Start over from calm: all zeros but one early value (a run-wide
   * setting) and one later value (a trigger) at their maximum, shortest
   * first. A failure that needs one fault level and one fault is found this
   * way whatever the path the search took to its first, tangled failure.
   */
  private sparseRebuild(): void {
    const head = Math.min(SPARSE_HEAD, this.best.length);
    for (let q = 0; q < this.best.length && this.stop === null; q++) {
      for (let p = -1; p < Math.min(q, head) && this.stop === null; p++) {
        const candidate = zeros(q + 1);
        candidate[q] = RAISED;
        if (p >= 0) candidate[p] = RAISED;
        if (this.consider(candidate)) return;
      }
    }
  }

  /** Zero everything from the start of each top-level span to the end, earliest start first. */
  private zeroSuffixes(): void {
    const units = topLevel(this.bestSpans(), this.best.length);
    for (const unit of units) {
      if (this.stop !== null || unit.start >= this.best.length) break;
      if (this.consider(this.best.slice(0, unit.start))) break;
    }
  }

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
    this.lowerPairsWith((candidate) => this.consider(candidate));
  }

  /** The pair-lowering loop shared by `lower-pairs` and its aligned variant: only how a candidate is tried differs. */
  private lowerPairsWith(consider: (candidate: number[]) => boolean): void {
    for (let i = 0; i < this.best.length && this.stop === null; i++) {
      if ((this.best[i] ?? 0) === 0) continue;
      let partners = 0;
      for (let j = i + 1; j < this.best.length && partners < PAIR_REACH && this.stop === null; j++) {
        const v = this.best[j] ?? 0;
        if (v === 0) continue;
        partners++;
        const zeroed = with1(this.best, i, 0);
        if (consider(with1(zeroed, j, 0)) || consider(with1(zeroed, j, v - 1))) break;
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
    this.cache.set(key, this.reproduces(outcome));
    return this.accept(outcome);
  }

  private execute(candidate: readonly number[]): O {
    return this.executeWith(new KeyedReplay({ flat: candidate }));
  }

  private executeWith(source: KeyedReplay): O {
    this.runs++;
    const outcome = this.options.target.run(source);
    this.lastKeys = source.keys;
    return outcome;
  }

  /**
   * Runs the best sequence edited in place (same length, same kinds of
   * draws) with each kind of draw replayed from its own queue, so a
   * decision that vanishes does not shift the meaning of unrelated ones.
   */
  private considerAligned(edited: number[]): boolean {
    const key = `k${hashChoices(edited)}|${hashChoices(this.best)}`;
    if (this.cache.has(key)) {
      this.hits++;
      return false;
    }
    if (this.overBudget()) return false;
    const outcome = this.executeWith(new KeyedReplay({ queues: queuesByKey(edited, this.bestKeys) }));
    this.cache.set(key, true);
    return this.accept(outcome);
  }

  /** Replays the best sequence without `ranges` (sorted, disjoint), each kind of draw from its own queue. */
  private considerAlignedDeletion(ranges: readonly Range[]): boolean {
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
    if (this.cache.has(key)) {
      this.hits++;
      return false;
    }
    if (this.overBudget()) return false;
    const outcome = this.executeWith(new KeyedReplay({ queues: queuesByKey(values, keys) }));
    this.cache.set(key, true);
    return this.accept(outcome);
  }

  private accept(outcome: O): boolean {
    let improved = false;
    if (this.reproduces(outcome)) {
      const trimmed = trimChoices(outcome.choices);
      this.cache.set(hashChoices(trimmed), true);
      if (compareShortlex(trimmed, this.best) < 0) {
        this.best = trimmed;
        this.bestOutcome = outcome;
        this.bestKeys = this.lastKeys;
        improved = true;
      }
    }
    this.report();
    return improved;
  }

  private report(): void {
    this.options.onProgress?.({ candidateRuns: this.runs, rounds: this.rounds, decisions: this.best.length, nonZero: countNonZero(this.best), best: this.best });
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

/** Labels seen at least twice and at most MAX_LABEL_GROUP times, rarest first. */
function rareLabels(spans: readonly Span[], length: number): string[] {
  const counts = new Map<string, number>();
  for (const s of spans) if (s.start < length && s.end > s.start) counts.set(s.label, (counts.get(s.label) ?? 0) + 1);
  return [...counts].filter(([, n]) => n >= 2 && n <= MAX_LABEL_GROUP).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).map(([label]) => label);
}

function labelStarts(spans: readonly Span[], label: string, length: number): number[] {
  return [...new Set(spans.filter((s) => s.label === label && s.start < length && s.end > s.start).map((s) => s.start))].sort((a, b) => a - b);
}

const MAX_LABEL_GROUP = 32;

/** How many leading values `sparseRebuild` treats as run-wide settings. */
const SPARSE_HEAD = 8;

/** How many later non-zero values `lowerPairs` pairs with each one. */
const PAIR_REACH = 8;

/** Larger than any `draw(n)` bound in practice; replay clamps it to `n - 1`. */
const RAISED = 2 ** 31 - 1;

function raiseAfter(values: readonly number[], index: number, above: number): number[] {
  const copy = values.slice();
  for (let j = index + 1; j < copy.length; j++) if ((copy[j] ?? 0) > above) copy[j] = RAISED;
  return copy;
}

function nonZeroIndexes(values: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) if ((values[i] ?? 0) !== 0) out.push(i);
  return out;
}

function zeros(n: number): number[] {
  return new Array<number>(n).fill(0);
}

function with1(values: readonly number[], index: number, value: number): number[] {
  const copy = values.slice();
  copy[index] = value;
  return copy;
}

/** How far back (in calm draws of the same kind) `alignedMoveEarlier` tries: all the way, half, quarter, ... 1. */
function moveDistances(count: number): number[] {
  const out: number[] = [];
  for (let d = count; d >= 1; d >>= 1) out.push(d);
  if (count > 1 && out.at(-1) !== 1) out.push(1);
  return out;
}

/** all, half, quarter, ... then 3, 2, 1; descending, distinct, at most `length`. */
function deletionSizes(length: number): number[] {
  const sizes = new Set<number>();
  for (let n = length; n >= 1; n >>= 1) sizes.add(n);
  for (const n of [3, 2, 1]) if (n <= length) sizes.add(n);
  return [...sizes].sort((a, b) => b - a);
}
