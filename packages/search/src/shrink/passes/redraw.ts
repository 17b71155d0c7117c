import { deriveSeed } from "../../internal/derive-seed.js";
import { with1 } from "../edits.js";
import type { ShrinkPass } from "../shrink-pass.js";
import { runAllowance, settingsLength } from "../world-settings.js";

/** Runs a round may spend per decision of the best, at least REDRAW_FLOOR: a long best is where a fresh draw can land shorter. */
const RUNS_PER_DECISION = 1;
const REDRAW_FLOOR = 100;

/** Keep the best's world, draw the rest afresh: another path to the same failure, which the other passes then shrink. */
export const redraw: ShrinkPass = {
  name: "redraw",
  contract: `keep the best's settings (as they are on every other run, otherwise with one of them at 0, in turn) and draw every later decision afresh from a PRNG seeded by the best's values (so the same best draws the same runs on any machine); accept the first run that breaks the same invariant with a smaller record; stops at the first success or after ${RUNS_PER_DECISION} run per decision of the best (at least ${REDRAW_FLOOR}; fewer after two fruitless rounds in a row, and never past a quarter of the runs left). A failure the other passes left in a local minimum, a tangle of faults they cannot take apart one at a time, is often reached by a shorter path in the same world`,
  run(state) {
    const until = runAllowance(state, RUNS_PER_DECISION, REDRAW_FLOOR);
    const own = state.best.slice(0, settingsLength(state));
    const calmer = own.flatMap((v, p) => (v > 0 ? [with1(own, p, 0)] : []));
    const seed = state.best.reduce((s, v) => deriveSeed(s, v), state.best.length);
    // Bounded by count as well as by runs: a candidate seen before costs no run.
    for (let i = 0, attempts = until - state.runs; i < attempts && !state.stopped && state.runs < until; i++) {
      const world = i % 2 === 0 ? own : (calmer[(i >> 1) % Math.max(1, calmer.length)] ?? own);
      if (state.considerRedrawn(world, deriveSeed(seed, i))) return;
    }
  },
};
