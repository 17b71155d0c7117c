import type { DrawnDecision, SettingEdit } from "@cx/sim";
import { drawKind, spanOfKind } from "../internal/keyed-replay.js";
import type { Decision } from "./placements.js";

/**
 * A run's settings by span and label, as @cx/sim's re-encodings ask for
 * them: `keys` the kind of each of `values` (give only the settings'
 * keys, so a later draw of the same name is never read); undefined when
 * the run does not draw it.
 */
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

/** The decisions as the world reads them: the label of each one's span and its values. */
export function drawnDecisions(decisions: readonly Decision[]): DrawnDecision[] {
  return decisions.map((d) => ({ span: spanOfKind(d.kinds[0] ?? ""), content: d.content }));
}
