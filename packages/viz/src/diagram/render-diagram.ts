import { nodeName } from "@cx/check";
import type { TraceEvent } from "@cx/sim";
import { describeEvent, responseText } from "../describe/describe-event.js";
import { escapeXml } from "../escape/escape-xml.js";
import type { RecordedRun } from "../recorded-run.js";
import { findFocus } from "../story/internal/focus.js";
import type { Story } from "../story/story.js";
import { tellStory } from "../story/tell-story.js";
import type { DiagramOptions } from "./diagram-options.js";
import { laneSegments, type LaneState } from "./internal/lane-segments.js";
import { pickMessages, type DrawnMessage } from "./internal/pick-messages.js";
import { cut, el, num, text, tip } from "./internal/svg.js";
import { timeScale, type TimeScale } from "./internal/time-scale.js";

const LEFT = 56;
const RIGHT = 110;
const TOP = 76;
const LANE_HEIGHT = 40;
const BAR = 14;
const CLIENT_ROW = 20;
const WIDTH_TARGET = 960;
const WIDTH_MIN = 760;
const BADGE_R = 7;

const FILL: Readonly<Record<LaneState, string>> = { up: "#e5e7eb", follower: "#dbeafe", candidate: "#fde68a", leader: "#86efac", down: "url(#cx-hatch)" };
const INK = "#1f2937";
const MUTED = "#6b7280";
const RED = "#dc2626";
const PURPLE = "#7c3aed";

interface ClientOperation {
  readonly client: number;
  readonly seq: number;
  readonly operation: string;
  readonly call: number;
  end: number | null;
  result: string;
  indeterminate: boolean;
}

/**
 * Draws a recorded run as an SVG space-time diagram: a lane per node over
 * simulated time (left to right), coloured by role and labelled with the
 * term (leader green, candidate amber, follower blue, down hatched);
 * messages as arrows (delivered solid, dropped dashed ending in an ×,
 * blocked by a partition dotted ending in a bar); partitions as a violet
 * band; a row per client with its operations; the story's step numbers as
 * badges; and the violating moment as a red line.
 *
 * When to use: next to {@link tellStory}'s text, in reports and after a
 * shrink. Write the string to a `.svg` file or inline it in HTML.
 *
 * Details: readable at a few dozen steps however long the run was: idle
 * stretches longer than `idleMs` are squeezed (marked on the axis with the
 * time they stand for), only the messages that changed something are drawn
 * as arrows (`messagesMax`), and routine traffic such as heartbeats shows
 * only as small ticks under the sender's lane. The output is a pure
 * function of the run and the options: no randomness, no dates, fixed
 * number formatting, so the same run gives byte-identical SVG. Every text
 * is escaped; it is self-contained (inline styles, generic font families,
 * no external requests) with a `viewBox`, `<title>` and `<desc>`.
 *
 * Gotchas: needs a trace (`recordTrace: true`): throws on an empty one.
 * Element ids (`cx-arrow`, `cx-hatch`) are fixed: several diagrams inlined
 * in one HTML page share the same (identical) definitions.
 *
 * @example
 * ```ts
 * writeFileSync("failure.svg", renderDiagram(run));
 * ```
 */
