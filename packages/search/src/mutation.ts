import { runLayout, type ChoiceSource, type Span } from "@cx/sim";
import type { Range } from "./internal/ranges.js";

/**
 * The nine mutation operators, by name.
 * - `replace-value`, `nudge-value`: one value replaced, or moved by 1-3.
 * - `zero-span`, `delete-span`, `duplicate-span`, `swap-spans`: whole spans.
 * - `splice`: this entry's prefix, then another entry's suffix.
 * - `reroll-tail`: a prefix of random length, nothing after it (fresh draws follow).
 * - `raise-head`: raise some of the first values, which a simulator draws for the
 *   whole run's configuration (in @cx/sim: cluster size, then the fault levels),
 *   so the same run is replayed in a more hostile setting.
 */
export type MutationOperator =
  | "replace-value"
  | "zero-span"
  | "delete-span"
  | "duplicate-span"
  | "splice"
  | "nudge-value"
  | "swap-spans"
  | "reroll-tail"
  | "raise-head";

/**
 * Every operator, in a fixed order (the bandit's arms).
 *
 * @example
 * ```ts
 * for (const operator of mutationOperators) console.log(operator);
 * ```
 */
export const mutationOperators: readonly MutationOperator[] = [
  "replace-value",
  "zero-span",
  "delete-span",
  "duplicate-span",
  "splice",
  "nudge-value",
  "swap-spans",
  "reroll-tail",
  "raise-head",
];

/**
 * How many leading values `raise-head` may raise when the run has no
 * settings spans: the most draws @cx/sim's run layout spends on run-wide
 * settings (cluster size, fault levels, horizon) before the first event.
 */
export const HEAD_LENGTH = runLayout.settingsDrawsMax;

/** The run-wide settings at the head of `input`: up to the end of sim's settings spans, or `HEAD_LENGTH` values without spans. */
function headLength(input: MutationInput): number {
  let end = 0;
  for (const s of input.spans) if (runLayout.settingsSpans.includes(s.label)) end = Math.max(end, s.end);
  return Math.min(end > 0 ? end : HEAD_LENGTH, input.choices.length);
}

/** What a mutation works on: a sequence, its labelled spans, and optionally another corpus entry to splice with. */
export interface MutationInput {
  readonly choices: readonly number[];
  /** Spans of the run that produced `choices`; empty means "index ranges only". */
  readonly spans: readonly Span[];
  /** The partner for "splice"; without it the sequence splices with itself. */
  readonly other?: readonly number[];
}

/** A mutated sequence and how far it differs from its parent. */
export interface Mutant {
  readonly operator: MutationOperator;
  readonly choices: number[];
  /** Index just past the last position the operator touched: a caller may cut the mutant here and let fresh draws follow. */
  readonly changedUpTo: number;
}

/**
 * Applies one mutation operator, drawing every random decision from `random`.
 *
 * When to use: inside a search strategy; `hunt` calls it for you.
 *
 * Details: spans are chosen among the labelled spans 70% of the time when
 * there are any, otherwise as index ranges of 1 to 8 values. Replacement
 * values are small (0-9) or percent-sized (0-99); replay clamps a value too
 * large for its draw, so any non-negative integer is valid.
 *
 * Gotchas: pass a seeded source (`new GeneratedChoices(seed)`), never
 * ambient randomness: a hunt must replay from its seed. On an empty
 * sequence every operator inserts one random value.
 *
 * @example
 * ```ts
 * const mutant = mutate("zero-span", { choices: [3, 99, 1], spans: [] }, new GeneratedChoices(1));
 * ```
 */
export function mutate(operator: MutationOperator, input: MutationInput, random: ChoiceSource): Mutant {
  const values = input.choices;
  if (values.length === 0) return { operator, choices: [randomValue(random)], changedUpTo: 1 };
  switch (operator) {
    case "replace-value": {
      const i = random.draw(values.length);
      return { operator, choices: setAt(values, i, randomValue(random)), changedUpTo: i + 1 };
    }
    case "nudge-value": {
      const i = random.draw(values.length);
      const delta = (1 + random.draw(3)) * (random.draw(2) === 0 ? -1 : 1);
      return { operator, choices: setAt(values, i, Math.max(0, (values[i] ?? 0) + delta)), changedUpTo: i + 1 };
    }
    case "zero-span": {
      const r = pickRange(input, random);
      return { operator, choices: [...values.slice(0, r.start), ...new Array<number>(r.end - r.start).fill(0), ...values.slice(r.end)], changedUpTo: r.end };
    }
    case "delete-span": {
      const r = pickRange(input, random);
      return { operator, choices: [...values.slice(0, r.start), ...values.slice(r.end)], changedUpTo: r.start };
    }
    case "duplicate-span": {
      const r = pickRange(input, random);
      const at = random.draw(2) === 0 ? r.end : random.draw(values.length + 1);
      const copy = values.slice(r.start, r.end);
      return { operator, choices: [...values.slice(0, at), ...copy, ...values.slice(at)], changedUpTo: at + copy.length };
    }
    case "splice": {
      const other = input.other ?? values;
      const cut = random.draw(values.length + 1);
      const from = random.draw(other.length + 1);
      const choices = [...values.slice(0, cut), ...other.slice(from)];
      return { operator, choices, changedUpTo: choices.length };
    }
    case "reroll-tail": {
      const cut = random.draw(values.length + 1);
      return { operator, choices: values.slice(0, cut), changedUpTo: cut };
    }
    case "raise-head": {
      // Zero is calm and larger is more unusual (docs/ARCHITECTURE.md), and replay clamps a value
      // too large for its draw: raising a configuration value can only make it more hostile.
      const head = headLength(input);
      const choices = values.slice();
      const first = random.draw(head);
      let last = first;
      for (let i = 0; i < head; i++) {
        if (i !== first && random.draw(3) !== 0) continue;
        choices[i] = (values[i] ?? 0) + 1 + random.draw(3);
        last = Math.max(last, i);
      }
      return { operator, choices, changedUpTo: last + 1 };
    }
    case "swap-spans": {
      const a = pickRange(input, random);
      const b = pickRange(input, random);
      const [first, second] = a.start <= b.start ? [a, b] : [b, a];
      if (first.end > second.start) {
        // Overlapping picks: swap two single values instead.
        const i = first.start;
        const j = second.end - 1;
        const choices = setAt(setAt(values, i, values[j] ?? 0), j, values[i] ?? 0);
        return { operator, choices, changedUpTo: Math.max(i, j) + 1 };
      }
      const choices = [
        ...values.slice(0, first.start),
        ...values.slice(second.start, second.end),
        ...values.slice(first.end, second.start),
        ...values.slice(first.start, first.end),
        ...values.slice(second.end),
      ];
      return { operator, choices, changedUpTo: second.end };
    }
  }
}

function randomValue(random: ChoiceSource): number {
  return random.draw(2) === 0 ? random.draw(10) : random.draw(100);
}

function setAt(values: readonly number[], index: number, value: number): number[] {
  const copy = values.slice();
  copy[index] = value;
  return copy;
}

/** A labelled span (clipped) 70% of the time when there are any, else an index range of 1-8 values. */
function pickRange(input: MutationInput, random: ChoiceSource): Range {
  const length = input.choices.length;
  const usable = input.spans.filter((s) => s.start < length && s.end > s.start);
  if (usable.length > 0 && random.draw(10) < 7) {
    const span = usable[random.draw(usable.length)] as Span;
    return { start: span.start, end: Math.min(span.end, length) };
  }
  const start = random.draw(length);
  return { start, end: start + 1 + random.draw(Math.min(8, length - start)) };
}
