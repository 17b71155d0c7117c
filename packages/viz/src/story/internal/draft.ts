import type { TraceEvent } from "@cx/sim";
import type { StoryStepKind } from "../story.js";

/**
 * How much a step matters when the story must leave steps out (see
 * `leaveOut`): the lowest go first; the violation always stays.
 */
export const StoryPriority = {
  /** Elections; an observation of a kind this package does not know, when rare. */
  Routine: 1,
  /** Restarts, heals, the calm phase, step-downs, plain votes. */
  Background: 2,
  /** Crashes, partitions, new leaders. */
  Turn: 3,
  /** What the violation names: its entries, its client operations, a telling vote. */
  Subject: 4,
  /** An unknown observation in the violation's own step. */
  AtViolation: 5,
  /** The answer no order explains; for a liveness failure, its truncations and the last commit. */
  Suspect: 6,
  /** Liveness: the entries that never committed. */
  Stall: 7,
  /** Liveness: where every node stood at the end. */
  Summary: 8,
  /** The violation itself: never left out. */
  Violation: 9,
} as const;

/** A step before numbering; mutable while repetition is being folded into it. */
export interface Draft {
  kind: StoryStepKind;
  time: number;
  timeEnd: number;
  step: number;
  nodes: number[];
  /** Which drafts are one repeated thing (null: never merged). */
  mergeKey: string | null;
  /** Merge only with an immediately preceding draft (elections in a row). */
  adjacentOnly: boolean;
  /** Merge only with a draft that ended at most this long before. */
  mergeWindowMs: number;
  /** A {@link StoryPriority}: the lowest are left out first, the violation never. */
  priority: number;
  termLow: number;
  termHigh: number;
  /** Log entries the step is about, `low`..`high` (0 when none). */
  low: number;
  high: number;
  /** Entry ids, in index order (appends and applies), at most a few. */
  ids: string[];
  /** Applies folded into a commit step. */
  applied: { low: number; high: number; ids: string[] } | null;
  detail: string;
  /** In a step where a node takes a role: the role's name in the protocol's words (`leader`, `primary`). */
  role: string;
  events: number;
  /** The trace events the step stands for (by identity), so renderers can point at them. */
  sources: TraceEvent[];
  say: (draft: Draft) => string;
}

/** `entry 4` or `entries 4-9`. */
export const entriesText = (low: number, high: number): string => (low === high ? `entry ${low}` : `entries ${low}-${high}`);

/** The ids a range of entries holds, shortened: `a`, `a, b`, `a … z`. */
export function idsText(ids: readonly string[], count: number): string {
  if (ids.length === 0) return "";
  if (count <= 2 || ids.length === 1) return ids.slice(0, 2).join(", ");
  return `${ids[0] ?? ""} … ${ids[ids.length - 1] ?? ""}`;
}