export function renderDiagram(run: RecordedRun, options: DiagramOptions = {}): string {
  if (run.trace.length === 0) throw new Error("renderDiagram: the run has no trace; run it with recordTrace: true");
  const story = options.story ?? tellStory(run);
  const violation = run.violation;
  const { from, to } = windowOf(run, story, options.window ?? "story");
  const trace = run.trace;
  const picked = pickMessages(trace, { from, to, max: Math.max(0, options.messagesMax ?? 40) });
  const operations = options.clients === false ? [] : clientOperations(trace, { from, to });
  const focus = findFocus(violation, trace, undefined);

  const times: number[] = [];
  for (const step of story.steps) times.push(step.time, step.timeEnd);
  for (const m of picked.drawn) times.push(m.sentAt, m.deliverAt);
  for (const op of operations) times.push(op.call, op.end ?? to);
  for (const event of trace) {
    if (event.kind === "crash" || event.kind === "restart" || event.kind === "partition" || event.kind === "heal" || event.kind === "phase") times.push(event.time);
    if (event.kind === "observation" && event.observation.kind === "role") times.push(event.time);
  }
  const scale = timeScale({ from, to, times, idleMs: Math.max(1, options.idleMs ?? 40), widthTarget: WIDTH_TARGET });
  const x = (time: number): number => LEFT + scale.x(time);
  const laneY = (node: number): number => TOP + node * LANE_HEIGHT + LANE_HEIGHT / 2;
  const lanesBottom = TOP + run.clusterSize * LANE_HEIGHT;
  const clientIds = [...new Set(operations.map((op) => op.client))].sort((a, b) => a - b);
  const clientsTop = lanesBottom + (clientIds.length > 0 ? 12 : 0);
  const clientY = (client: number): number => clientsTop + clientIds.indexOf(client) * CLIENT_ROW + CLIENT_ROW / 2;
  const contentBottom = clientsTop + clientIds.length * CLIENT_ROW;
  const axisY = contentBottom + 10;
  const legendY = axisY + 44;
  const width = Math.max(WIDTH_MIN, LEFT + scale.width + RIGHT);
  const height = legendY + 44;

  const parts: string[] = [];
  const title = `Space-time diagram of a ${run.protocol} run with ${run.clusterSize} nodes, t=${from} to t=${to}`;
  const desc = `${story.headline}. ${picked.drawn.length} of ${picked.drawn.length + picked.routine.length} messages drawn as arrows; the rest are routine traffic, shown as ticks. Numbered badges are the story's steps.`;
  parts.push(el("title", { id: "cx-title" }, escapeXml(title)), el("desc", { id: "cx-desc" }, escapeXml(desc)));
  parts.push(definitions());
  parts.push(el("rect", { x: 0, y: 0, width, height, fill: "#ffffff" }));
  parts.push(text({ x: LEFT, y: 18, "font-size": 13, "font-weight": "bold", fill: INK }, cut(story.headline, Math.floor((width - LEFT) / 7.2))));

  // Partitions first, so everything else draws over the band.
  for (const band of partitionBands(trace, { from, to })) {
    const x0 = x(band.from);
    const x1 = x(band.to);
    parts.push(
      el("g", {}, tip(`partition ${band.shape}, t=${band.from} to t=${band.to}`) +
        el("rect", { x: x0, y: TOP - 8, width: Math.max(2, x1 - x0), height: lanesBottom - TOP + 16, fill: PURPLE, "fill-opacity": 0.08, stroke: PURPLE, "stroke-opacity": 0.5, "stroke-dasharray": "3 2" }) +
        text({ x: x0 + 3, y: TOP - 12, "font-size": 10, fill: PURPLE }, cut(`partition: ${band.shape}`, Math.max(4, Math.floor((x1 - x0) / 6))))),
    );
  }

  // Lanes.
  for (let node = 0; node < run.clusterSize; node++) {
    parts.push(text({ x: 12, y: laneY(node) + 4, "font-size": 12, "font-weight": "bold", fill: INK }, nodeName(node)));
  }
  for (const segment of laneSegments(trace, { clusterSize: run.clusterSize, from, to })) {
    const x0 = x(segment.from);
    const x1 = x(segment.to);
    const y = laneY(segment.node);
    const label = segmentLabel(segment.state, segment.term);
    const about = `${nodeName(segment.node)} ${segment.state}${segment.term === null ? "" : ` in term ${segment.term}`}, t=${segment.from} to t=${segment.to}`;
    let shape = el("rect", { x: x0, y: y - BAR / 2, width: Math.max(0.5, x1 - x0), height: BAR, fill: FILL[segment.state], stroke: segment.state === "leader" ? "#15803d" : "none", "stroke-width": 1 });
    if (label !== "" && x1 - x0 >= label.length * 6 + 6) shape += text({ x: x0 + 3, y: y + 4, "font-size": 9, fill: INK }, label);
    parts.push(el("g", {}, tip(about) + shape));
  }

  // Routine traffic: a tick under the sender's lane per message not drawn.
  const ticks = picked.routine.map((m) => `M${num(x(m.time))},${num(laneY(m.from) + BAR / 2 + 1)}v4`).join("");
  if (ticks !== "") parts.push(el("path", { d: ticks, stroke: "#9ca3af", "stroke-width": 1, fill: "none" }, tip(`${picked.routine.length} routine messages (not drawn as arrows)`)));

  // Crashes and restarts.
  for (const event of trace) {
    if (event.time < from || event.time > to) continue;
    if (event.kind === "crash") {
      const cx = x(event.time);
      const cy = laneY(event.node);
      parts.push(el("g", {}, tip(`t=${event.time} ${describeEvent(event)}`) + el("path", { d: `M${num(cx - 5)},${num(cy - 5)}l10,10M${num(cx - 5)},${num(cy + 5)}l10,-10`, stroke: RED, "stroke-width": 2.5, fill: "none" })));
    } else if (event.kind === "restart") {
      const cx = x(event.time);
      const cy = laneY(event.node);
      parts.push(el("g", {}, tip(`t=${event.time} ${describeEvent(event)}`) + el("path", { d: `M${num(cx)},${num(cy - BAR / 2 - 2)}v${BAR + 4}`, stroke: "#15803d", "stroke-width": 2, fill: "none" })));
    }
  }

  // Messages.
  // A label is written only where it overlaps no earlier one: overlapping words help nobody.
  const labels: { x0: number; x1: number; y: number }[] = [];
  for (const m of picked.drawn) {
    let label: { x: number; y: number } | null = null;
    if (m.score >= 2 && m.from !== m.to) {
      // In the gap next to the sender, in its upper half (badges sit in the lower half), never past the window's end.
      const down = m.to > m.from;
      const gapTop = laneY(down ? m.from : m.from - 1) + BAR / 2;
      const crossY = gapTop + (LANE_HEIGHT - BAR) / 2;
      const x0 = x(m.sentAt);
      const x1 = x(Math.min(m.deliverAt, to));
      const y0 = laneY(m.from);
      const y1 = laneY(m.to);
      const crossX = x0 + ((x1 - x0) * (crossY - y0)) / (y1 - y0);
      const width = Math.min(24, m.message.length) * 5.2;
      const lx = Math.min(crossX + 3, x(to) - width - 2);
      const box = { x0: lx, x1: lx + width, y: gapTop + 10 };
      if (!labels.some((b) => Math.abs(b.y - box.y) < 11 && b.x0 < box.x1 && box.x0 < b.x1)) {
        labels.push(box);
        label = { x: lx, y: box.y };
      }
    }
    parts.push(arrow(m, { x, laneY, to, label }));
  }

  // Clients.
  for (const client of clientIds) parts.push(text({ x: 12, y: clientY(client) + 4, "font-size": 10, fill: MUTED }, `client ${client}`));
  for (const op of operations) {
    const x0 = x(op.call);
    const x1 = Math.max(x0 + 3, x(op.end ?? to));
    const y = clientY(op.client);
    const focused = focus.operations.has(`${op.client}#${op.seq}`);
    const unplaceable = focus.unplaceable.has(`${op.client}#${op.seq}`);
    const words = `${op.operation}${op.result === "" ? "" : ` -> ${op.result}`}`;
    const answered = op.end === null ? "no answer yet" : op.indeterminate ? `gave up t=${op.end}` : `returned t=${op.end}`;
    const about = `client ${op.client} ${words}, called t=${op.call}, ${answered}${unplaceable ? ": no order of the client history explains this answer" : ""}`;
    parts.push(
      el("g", {}, tip(about) +
        el("rect", { x: x0, y: y - 5, width: x1 - x0, height: 10, rx: 2, fill: focused ? "#fee2e2" : "#f1f5f9", stroke: focused ? RED : "#64748b", "stroke-width": unplaceable ? 2 : 1, ...(op.indeterminate || op.end === null ? { "stroke-dasharray": "3 2" } : {}) }) +
        text({ x: x0 + 2, y: y + 3.5, "font-size": 8.5, fill: INK }, cut(words, Math.max(3, Math.floor(Math.max(x1 - x0, 60) / 5.2))))),
    );
  }

  // The violating moment.
  if (violation !== null && violation.time >= from && violation.time <= to) {
    const vx = x(violation.time);
    parts.push(
      el("g", {}, tip(`t=${violation.time} (step ${violation.step}) ${violation.invariant} violated: ${violation.message}`) +
        el("path", { d: `M${num(vx)},${TOP - 20}V${num(contentBottom + 4)}`, stroke: RED, "stroke-width": 2, fill: "none" }) +
        text({ x: vx - 4, y: TOP - 24, "font-size": 11, "font-weight": "bold", fill: RED, "text-anchor": "end" }, `${cut(violation.invariant, 40)} violated at t=${violation.time}`)),
    );
  }

  parts.push(badges(story, { x, laneY, from, to }));
  parts.push(axis(scale, { x, y: axisY, top: TOP - 8, bottom: contentBottom }));
  parts.push(legend(legendY));

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(width)} ${num(height)}" width="${num(width)}" height="${num(height)}" role="img" aria-labelledby="cx-title cx-desc" font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="11">` +
    `\n${parts.join("\n")}\n</svg>\n`
  );
}

