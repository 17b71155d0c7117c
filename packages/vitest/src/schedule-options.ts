import { strategyNames, type StrategyName } from "@cx/search";
import type { ProtocolPlugin, ScenarioOptions } from "@cx/sim";

/** Options of {@link scheduleProperty}: what to hunt, for how long, and where the reproduction goes. */
export interface SchedulePropertyOptions {
  /** Defects of the plug-in to switch on (names from `plugin.defects`); none for the correct protocol. */
  readonly defects?: readonly string[];
  /** The most runs the hunt makes (default 100). A budget counts runs, never seconds, so a result reproduces. */
  readonly budget?: number;
  /** Everything the hunt does follows from it (default 1). */
  readonly seed?: number;
  /** The search strategy (default `bandit`). */
  readonly strategy?: StrategyName;
  /** The most candidate runs the shrinker makes (default 2000); the smallest failure found by then is reported. */
  readonly shrinkBudget?: number;
  /** Overrides of the plug-in's scenario options. */
  readonly scenario?: Partial<ScenarioOptions>;
  /** Where reproductions are saved: a folder, relative to the test file's folder unless absolute (default `__cx__`). */
  readonly saveTo?: string;
  /**
   * Replay this reproduction file instead of searching (relative to the test
   * file's folder unless absolute). The `CX_REPLAY` environment variable
   * does the same for one run without editing the test (relative to the
   * working directory); the option wins when both are given.
   */
  readonly replay?: string;
}

/** The options with every default filled in, checked. */
export interface ResolvedScheduleOptions {
  readonly defects: readonly string[];
  readonly budget: number;
  readonly seed: number;
  readonly strategy: StrategyName;
  readonly shrinkBudget: number;
  readonly scenario: Partial<ScenarioOptions>;
  readonly saveTo: string;
  readonly replay: string | undefined;
}

/** The defaults of {@link SchedulePropertyOptions}. */
export const scheduleDefaults = { budget: 100, seed: 1, strategy: "bandit", shrinkBudget: 2000, saveTo: "__cx__" } as const;

/** A mistake in the options of {@link scheduleProperty} or {@link describeProtocolContract}: the message names the field and what was expected. */
export class OptionsError extends Error {
  override readonly name = "OptionsError";
}

const isInteger = (value: unknown, min: number): value is number => typeof value === "number" && Number.isInteger(value) && value >= min;

/** Checks a count option: an integer of at least `min`, or absent. `where` names the call (`scheduleProperty(raft)`). */
export function countOption(where: string, option: { readonly field: string; readonly value: unknown; readonly min: number }): void {
  const { field, value, min } = option;
  if (value !== undefined && !isInteger(value, min)) throw new OptionsError(`${where}: ${field}: expected an integer of at least ${min}, got ${JSON.stringify(value)}`);
}

/**
 * Fills in the defaults and checks every field against the plug-in, so a
 * mistake fails where the test is declared, with the field named.
 *
 * @example
 * ```ts
 * resolveScheduleOptions(protocolPlugin, { budget: 50 }).shrinkBudget; // 2000
 * resolveScheduleOptions(protocolPlugin, { defects: ["vote_twice"] }); // throws OptionsError: ... defects: unknown defect "vote_twice" ...
 * ```
 */
export function resolveScheduleOptions(plugin: ProtocolPlugin, options: SchedulePropertyOptions): ResolvedScheduleOptions {
  const where = `scheduleProperty(${plugin.name})`;
  countOption(where, { field: "budget", value: options.budget, min: 1 });
  countOption(where, { field: "shrinkBudget", value: options.shrinkBudget, min: 0 });
  if (options.seed !== undefined && !isInteger(options.seed, Number.MIN_SAFE_INTEGER)) throw new OptionsError(`${where}: seed: expected an integer, got ${JSON.stringify(options.seed)}`);
  if (options.strategy !== undefined && !strategyNames.includes(options.strategy)) {
    throw new OptionsError(`${where}: strategy: expected one of ${strategyNames.join(", ")}, got ${JSON.stringify(options.strategy)}`);
  }
  const known = plugin.defects.map((d) => d.name);
  const unknown = (options.defects ?? []).filter((d) => !known.includes(d));
  if (unknown.length > 0) {
    throw new OptionsError(`${where}: defects: unknown defect ${unknown.map((d) => JSON.stringify(d)).join(", ")} (expected some of ${known.join(", ") || "none: the plug-in has no defects"})`);
  }
  for (const field of ["saveTo", "replay"] as const) {
    const value = options[field];
    if (value !== undefined && (typeof value !== "string" || value === "")) throw new OptionsError(`${where}: ${field}: expected a path, got ${JSON.stringify(value)}`);
  }
  return {
    defects: [...new Set(options.defects ?? [])],
    budget: options.budget ?? scheduleDefaults.budget,
    seed: options.seed ?? scheduleDefaults.seed,
    strategy: options.strategy ?? scheduleDefaults.strategy,
    shrinkBudget: options.shrinkBudget ?? scheduleDefaults.shrinkBudget,
    scenario: options.scenario ?? {},
    saveTo: options.saveTo ?? scheduleDefaults.saveTo,
    replay: options.replay,
  };
}
