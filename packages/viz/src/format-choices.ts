/** Options of {@link formatChoices}. */
export interface FormatChoicesOptions {
  /** Show at most this many items (a run of equal values is one item); default 40. */
  readonly itemsMax?: number;
}

/**
 * A choice sequence, compact, for people: runs of three or more equal
 * values fold into `value×count`, so a shrunk sequence (mostly zeros) reads
 * at a glance: `0×12, 3, 5, 0×4 (23 choices)`.
 *
 * When to use: showing what reproduces a failure next to its story. To
 * replay, use the exact list (repro.json), not this text.
 *
 * @example
 * ```ts
 * formatChoices([0, 0, 0, 7, 1]); // "0×3, 7, 1 (5 choices)"
 * ```
 */
export function formatChoices(choices: readonly number[], options: FormatChoicesOptions = {}): string {
  const itemsMax = Math.max(1, options.itemsMax ?? 40);
  const items: string[] = [];
  let i = 0;
  while (i < choices.length) {
    const value = choices[i] as number;
    let run = 1;
    while (choices[i + run] === value) run++;
    if (run >= 3) {
      items.push(`${value}×${run}`);
      i += run;
    } else {
      items.push(String(value));
      i++;
    }
  }
  const shown = items.slice(0, itemsMax).join(", ");
  const more = items.length > itemsMax ? `, … ${items.length - itemsMax} more` : "";
  const count = `${choices.length} choice${choices.length === 1 ? "" : "s"}`;
  return choices.length === 0 ? "no choices (all zeros: the calm run)" : `${shown}${more} (${count})`;
}