function windowOf(run: RecordedRun, story: Story, window: NonNullable<DiagramOptions["window"]>): { from: number; to: number } {
  const end = run.violation?.time ?? run.endTime;
  if (window === "all") return { from: 0, to: Math.max(end, 1) };
  if (window !== "story") return { from: Math.max(0, window.from), to: Math.max(window.from + 1, window.to) };
  const first = story.steps.length > 0 ? Math.min(...story.steps.map((s) => s.time)) : 0;
  const from = first < end ? first : Math.max(0, end - 100);
  return { from: Math.max(0, from - 5), to: Math.max(end, from + 1) };
}

function segmentLabel(state: LaneState, term: number | null): string {
  const t = term === null ? "" : `t${term}`;
  switch (state) {
    case "leader":
      return `leader ${t}`.trim();
    case "candidate":
      return `candidate ${t}`.trim();
    case "follower":
      return t;
    case "down":
      return "down";
    case "up":
      return "";
  }
}

function definitions(): string {
  return el(
    "defs",
    {},
    el("pattern", { id: "cx-hatch", patternUnits: "userSpaceOnUse", width: 6, height: 6, patternTransform: "rotate(45)" }, el("rect", { width: 6, height: 6, fill: "#f3f4f6" }) + el("path", { d: "M0,0V6", stroke: "#9ca3af", "stroke-width": 2 })) +
      el("marker", { id: "cx-arrow", viewBox: "0 0 8 8", refX: 8, refY: 4, markerWidth: 7, markerHeight: 7, orient: "auto" }, el("path", { d: "M0,0L8,4L0,8z", fill: "#374151" })),
  );
}

