import { defaultCleanupShrinkPasses, defaultFinalShrinkPasses, defaultShrinkPasses, type ShrinkOptions, type ShrinkPassName } from "@cx/search";

/**
 * The shrinker's default pass lists (main, final and cleanup) with `without`
 * left out, as shrink options; nothing to say when nothing is left out, so
 * the shrinker's own defaults apply.
 *
 * When to use: an ablation, to see what a shrink ends on without some passes.
 *
 * @example
 * ```ts
 * shrink({ target, choices, violation, ...passesWithout(["zero-kinds"]) });
 * ```
 */
export function passesWithout(without: readonly ShrinkPassName[]): Pick<ShrinkOptions, "passes" | "finalPasses" | "cleanupPasses"> {
  if (without.length === 0) return {};
  const kept = (names: readonly ShrinkPassName[]): ShrinkPassName[] => names.filter((name) => !without.includes(name));
  return { passes: kept(defaultShrinkPasses), finalPasses: kept(defaultFinalShrinkPasses), cleanupPasses: kept(defaultCleanupShrinkPasses) };
}
