import { nodeName } from "@cx/check";
import type { DiagramIds } from "./diagram-ids.js";
import { MUTED, PURPLE, RED } from "./diagram-style.js";
import type { DrawnMessage } from "./pick-messages.js";
import { el, num, text, tip } from "./svg.js";

/** `RequestVote` of `RequestVote(t1, last 0@0)`: a message's name, for where its whole text has no room. */
export function messageName(message: string): string {
  const open = message.indexOf("(");
  return open > 0 ? message.slice(0, open) : message;
}

/** One message as an arrow: delivered solid with a head, dropped dashed ending in an ×, blocked by a partition dotted ending in a bar; its tooltip says what became of it. */
export function arrow(m: DrawnMessage, layout: { x: (t: number) => number; laneY: (n: number) => number; to: number; label: { x: number; y: number; text: string } | null; ids: DiagramIds }): string {
  const x0 = layout.x(m.sentAt);
  const y0 = layout.laneY(m.from);
  const x1full = layout.x(Math.min(m.deliverAt, layout.to));
  const y1full = layout.laneY(m.to);
  const fateText = m.fate === "delivered" ? `delivered at t=${m.deliverAt}` : m.fate === "partitioned" ? "blocked by the partition" : m.fate === "dropped" ? "dropped by the network" : `arrived at t=${m.deliverAt} while ${nodeName(m.to)} was down`;
  const about = `t=${m.sentAt} ${nodeName(m.from)} -> ${nodeName(m.to)} ${m.message}${m.duplicate ? " (duplicate)" : ""}: ${fateText}`;
  let shape: string;
  // Lost messages stop part-way, at a fraction of the lane gap, so they never seem to arrive.
  const partWay = (f: number): [number, number] => [x0 + (x1full - x0) * f, y0 + (y1full - y0) * f];
  if (m.fate === "dropped") {
    const [ex, ey] = partWay(0.6);
    shape = el("path", { d: `M${num(x0)},${num(y0)}L${num(ex)},${num(ey)}`, stroke: RED, "stroke-width": 1.2, "stroke-dasharray": "4 3", fill: "none" }) + el("path", { d: `M${num(ex - 4)},${num(ey - 4)}l8,8M${num(ex - 4)},${num(ey + 4)}l8,-8`, stroke: RED, "stroke-width": 1.8, fill: "none" });
  } else if (m.fate === "partitioned") {
    const [ex, ey] = partWay(0.35);
    const dx = ex - x0;
    const dy = ey - y0;
    const length = Math.max(1, Math.hypot(dx, dy));
    const px = (-dy / length) * 5;
    const py = (dx / length) * 5;
    shape = el("path", { d: `M${num(x0)},${num(y0)}L${num(ex)},${num(ey)}`, stroke: PURPLE, "stroke-width": 1.2, "stroke-dasharray": "1 2", fill: "none" }) + el("path", { d: `M${num(ex - px)},${num(ey - py)}L${num(ex + px)},${num(ey + py)}`, stroke: PURPLE, "stroke-width": 2, fill: "none" });
  } else {
    const lost = m.fate === "to-down-node";
    shape = el("path", { d: `M${num(x0)},${num(y0)}L${num(x1full)},${num(y1full)}`, stroke: lost ? "#9ca3af" : "#374151", "stroke-width": m.score >= 2 ? 1.4 : 1, fill: "none", "marker-end": `url(#${layout.ids.arrow})` });
  }
  if (layout.label !== null) shape += text({ x: layout.label.x, y: layout.label.y, "font-size": 10, fill: MUTED }, layout.label.text);
  return tip(about) + shape;
}