function arrow(m: DrawnMessage, layout: { x: (t: number) => number; laneY: (n: number) => number; to: number; label: { x: number; y: number } | null }): string {
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
    shape = el("path", { d: `M${num(x0)},${num(y0)}L${num(x1full)},${num(y1full)}`, stroke: lost ? "#9ca3af" : "#374151", "stroke-width": m.score >= 2 ? 1.4 : 1, fill: "none", "marker-end": "url(#cx-arrow)" });
  }
  if (layout.label !== null) shape += text({ x: layout.label.x, y: layout.label.y, "font-size": 8.5, fill: MUTED }, cut(m.message, 24));
  return el("g", {}, tip(about) + shape);
}

function partitionBands(trace: readonly TraceEvent[], window: { from: number; to: number }): { from: number; to: number; shape: string }[] {
  const bands: { from: number; to: number; shape: string }[] = [];
  let open: { from: number; shape: string } | null = null;
  for (const event of trace) {
    if (event.time > window.to) break;
    if (event.kind === "partition") open = { from: event.time, shape: event.shape };
    else if (event.kind === "heal" && open !== null) {
      if (event.time >= window.from) bands.push({ from: Math.max(open.from, window.from), to: event.time, shape: open.shape });
      open = null;
    }
  }
  if (open !== null) bands.push({ from: Math.max(open.from, window.from), to: window.to, shape: open.shape });
  return bands;
}

