import type { LaneState } from "./lane-segments.js";

// The diagram's geometry (pixels) and colours, shared by its parts.
export const LEFT = 64;
export const RIGHT = 120;
/** Space above the first lane for the badge row and the violation's label, under the headline. */
export const HEAD = 60;
export const HEADLINE_LINE = 16;
export const LANE_HEIGHT = 44;
export const BAR = 14;
export const CLIENT_ROW = 22;
export const WIDTH_TARGET = 960;
export const WIDTH_MIN = 760;
export const BADGE_R = 8;
export const BADGE_GAP = BADGE_R * 2 + 2;
/** Monospace glyph width per pixel of font size: what a label's width is estimated from. */
export const GLYPH = 0.6;
export const FILL: Readonly<Record<Exclude<LaneState, "down">, string>> = { up: "#e5e7eb", follower: "#dbeafe", candidate: "#fde68a", leader: "#86efac" };
export const INK = "#1f2937";
export const MUTED = "#6b7280";
export const RED = "#dc2626";
export const PURPLE = "#7c3aed";

/** The first of `candidates` whose whole text fits in `room` pixels at `fontSize`, or null: never a cut word. */
export function fitting(candidates: readonly string[], room: number, fontSize: number): string | null {
  return candidates.find((words) => words.length * fontSize * GLYPH <= room) ?? null;
}
