import { nodeName } from "@cx/check";
import type { DiagramIds } from "./diagram-ids.js";
import { BAR, MUTED, PURPLE, RED } from "./diagram-style.js";
import type { Box, Line } from "./label-room.js";
import type { DrawnMessage } from "./pick-messages.js";
import { el, num, text, tip } from "./svg.js";

/** `RequestVote` of `RequestVote(t1, last 0@0)`: a message's name, for where its whole text has no room. */
export function messageName(message: string): string {
  const open = message.indexOf("(");
  return open > 0 ? message.slice(0, open) : message;
}

/** Where an arrow's strokes go: what it draws, and what a label must keep clear of. */
export interface ArrowGeometry {
  /** The stroke from the sender, as far as it is drawn (lost messages stop part-way). */
  readonly line: Line;
  /** The strokes of its end mark: the × of a drop, the bar of a partition. */
  readonly marks: readonly Line[];
  /** What its arrow head covers (delivered messages only). */
  readonly head: Box | null;
  /** Its stroke width. */
  readonly strokeWidth: number;
}

/** The arrow head is the marker's 8×8 box drawn 7 stroke widths long (diagram-ids.ts): its length and half width, per stroke width. */
const HEAD_LENGTH = 7;
const HEAD_HALF_WIDTH = 3.5;

/** The strokes of one message's arrow (see {@link arrow}). */
export function arrowGeometry(m: DrawnMessage, layout: { x: (t: number) => number; laneY: (n: number) => number; to: number }): ArrowGeometry {
  const x0 = layout.x(m.sentAt);
  const x1full = layout.x(Math.min(m.deliverAt, layout.to));
  // From the sender's bar to the receiver's, edge to edge: the bars' own labels stay clear of the arrows that leave and reach them.
  const edge = Math.sign(m.to - m.from) * (BAR / 2);
  const y0 = layout.laneY(m.from) + edge;
  const y1full = layout.laneY(m.to) - edge;
  // Lost messages stop part-way, at a fraction of the lane gap, so they never seem to arrive.
  const partWay = (f: number): [number, number] => [x0 + (x1full - x0) * f, y0 + (y1full - y0) * f];
  if (m.fate === "dropped") {
    const [ex, ey] = partWay(0.6);
    return { line: { x0, y0, x1: ex, y1: ey }, marks: [{ x0: ex - 4, y0: ey - 4, x1: ex + 4, y1: ey + 4 }, { x0: ex - 4, y0: ey + 4, x1: ex + 4, y1: ey - 4 }], head: null, strokeWidth: 1.2 };
  }
  if (m.fate === "partitioned") {
    const [ex, ey] = partWay(0.35);
    const dx = ex - x0;
    const dy = ey - y0;
    const length = Math.max(1, Math.hypot(dx, dy));
    const px = (-dy / length) * 5;
    const py = (dx / length) * 5;
    return { line: { x0, y0, x1: ex, y1: ey }, marks: [{ x0: ex - px, y0: ey - py, x1: ex + px, y1: ey + py }], head: null, strokeWidth: 1.2 };
  }
  const strokeWidth = m.score >= 2 ? 1.4 : 1;
  const length = Math.hypot(x1full - x0, y1full - y0);
  let head: Box | null = null;
  if (length > 0) {
    // The head's triangle: the tip, and two corners a head's length back, a half width to each side.
    const ux = (x1full - x0) / length;
    const uy = (y1full - y0) / length;
    const back = HEAD_LENGTH * strokeWidth;
    const half = HEAD_HALF_WIDTH * strokeWidth;
    const xs = [x1full, x1full - ux * back - uy * half, x1full - ux * back + uy * half];
    const ys = [y1full, y1full - uy * back + ux * half, y1full - uy * back - ux * half];
    head = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  }
  return { line: { x0, y0, x1: x1full, y1: y1full }, marks: [], head, strokeWidth };
}

/** One message as an arrow: delivered solid with a head, dropped dashed ending in an ×, blocked by a partition dotted ending in a bar; its tooltip says what became of it. */
export function arrow(m: DrawnMessage, layout: { geometry: ArrowGeometry; label: { x: number; y: number; text: string } | null; ids: DiagramIds }): string {
  const { line, marks, strokeWidth } = layout.geometry;
  const fateText = m.fate === "delivered" ? `delivered at t=${m.deliverAt}` : m.fate === "partitioned" ? "blocked by the partition" : m.fate === "dropped" ? "dropped by the network" : `arrived at t=${m.deliverAt} while ${nodeName(m.to)} was down`;
  const about = `t=${m.sentAt} ${nodeName(m.from)} -> ${nodeName(m.to)} ${m.message}${m.duplicate ? " (duplicate)" : ""}: ${fateText}`;
  const d = `M${num(line.x0)},${num(line.y0)}L${num(line.x1)},${num(line.y1)}`;
  let shape: string;
  if (m.fate === "dropped") {
    const ex = line.x1;
    const ey = line.y1;
    shape = el("path", { d, stroke: RED, "stroke-width": strokeWidth, "stroke-dasharray": "4 3", fill: "none" }) + el("path", { d: `M${num(ex - 4)},${num(ey - 4)}l8,8M${num(ex - 4)},${num(ey + 4)}l8,-8`, stroke: RED, "stroke-width": 1.8, fill: "none" });
  } else if (m.fate === "partitioned") {
    const bar = marks[0] as Line;
    shape = el("path", { d, stroke: PURPLE, "stroke-width": strokeWidth, "stroke-dasharray": "1 2", fill: "none" }) + el("path", { d: `M${num(bar.x0)},${num(bar.y0)}L${num(bar.x1)},${num(bar.y1)}`, stroke: PURPLE, "stroke-width": 2, fill: "none" });
  } else {
    const lost = m.fate === "to-down-node";
    shape = el("path", { d, stroke: lost ? "#9ca3af" : "#374151", "stroke-width": strokeWidth, fill: "none", "marker-end": `url(#${layout.ids.arrow})` });
  }
  if (layout.label !== null) shape += text({ x: layout.label.x, y: layout.label.y, "font-size": 10, fill: MUTED }, layout.label.text);
  return tip(about) + shape;
}