function clientOperations(trace: readonly TraceEvent[], window: { from: number; to: number }): ClientOperation[] {
  const operations: ClientOperation[] = [];
  const byKey = new Map<string, ClientOperation>();
  for (const event of trace) {
    if (event.time > window.to) break;
    if (event.kind === "client-call" && event.attempt === 1) {
      const op: ClientOperation = { client: event.client, seq: event.seq, operation: event.operation, call: event.time, end: null, result: "", indeterminate: false };
      byKey.set(`${event.client}#${event.seq}`, op);
      operations.push(op);
    } else if (event.kind === "client-response" && event.response.kind === "ok") {
      const op = byKey.get(`${event.client}#${event.seq}`);
      if (op !== undefined && op.end === null) {
        op.end = event.time;
        op.result = responseText(event.response);
      }
    } else if (event.kind === "client-give-up") {
      const op = byKey.get(`${event.client}#${event.seq}`);
      if (op !== undefined && op.end === null) {
        op.end = event.time;
        op.result = "gave up";
        op.indeterminate = true;
      }
    }
  }
  return operations.filter((op) => (op.end ?? window.to) >= window.from && op.call <= window.to);
}

/**
 * Places badges on their rows: each at its step's time unless that would
 * overlap its neighbour, in which case it moves right; a row that would
 * run past the end of the window is pushed back left, so badges never sit
 * beyond the violation or off the drawing.
 */
function badgePlaces(wanted: readonly number[], limits: { left: number; right: number }): number[] {
  const gap = BADGE_R * 2 + 1;
  const places = [...wanted];
  for (let i = 1; i < places.length; i++) places[i] = Math.max(places[i] as number, (places[i - 1] as number) + gap);
  for (let i = places.length - 1; i >= 0; i--) places[i] = Math.min(places[i] as number, i === places.length - 1 ? limits.right : (places[i + 1] as number) - gap);
  // Only a row with more badges than room goes back over the left edge; then it overlaps rather than vanishes.
  for (let i = 0; i < places.length; i++) places[i] = Math.max(places[i] as number, i === 0 ? limits.left : (places[i - 1] as number) + gap / 2);
  return places;
}

function badges(story: Story, layout: { x: (t: number) => number; laneY: (n: number) => number; from: number; to: number }): string {
  const rows = new Map<number, { step: Story["steps"][number]; x: number }[]>();
  for (const step of story.steps) {
    if (step.time < layout.from || step.time > layout.to) continue;
    const node = step.nodes[0];
    const y = step.kind === "violation" ? TOP - 44 : node === undefined ? TOP - 44 : layout.laneY(node) - BAR / 2 - BADGE_R - 1;
    rows.set(y, [...(rows.get(y) ?? []), { step, x: layout.x(step.time) }]);
  }
  const placed: { step: Story["steps"][number]; cx: number; y: number }[] = [];
  for (const [y, row] of rows) {
    const places = badgePlaces(
      row.map((b) => b.x),
      { left: layout.x(layout.from) + BADGE_R, right: layout.x(layout.to) + BADGE_R },
    );
    row.forEach((b, i) => placed.push({ step: b.step, cx: places[i] as number, y }));
  }
  placed.sort((a, b) => a.step.number - b.step.number);
  const out: string[] = [];
  for (const { step, cx, y } of placed) {
    const fill = step.kind === "violation" ? RED : INK;
    out.push(
      el("g", {}, tip(`${step.number}. t=${step.time} ${step.text}`) +
        el("circle", { cx, cy: y, r: BADGE_R, fill }) +
        text({ x: cx, y: y + 3.5, "font-size": step.number > 9 ? 8 : 10, "font-weight": "bold", fill: "#ffffff", "text-anchor": "middle" }, String(step.number))),
    );
  }
  return out.join("\n");
}

