import type { Outcome } from "../target.js";
import { passCounters, type PassCounters, type PassStats } from "./pass-stats.js";
import type { ShrinkPass } from "./shrink-pass.js";
import type { ShrinkState } from "./shrink-state.js";

/** How a pass did in a round, for the next round's order: shortened first, then improved, then nothing. */
type Rank = -1 | 0 | 1;

/**
 * Runs passes against one state to a fixed point, keeping per-pass
 * counters, in Hypothesis's order: after each round the passes that
 * shortened the best first, then those that lowered it, then the rest (a
 * stable sort). A pass that did nothing at the current best is skipped
 * until the best changes: it would only hit the cache.
 */
export class FixedPoint<O extends Outcome> {
  private readonly counters = new Map<string, PassCounters>();
  /** The state's version at which each pass last ran to its end without a success. */
  private readonly failedAt = new Map<string, number>();
  private cleanup: readonly ShrinkPass[] = [];
  private cleaning = false;

  constructor(private readonly state: ShrinkState<O>) {}

  /**
   * Rounds of `main` until one changes nothing; then `final` in order, the
   * first that helps handing back to `main`. After every pass that lowered
   * the best without shortening it, `cleanup` runs at once: a lowered value
   * often leaves draws nothing needs. True when converged, false when a
   * budget stopped it.
   */
  run(main: readonly ShrinkPass[], final: readonly ShrinkPass[], cleanup: readonly ShrinkPass[] = []): boolean {
    this.cleanup = cleanup;
    const state = this.state;
    let order = [...main];
    while (!state.stopped) {
      state.rounds++;
      const start = state.version;
      const ranks = new Map<ShrinkPass, Rank>();
      for (const pass of order) {
        if (state.stopped) break;
        ranks.set(pass, this.runPass(pass));
      }
      order = [...order].sort((a, b) => (ranks.get(a) ?? 1) - (ranks.get(b) ?? 1));
      if (state.stopped) return false;
      if (state.version !== start) continue;
      // The first final pass that helps hands back to the main passes.
      for (const pass of final) {
        if (state.stopped || state.version !== start) break;
        this.runPass(pass);
      }
      if (state.stopped) return false;
      if (state.version === start) return true;
    }
    return false;
  }

  /** Every pass that ran, in first-run order. */
  stats(): PassStats[] {
    return [...this.counters.values()].map((c) => ({ ...c }));
  }

  private runPass(pass: ShrinkPass): Rank {
    const state = this.state;
    if (this.failedAt.get(pass.name) === state.version) return 1;
    let counters = this.counters.get(pass.name);
    if (counters === undefined) this.counters.set(pass.name, (counters = passCounters(pass.name)));
    state.countFor(counters);
    const before = state.best;
    const version = state.version;
    const runs = counters.runs;
    pass.run(state);
    // A round that spent no run (all cached, or nothing to try) says nothing of the pass's payoff.
    if (state.version !== version || (!state.stopped && counters.runs > runs)) state.notePayoff(pass.name, state.version !== version);
    if (state.version === version) {
      if (!state.stopped) this.failedAt.set(pass.name, version);
      return 1;
    }
    if (state.best.length < before.length) return -1;
    if (!this.cleaning) {
      // Not re-entered: a deletion that lowers without shortening does not start another cleanup.
      this.cleaning = true;
      for (const deletion of this.cleanup) if (deletion !== pass && !state.stopped) this.runPass(deletion);
      this.cleaning = false;
    }
    return state.best.length < before.length ? -1 : 0;
  }
}
