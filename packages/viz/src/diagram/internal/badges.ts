import type { Story } from "../../story/story.js";
import { BADGE_GAP, BADGE_R, BAR, INK, RED } from "./diagram-style.js";
import { el, text, tip } from "./svg.js";

/**
 * Places badges on their rows: each at its step's time unless that would
 * overlap its neighbour, in which case it moves right; a row that would
 * run past the end of the window is pushed back left, so badges never sit
 * beyond the violation or off the drawing. The time axis leaves room for a
 * moment with several badges.
 */
function badgePlaces(wanted: readonly number[], limits: { left: number; right: number }): number[] {
  const places = [...wanted];
  for (let i = 1; i < places.length; i++) places[i] = Math.max(places[i] as number, (places[i - 1] as number) + BADGE_GAP);
  for (let i = places.length - 1; i >= 0; i--) places[i] = Math.min(places[i] as number, i === places.length - 1 ? limits.right : (places[i + 1] as number) - BADGE_GAP);
  // Only a row with more badges than room goes back over the left edge; then it overlaps rather than vanishes.
  for (let i = 0; i < places.length; i++) places[i] = Math.max(places[i] as number, i === 0 ? limits.left : (places[i - 1] as number) + BADGE_GAP / 2);
  return places;
}

export type BadgeRows = ReadonlyMap<number, readonly Story["steps"][number][]>;

/** The story's steps in the window, by the height of their badge row: above their first node's lane, or on top. */
export function badgeRows(story: Story, layout: { laneY: (n: number) => number; from: number; to: number; top: number }): BadgeRows {
  const rows = new Map<number, Story["steps"][number][]>();
  for (const step of story.steps) {
    if (step.time < layout.from || step.time > layout.to) continue;
    const node = step.nodes[0];
    const y = step.kind === "violation" || node === undefined ? layout.top - 44 : layout.laneY(node) - BAR / 2 - BADGE_R - 1;
    rows.set(y, [...(rows.get(y) ?? []), step]);
  }
  return rows;
}

/** Pixels the axis should leave after each moment: the widest run of badges any row has there. */
export function badgeRoom(rows: BadgeRows): Map<number, number> {
  const room = new Map<number, number>();
  for (const steps of rows.values()) {
    const counts = new Map<number, number>();
    for (const step of steps) counts.set(step.time, (counts.get(step.time) ?? 0) + 1);
    for (const [time, count] of counts) room.set(time, Math.max(room.get(time) ?? 0, count * BADGE_GAP));
  }
  return room;
}

/** A story step's badge where {@link placeBadges} put it. */
export interface PlacedBadge {
  readonly step: Story["steps"][number];
  readonly cx: number;
  readonly y: number;
}

/** Each badge's place on its row (see `badgePlaces`), in step order. */
export function placeBadges(rows: BadgeRows, layout: { x: (t: number) => number; from: number; to: number }): PlacedBadge[] {
  const placed: PlacedBadge[] = [];
  for (const [y, row] of rows) {
    const places = badgePlaces(
      row.map((step) => layout.x(step.time)),
      { left: layout.x(layout.from) + BADGE_R, right: layout.x(layout.to) + BADGE_R },
    );
    row.forEach((step, i) => placed.push({ step, cx: places[i] as number, y }));
  }
  return placed.sort((a, b) => a.step.number - b.step.number);
}

/** The story's numbered badges, drawn in step order. */
export function badges(placed: readonly PlacedBadge[]): string {
  const out: string[] = [];
  for (const { step, cx, y } of placed) {
    const fill = step.kind === "violation" ? RED : INK;
    out.push(
      el("g", { "data-steps": String(step.number), "data-badge": String(step.number) }, tip(`${step.number}. t=${step.time} ${step.text}`) +
        el("circle", { cx, cy: y, r: BADGE_R, fill }) +
        text({ x: cx, y: y + 3.5, "font-size": step.number > 9 ? 9 : 10, "font-weight": "bold", fill: "#ffffff", "text-anchor": "middle" }, String(step.number))),
    );
  }
  return out.join("\n");
}
