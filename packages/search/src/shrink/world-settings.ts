import { runLayout, type SettingEdit } from "@cx/sim";
import type { Outcome } from "../target.js";
import type { ShrinkState } from "./shrink-state.js";
import { drawKind } from "../internal/keyed-replay.js";

/** A run's settings by span and label, as @cx/sim's re-encodings ask for them (`keys`: the settings' kinds only, so a later draw of the same name is never read). */
export function settingOf(values: readonly number[], keys: readonly string[]): (span: string, label: string) => number | undefined {
  return (span, label) => {
    const at = keys.indexOf(drawKind(span, label));
    return at < 0 ? undefined : (values[at] ?? 0);
  };
}

/** `values` with the settings `edits` names changed, or null when one names a setting `keys` does not hold. */
export function withSettingEdits(values: readonly number[], keys: readonly string[], edits: readonly SettingEdit[]): number[] | null {
  const edited = values.slice();
  for (const edit of edits) {
    const at = keys.indexOf(drawKind(edit.span, edit.label));
    if (at < 0) return null;
    edited[at] = edit.value;
  }
  return edited;
}

/** The fewest runs a round of a pass with an allowance may spend, whatever the length of the best. */
export const RUNS_FLOOR = 1000;

/**
 * The run count a round of a pass may spend up to: `perDecision` runs per
 * decision of the best, times the pass's payoff share (see
 * `ShrinkState.payoffShare`), at least `floor`, and never past the round's
 * end (a quarter of the runs left when the round began). Counted, so the same on any machine.
 */
export function runAllowance<O extends Outcome>(state: ShrinkState<O>, perDecision: number, floor = RUNS_FLOOR): number {
  const wanted = Math.max(floor, Math.floor(perDecision * state.best.length * state.payoffShare()));
  return Math.min(state.runs + wanted, state.roundEnd);
}

/** How many leading values are run-wide settings: the end of sim's settings spans; none when the target labels its draws but none as settings; sim's most when it labels nothing. */
export function settingsLength<O extends Outcome>(state: ShrinkState<O>): number {
  const spans = state.spans();
  let end = spans.length === 0 ? runLayout.settingsDrawsMax : 0;
  for (const s of spans) if (runLayout.settingsSpans.includes(s.label)) end = Math.max(end, s.end);
  return Math.min(end, state.best.length);
}