function axis(scale: TimeScale, layout: { x: (t: number) => number; y: number; top: number; bottom: number }): string {
  const { x, y } = layout;
  const out: string[] = [el("path", { d: `M${num(x(scale.from))},${num(y)}H${num(x(scale.to))}`, stroke: MUTED, "stroke-width": 1, fill: "none" })];
  for (const [start, end] of scale.breaks) {
    const mid = (x(start) + x(end)) / 2;
    out.push(
      el("g", {}, tip(`${end - start} ms with nothing of interest, squeezed`) +
        el("path", { d: `M${num(mid)},${num(layout.top)}V${num(layout.bottom)}`, stroke: "#d1d5db", "stroke-width": 1, "stroke-dasharray": "1 3", fill: "none" }) +
        el("path", { d: `M${num(mid - 4)},${num(y + 4)}l4,-8M${num(mid)},${num(y + 4)}l4,-8`, stroke: MUTED, "stroke-width": 1, fill: "none" }) +
        text({ x: mid, y: y + 26, "font-size": 8, fill: MUTED, "text-anchor": "middle" }, `+${end - start}ms`)),
    );
  }
  let last = -Infinity;
  for (const time of scale.times) {
    const tx = x(time);
    if (tx - last < 40) continue;
    last = tx;
    out.push(el("path", { d: `M${num(tx)},${num(y)}v4`, stroke: MUTED, "stroke-width": 1, fill: "none" }) + text({ x: tx, y: y + 14, "font-size": 9, fill: MUTED, "text-anchor": "middle" }, String(time)));
  }
  out.push(text({ x: 4, y: y + 14, "font-size": 9, fill: MUTED }, "t (ms)"));
  return out.join("\n");
}

function legend(y: number): string {
  const items: string[] = [];
  let lx = LEFT;
  const swatch = (fill: string, label: string): void => {
    items.push(el("rect", { x: lx, y: y - 8, width: 18, height: 10, fill, stroke: "#9ca3af", "stroke-width": 0.5 }) + text({ x: lx + 22, y, "font-size": 9, fill: INK }, label));
    lx += 26 + label.length * 6;
  };
  const line = (shape: string, label: string): void => {
    items.push(shape + text({ x: lx + 26, y, "font-size": 9, fill: INK }, label));
    lx += 30 + label.length * 6;
  };
  swatch(FILL.leader, "leader");
  swatch(FILL.candidate, "candidate");
  swatch(FILL.follower, "follower");
  swatch(FILL.down, "down");
  line(el("path", { d: `M${lx},${y - 3}h20`, stroke: "#374151", "stroke-width": 1.2, "marker-end": "url(#cx-arrow)" }), "delivered");
  line(el("path", { d: `M${lx},${y - 3}h16`, stroke: RED, "stroke-width": 1.2, "stroke-dasharray": "4 3" }) + el("path", { d: `M${lx + 14},${y - 7}l6,6M${lx + 14},${y + 1}l6,-6`, stroke: RED, "stroke-width": 1.5 }), "dropped");
  line(el("path", { d: `M${lx},${y - 3}h16`, stroke: PURPLE, "stroke-width": 1.2, "stroke-dasharray": "1 2" }) + el("path", { d: `M${lx + 17},${y - 8}v10`, stroke: PURPLE, "stroke-width": 2 }), "blocked by partition");
  const second = y + 20;
  lx = LEFT;
  items.push(el("rect", { x: lx, y: second - 8, width: 18, height: 10, fill: PURPLE, "fill-opacity": 0.08, stroke: PURPLE, "stroke-dasharray": "3 2" }) + text({ x: lx + 22, y: second, "font-size": 9, fill: INK }, "partition"));
  lx += 90;
  items.push(el("path", { d: `M${lx},${second - 7}l8,8M${lx},${second + 1}l8,-8`, stroke: RED, "stroke-width": 2 }) + text({ x: lx + 12, y: second, "font-size": 9, fill: INK }, "crash"));
  lx += 60;
  items.push(el("path", { d: `M${lx + 9},${second - 12}v16`, stroke: RED, "stroke-width": 2 }) + text({ x: lx + 14, y: second, "font-size": 9, fill: INK }, "violation"));
  lx += 80;
  items.push(el("circle", { cx: lx + 7, cy: second - 3, r: BADGE_R, fill: INK }) + text({ x: lx + 7, y: second + 0.5, "font-size": 10, "font-weight": "bold", fill: "#ffffff", "text-anchor": "middle" }, "1") + text({ x: lx + 18, y: second, "font-size": 9, fill: INK }, "story step"));
  lx += 100;
  items.push(el("path", { d: `M${lx},${second - 6}v4`, stroke: "#9ca3af" }) + text({ x: lx + 6, y: second, "font-size": 9, fill: INK }, "routine message (not drawn)"));
  return el("g", {}, items.join(""));
}
