import { MUTED } from "./diagram-style.js";
import { textWidth } from "./label-room.js";
import { el, num, text, tip } from "./svg.js";
import type { TimeScale } from "./time-scale.js";

/** The time axis: ticks at the moments that matter, and each squeezed idle stretch marked with the time it stands for. */
export function axis(scale: TimeScale, layout: { x: (t: number) => number; y: number; top: number; bottom: number }): string {
  const { x, y } = layout;
  const out: string[] = [el("path", { d: `M${num(x(scale.from))},${num(y)}H${num(x(scale.to))}`, stroke: MUTED, "stroke-width": 1, fill: "none" })];
  // A break's `+229ms` is left out where it would run into the previous one (its tooltip still says it).
  let lastLabelEnd = -Infinity;
  for (const [start, end] of scale.breaks) {
    const mid = (x(start) + x(end)) / 2;
    const words = `+${end - start}ms`;
    const half = textWidth(words, 9) / 2;
    const labelled = mid - half >= lastLabelEnd + 4;
    if (labelled) lastLabelEnd = mid + half;
    out.push(
      el("g", {}, tip(`${end - start} ms with nothing of interest, squeezed`) +
        el("path", { d: `M${num(mid)},${num(layout.top)}V${num(layout.bottom)}`, stroke: "#d1d5db", "stroke-width": 1, "stroke-dasharray": "1 3", fill: "none" }) +
        el("path", { d: `M${num(mid - 4)},${num(y + 4)}l4,-8M${num(mid)},${num(y + 4)}l4,-8`, stroke: MUTED, "stroke-width": 1, fill: "none" }) +
        (labelled ? text({ x: mid, y: y + 28, "font-size": 9, fill: MUTED, "text-anchor": "middle" }, words) : "")),
    );
  }
  let last = -Infinity;
  for (const time of scale.times) {
    const tx = x(time);
    if (tx - last < 40) continue;
    last = tx;
    out.push(el("path", { d: `M${num(tx)},${num(y)}v4`, stroke: MUTED, "stroke-width": 1, fill: "none" }) + text({ x: tx, y: y + 15, "font-size": 10, fill: MUTED, "text-anchor": "middle" }, String(time)));
  }
  out.push(text({ x: 4, y: y + 15, "font-size": 10, fill: MUTED }, "t (ms)"));
  return out.join("\n");
}
