/**
 * Shortlex order on choice sequences: shorter first, then lexicographically
 * smaller. Negative when `a` comes first, positive when `b` does, 0 if equal.
 *
 * When to use: to decide which of two reproductions of the same defect is the
 * canonical (smaller) one. The shrinker only ever moves down this order,
 * which is why it terminates and why independent failures of one defect tend
 * to meet at the same counterexample.
 *
 * @example
 * ```ts
 * compareShortlex([9], [0, 0]) < 0; // shorter wins whatever the values
 * compareShortlex([0, 2], [1, 0]) < 0;
 * ```
 */
export function compareShortlex(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Drops trailing zeros: past the end of a replayed sequence every draw is 0,
 * so they change nothing and only lengthen the file.
 *
 * @example
 * ```ts
 * trimChoices([3, 0, 1, 0, 0]); // [3, 0, 1]
 * ```
 */
export function trimChoices(choices: readonly number[]): number[] {
  let end = choices.length;
  while (end > 0 && choices[end - 1] === 0) end--;
  return choices.slice(0, end);
}

/**
 * How many values are not zero: the decisions where "something unusual
 * happened", which is roughly what a person must read in a counterexample.
 *
 * @example
 * ```ts
 * countNonZero([0, 4, 0, 1]); // 2
 * ```
 */
export function countNonZero(choices: readonly number[]): number {
  let n = 0;
  for (const v of choices) if (v !== 0) n++;
  return n;
}
