import type { ProtocolWords } from "@cx/sim";
import type { DiagramIds } from "./diagram-ids.js";
import { BADGE_R, FILL, INK, LEFT, PURPLE, RED } from "./diagram-style.js";
import { el, text } from "./svg.js";

/** The legend under the axis: role colours, message fates, and the marks for partitions, crashes, the violation and story steps. */
export function legend(y: number, ids: DiagramIds, words: ProtocolWords): string {
  const items: string[] = [];
  let lx = LEFT;
  const swatch = (fill: string, label: string): void => {
    items.push(el("rect", { x: lx, y: y - 8, width: 18, height: 10, fill, stroke: "#9ca3af", "stroke-width": 0.5 }) + text({ x: lx + 22, y, "font-size": 10, fill: INK }, label));
    lx += 26 + label.length * 6.5;
  };
  const line = (shape: string, label: string): void => {
    items.push(shape + text({ x: lx + 26, y, "font-size": 10, fill: INK }, label));
    lx += 30 + label.length * 6.5;
  };
  swatch(FILL.leader, words.leader);
  swatch(FILL.candidate, words.candidate);
  swatch(FILL.follower, words.follower);
  swatch(`url(#${ids.hatch})`, "down");
  line(el("path", { d: `M${lx},${y - 3}h20`, stroke: "#374151", "stroke-width": 1.2, "marker-end": `url(#${ids.arrow})` }), "delivered");
  line(el("path", { d: `M${lx},${y - 3}h16`, stroke: RED, "stroke-width": 1.2, "stroke-dasharray": "4 3" }) + el("path", { d: `M${lx + 14},${y - 7}l6,6M${lx + 14},${y + 1}l6,-6`, stroke: RED, "stroke-width": 1.5 }), "dropped");
  line(el("path", { d: `M${lx},${y - 3}h16`, stroke: PURPLE, "stroke-width": 1.2, "stroke-dasharray": "1 2" }) + el("path", { d: `M${lx + 17},${y - 8}v10`, stroke: PURPLE, "stroke-width": 2 }), "blocked by partition");
  const second = y + 20;
  lx = LEFT;
  items.push(el("rect", { x: lx, y: second - 8, width: 18, height: 10, fill: PURPLE, "fill-opacity": 0.08, stroke: PURPLE, "stroke-dasharray": "3 2" }) + text({ x: lx + 22, y: second, "font-size": 10, fill: INK }, "partition"));
  lx += 90;
  items.push(el("path", { d: `M${lx},${second - 7}l8,8M${lx},${second + 1}l8,-8`, stroke: RED, "stroke-width": 2 }) + text({ x: lx + 12, y: second, "font-size": 10, fill: INK }, "crash"));
  lx += 60;
  items.push(el("path", { d: `M${lx + 9},${second - 12}v16`, stroke: RED, "stroke-width": 2 }) + text({ x: lx + 14, y: second, "font-size": 10, fill: INK }, "violation"));
  lx += 80;
  items.push(el("circle", { cx: lx + 7, cy: second - 3, r: BADGE_R, fill: INK }) + text({ x: lx + 7, y: second + 0.5, "font-size": 10, "font-weight": "bold", fill: "#ffffff", "text-anchor": "middle" }, "1") + text({ x: lx + 18, y: second, "font-size": 10, fill: INK }, "story step"));
  lx += 100;
  items.push(el("path", { d: `M${lx},${second - 6}v4`, stroke: "#9ca3af" }) + text({ x: lx + 6, y: second, "font-size": 10, fill: INK }, "routine message (not drawn)"));
  return el("g", {}, items.join(""));
}
