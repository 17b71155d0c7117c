import type { ChoiceSource } from "../choices/choice-source.js";
import type { ScenarioOptions } from "./options.js";

/** The label of the span holding the horizon's draws. */
export const HORIZON_SPAN = "horizon";

/** The fewest fault-clock periods a drawn fault phase lasts: one fault tick, at its first period. */
const FAULT_PERIODS_MIN = 2;

/**
 * Draws the run's horizon when `options.drawnHorizon` is 1 and returns the
 * options the world then runs with: the fault phase lasts 2 fault-clock
 * periods (one fault tick) plus the drawn count, up to `faultPhaseMs`; the
 * calm phase's minimum is the drawn count of periods, up to `calmMinMs`.
 * 0 is the shortest run that is still healthy when calm (the first leader
 * is elected and every client operation commits in the calm phase, which
 * lasts until every client is done).
 *
 * Each draw has twice as many values as lengths, the upper half all meaning
 * "the longest": a random run keeps the long horizon about half the time,
 * so hunting loses little depth, while the shrinker can lower the value
 * step by step to the shortest horizon that still fails.
 *
 * @example
 * ```ts
 * const options = drawHorizon(choices, { ...defaultScenarioOptions, drawnHorizon: 1 });
 * options.faultPhaseMs; // 200 when both draws are 0
 * ```
 */
export function drawHorizon(choices: ChoiceSource, options: ScenarioOptions): ScenarioOptions {
  if (options.drawnHorizon !== 1) return options;
  const tick = Math.max(1, options.faultTickMs);
  const faultExtra = Math.max(0, Math.floor(options.faultPhaseMs / tick) - FAULT_PERIODS_MIN);
  const calmPeriods = Math.max(0, Math.floor(options.calmMinMs / tick));
  choices.startSpan(HORIZON_SPAN);
  const faultDraw = choices.draw(2 * (faultExtra + 1), "fault periods");
  const calmDraw = choices.draw(2 * (calmPeriods + 1), "calm periods");
  choices.endSpan();
  const faultPhaseMs = Math.min(options.faultPhaseMs, tick * (FAULT_PERIODS_MIN + Math.min(faultDraw, faultExtra)));
  const calmMinMs = Math.min(options.calmMinMs, tick * Math.min(calmDraw, calmPeriods));
  return { ...options, faultPhaseMs, calmMinMs };
}
