import type { ChoiceSource } from "../choices/choice-source.js";

/**
 * How hostile a run is. Drawn once, in one place, at the start of the run
 * (after the cluster size), so a shrunk counterexample shows at a glance
 * which kinds of fault it needed: every level 0 means "none".
 */
export interface FaultProfile {
  /** Chance, per message, that the network loses it. */
  readonly dropPercent: number;
  /** Chance, per message, that the network delivers it twice. */
  readonly duplicatePercent: number;
  /** Extra delay on top of the minimum, drawn per message in `[0, delaySpreadMs]`. */
  readonly delaySpreadMs: number;
  /** Chance, per fault tick, that a node crashes. */
  readonly crashPercent: number;
  /** Chance, per fault tick, that a partition forms (when none is active). */
  readonly partitionPercent: number;
}

/** The drop chances per message, by the "drop level" draw. */
export const DROP_LEVELS = [0, 3, 10, 25] as const;
/** The duplicate chances per message, by the "duplicate level" draw. */
export const DUPLICATE_LEVELS = [0, 3, 10] as const;
const DELAY_SPREAD = [0, 10, 50, 150] as const;
/** The crash chances per fault tick, by the "crash level" draw. */
export const CRASH_LEVELS = [0, 5, 15, 30] as const;
/** The partition chances per fault tick, by the "partition level" draw. */
export const PARTITION_LEVELS = [0, 5, 15, 30] as const;

function level(choices: ChoiceSource, levels: readonly number[], label: string): number {
  return levels[choices.draw(levels.length, label)] ?? 0;
}

/** Draws the fault profile: five draws, each 0 for "no such fault". */
export function drawFaultProfile(choices: ChoiceSource): FaultProfile {
  choices.startSpan("fault profile");
  const profile: FaultProfile = {
    dropPercent: level(choices, DROP_LEVELS, "drop level"),
    duplicatePercent: level(choices, DUPLICATE_LEVELS, "duplicate level"),
    delaySpreadMs: level(choices, DELAY_SPREAD, "delay level"),
    crashPercent: level(choices, CRASH_LEVELS, "crash level"),
    partitionPercent: level(choices, PARTITION_LEVELS, "partition level"),
  };
  choices.endSpan();
  return profile;
}

/** The network of the calm phase: healed, nothing lost or duplicated, delays short. */
export function calmProfile(profile: FaultProfile): FaultProfile {
  return { dropPercent: 0, duplicatePercent: 0, delaySpreadMs: Math.min(profile.delaySpreadMs, 10), crashPercent: 0, partitionPercent: 0 };
}
