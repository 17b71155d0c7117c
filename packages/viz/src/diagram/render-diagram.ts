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
import { el, num, text, tip } from "./internal/svg.js";
import { timeScale, type TimeScale } from "./internal/time-scale.js";

const LEFT = 64;
const RIGHT = 120;
/** Space above the first lane for the badge row and the violation's label, under the headline. */
const HEAD = 60;
const HEADLINE_LINE = 16;
const LANE_HEIGHT = 44;
const BAR = 14;
const CLIENT_ROW = 22;
const WIDTH_TARGET = 960;
const WIDTH_MIN = 760;
const BADGE_R = 8;
const BADGE_GAP = BADGE_R * 2 + 2;
/** Monospace glyph width per pixel of font size: what a label's width is estimated from. */
const GLYPH = 0.6;

const FILL: Readonly<Record<Exclude<LaneState, "down">, string>> = { up: "#e5e7eb", follower: "#dbeafe", candidate: "#fde68a", leader: "#86efac" };
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
  /** Positions in the trace of its calls (every attempt), answer or giving up. */
  readonly events: number[];
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
 * Interactive pages: every shape that stands for story steps carries
 * `data-steps="3 5"` (their numbers; a badge also `data-badge`), a client
 * operation `data-operation="client#seq"`, so a page can link the story's
 * steps to the diagram (the report does).
 *
 * Gotchas: needs a trace (`recordTrace: true`): throws on an empty one.
 * Element ids (`cx-title`, `cx-arrow`, `cx-hatch`, ...) start with
 * `idPrefix` (default `cx-`): give each diagram inlined in one HTML page its
 * own prefix, or they share the first one's definitions.
 *
 * @example
 * ```ts
 * writeFileSync("failure.svg", renderDiagram(run));
 * ```
 */
export function renderDiagram(run: RecordedRun, options: DiagramOptions = {}): string {
  if (run.trace.length === 0) throw new Error("renderDiagram: the run has no trace; run it with recordTrace: true");
  const story = options.story ?? tellStory(run);
  const ids = idsOf(options.idPrefix ?? "cx-");
  const violation = run.violation;
  const { from, to } = windowOf(run, story, options.window ?? "story");
  const trace = run.trace;
  const picked = pickMessages(trace, { from, to, max: Math.max(0, options.messagesMax ?? 40) });
  const operations = options.clients === false ? [] : clientOperations(trace, { from, to });
  const focus = findFocus(violation, trace, undefined);
  const links = stepLinks(story, trace);

  const headline = wrap(story.headline, 130);
  const top = HEAD + headline.length * HEADLINE_LINE;
  const laneY = (node: number): number => top + node * LANE_HEIGHT + LANE_HEIGHT / 2;
  const rows = badgeRows(story, { laneY, from, to, top });
  const times: number[] = [];
  for (const step of story.steps) times.push(step.time, step.timeEnd);
  for (const m of picked.drawn) times.push(m.sentAt, m.deliverAt);
  for (const op of operations) times.push(op.call, op.end ?? to);
  for (const event of trace) {
    if (event.kind === "crash" || event.kind === "restart" || event.kind === "partition" || event.kind === "heal" || event.kind === "phase") times.push(event.time);
    if (event.kind === "observation" && event.observation.kind === "role") times.push(event.time);
  }
  const scale = timeScale({ from, to, times, idleMs: Math.max(1, options.idleMs ?? 40), widthTarget: WIDTH_TARGET, focus: story.steps.map((s) => s.time), room: badgeRoom(rows), ...(violation === null ? {} : { decisive: violation.time }) });
  const x = (time: number): number => LEFT + scale.x(time);
  const lanesBottom = top + run.clusterSize * LANE_HEIGHT;
  const clientIds = [...new Set(operations.map((op) => op.client))].sort((a, b) => a - b);
  const clientsTop = lanesBottom + (clientIds.length > 0 ? 12 : 0);
  const clientY = (client: number): number => clientsTop + clientIds.indexOf(client) * CLIENT_ROW + CLIENT_ROW / 2;
  const contentBottom = clientsTop + clientIds.length * CLIENT_ROW;
  const axisY = contentBottom + 10;
  const legendY = axisY + 48;
  const width = Math.max(WIDTH_MIN, LEFT + scale.width + RIGHT);
  const height = legendY + 48;

  const parts: string[] = [];
  const title = `Space-time diagram of a ${run.protocol} run with ${run.clusterSize} nodes, t=${from} to t=${to}`;
  const desc = `${story.headline}. ${picked.drawn.length} of ${picked.drawn.length + picked.routine.length} messages drawn as arrows; the rest are routine traffic, shown as ticks. Numbered badges are the story's steps.`;
  parts.push(el("title", { id: ids.title }, escapeXml(title)), el("desc", { id: ids.desc }, escapeXml(desc)));
  parts.push(definitions(ids));
  parts.push(el("rect", { x: 0, y: 0, width, height, fill: "#ffffff" }));
  headline.forEach((line, i) => parts.push(text({ x: 12, y: 20 + i * HEADLINE_LINE, "font-size": 13, "font-weight": "bold", fill: INK }, line)));

  // Partitions first, so everything else draws over the band.
  for (const band of partitionBands(trace, { from, to })) {
    const x0 = x(band.from);
    const x1 = x(band.to);
    const label = fitting([`partition: ${band.shape}`, "partition"], x1 - x0 - 4, 10);
    parts.push(
      el("g", linked(links.of(band.events)), tip(`partition ${band.shape}, t=${band.from} to t=${band.to}`) +
        el("rect", { x: x0, y: top - 8, width: Math.max(2, x1 - x0), height: lanesBottom - top + 16, fill: PURPLE, "fill-opacity": 0.08, stroke: PURPLE, "stroke-opacity": 0.5, "stroke-dasharray": "3 2" }) +
        (label === null ? "" : text({ x: x0 + 3, y: top - 12, "font-size": 10, fill: PURPLE }, label))),
    );
  }

  // Lanes.
  for (let node = 0; node < run.clusterSize; node++) {
    parts.push(text({ x: 12, y: laneY(node) + 4, "font-size": 13, "font-weight": "bold", fill: INK }, nodeName(node)));
  }
  for (const segment of laneSegments(trace, { clusterSize: run.clusterSize, from, to })) {
    const x0 = x(segment.from);
    const x1 = x(segment.to);
    const y = laneY(segment.node);
    const label = segmentLabel(segment.state, segment.term);
    const about = `${nodeName(segment.node)} ${segment.state}${segment.term === null ? "" : ` in term ${segment.term}`}, t=${segment.from} to t=${segment.to}`;
    const fill = segment.state === "down" ? `url(#${ids.hatch})` : FILL[segment.state];
    let shape = el("rect", { x: x0, y: y - BAR / 2, width: Math.max(0.5, x1 - x0), height: BAR, fill, stroke: segment.state === "leader" ? "#15803d" : "none", "stroke-width": 1 });
    if (label !== "" && x1 - x0 >= label.length * 10 * GLYPH + 6) shape += text({ x: x0 + 3, y: y + 4, "font-size": 10, fill: INK }, label);
    parts.push(el("g", linked(links.of(segment.cause === null ? [] : [segment.cause])), tip(about) + shape));
  }

  // Routine traffic: a tick under the sender's lane per message not drawn.
  const ticks = picked.routine.map((m) => `M${num(x(m.time))},${num(laneY(m.from) + BAR / 2 + 1)}v4`).join("");
  if (ticks !== "") parts.push(el("path", { d: ticks, stroke: "#9ca3af", "stroke-width": 1, fill: "none" }, tip(`${picked.routine.length} routine messages (not drawn as arrows)`)));

  // Crashes and restarts.
  trace.forEach((event, index) => {
    if (event.time < from || event.time > to) return;
    if (event.kind === "crash") {
      const cx = x(event.time);
      const cy = laneY(event.node);
      parts.push(el("g", linked(links.of([index])), tip(`t=${event.time} ${describeEvent(event)}`) + el("path", { d: `M${num(cx - 5)},${num(cy - 5)}l10,10M${num(cx - 5)},${num(cy + 5)}l10,-10`, stroke: RED, "stroke-width": 2.5, fill: "none" })));
    } else if (event.kind === "restart") {
      const cx = x(event.time);
      const cy = laneY(event.node);
      parts.push(el("g", linked(links.of([index])), tip(`t=${event.time} ${describeEvent(event)}`) + el("path", { d: `M${num(cx)},${num(cy - BAR / 2 - 2)}v${BAR + 4}`, stroke: "#15803d", "stroke-width": 2, fill: "none" })));
    }
  });

  // Messages.
  // A label is written only where it overlaps no earlier one, and whole or as its name only: cut words help nobody.
  const labels: { x0: number; x1: number; y: number }[] = [];
  for (const m of picked.drawn) {
    let label: { x: number; y: number; text: string } | null = null;
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
      for (const words of [m.message, messageName(m.message)]) {
        const w = words.length * 10 * GLYPH;
        const lx = Math.min(crossX + 3, x(to) + RIGHT - w - 4);
        const box = { x0: lx, x1: lx + w, y: gapTop + 11 };
        if (!labels.some((b) => Math.abs(b.y - box.y) < 12 && b.x0 < box.x1 && box.x0 < b.x1)) {
          labels.push(box);
          label = { x: lx, y: box.y, text: words };
          break;
        }
      }
    }
    parts.push(el("g", linked(links.of(links.messageEvents(m))), arrow(m, { x, laneY, to, label, ids })));
  }

  // Clients.
  for (const client of clientIds) parts.push(text({ x: 12, y: clientY(client) + 4, "font-size": 11, fill: MUTED }, `client ${client}`));
  operations.forEach((op, i) => {
    const x0 = x(op.call);
    const x1 = Math.max(x0 + 3, x(op.end ?? to));
    const y = clientY(op.client);
    const key = `${op.client}#${op.seq}`;
    const focused = focus.operations.has(key);
    const unplaceable = focus.unplaceable.has(key);
    const words = `${op.operation}${op.result === "" ? "" : ` -> ${op.result}`}`;
    const answered = op.end === null ? "no answer yet" : op.indeterminate ? `gave up t=${op.end}` : `returned t=${op.end}`;
    const about = `client ${op.client} ${words}, called t=${op.call}, ${answered}${unplaceable ? ": no order of the client history explains this answer" : ""}`;
    // The label may run past a short bar, up to the client's next operation.
    const next = operations.slice(i + 1).find((o) => o.client === op.client);
    const room = (next === undefined ? x(to) + RIGHT : x(next.call)) - x0 - 6;
    const label = fitting([words, op.operation], room, 10);
    parts.push(
      el("g", { ...linked(links.of(op.events)), "data-operation": key }, tip(about) +
        el("rect", { x: x0, y: y - 6, width: x1 - x0, height: 12, rx: 2, fill: focused ? "#fee2e2" : "#f1f5f9", stroke: focused ? RED : "#64748b", "stroke-width": unplaceable ? 2 : 1, ...(op.indeterminate || op.end === null ? { "stroke-dasharray": "3 2" } : {}) }) +
        (label === null ? "" : text({ x: x0 + 2, y: y + 3.5, "font-size": 10, fill: INK }, label))),
    );
  });

  // The violating moment.
  const violationStep = story.steps.find((s) => s.kind === "violation");
  if (violation !== null && violation.time >= from && violation.time <= to) {
    const vx = x(violation.time);
    parts.push(
      el("g", violationStep === undefined ? {} : { "data-steps": String(violationStep.number) }, tip(`t=${violation.time} (step ${violation.step}) ${violation.invariant} violated: ${violation.message}`) +
        el("path", { d: `M${num(vx)},${top - 20}V${num(contentBottom + 4)}`, stroke: RED, "stroke-width": 2, fill: "none" }) +
        text({ x: vx - 4, y: top - 24, "font-size": 11, "font-weight": "bold", fill: RED, "text-anchor": "end" }, `${violation.invariant} violated at t=${violation.time}`)),
    );
  }

  parts.push(badges(rows, { x, from, to }));
  parts.push(axis(scale, { x, y: axisY, top: top - 8, bottom: contentBottom }));
  parts.push(legend(legendY, ids));

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(width)} ${num(height)}" width="${num(width)}" height="${num(height)}" role="img" aria-labelledby="${ids.title} ${ids.desc}" font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="11">` +
    `\n${parts.join("\n")}\n</svg>\n`
  );
}

/** The diagram's element ids, under one prefix so several diagrams can share a page. */
interface DiagramIds {
  readonly title: string;
  readonly desc: string;
  readonly arrow: string;
  readonly hatch: string;
}

function idsOf(prefix: string): DiagramIds {
  // An id must not break out of its attribute or a url(#...) reference.
  const safe = prefix.replace(/[^A-Za-z0-9_-]/g, "-");
  return { title: `${safe}title`, desc: `${safe}desc`, arrow: `${safe}arrow`, hatch: `${safe}hatch` };
}

/** `data-steps="3 5"` for an element that stands for those story steps; nothing when none. */
function linked(steps: readonly number[]): Record<string, string> {
  return steps.length === 0 ? {} : { "data-steps": steps.join(" ") };
}

/**
 * Which story steps each trace event belongs to, and which events a drawn
 * message stands for: what made the receiver react on arrival (its
 * observations at that step), and the role change it was sent in.
 */
function stepLinks(story: Story, trace: readonly TraceEvent[]): { of: (events: readonly number[]) => number[]; messageEvents: (m: DrawnMessage) => number[] } {
  const byEvent = new Map<number, number[]>();
  for (const step of story.steps) for (const index of step.traceEvents) byEvent.set(index, [...(byEvent.get(index) ?? []), step.number]);
  const observations = new Map<string, number[]>();
  trace.forEach((event, index) => {
    if (event.kind !== "observation") return;
    const key = `${event.step}:${event.node}`;
    observations.set(key, [...(observations.get(key) ?? []), index]);
  });
  return {
    of: (events) => [...new Set(events.flatMap((index) => byEvent.get(index) ?? []))].sort((a, b) => a - b),
    messageEvents: (m) => [...(m.arrivalStep === null ? [] : (observations.get(`${m.arrivalStep}:${m.to}`) ?? [])), ...(m.score === 2 ? (observations.get(`${m.sendStep}:${m.from}`) ?? []) : [])],
  };
}

/** The first of `candidates` whose whole text fits in `room` pixels at `fontSize`, or null: never a cut word. */
function fitting(candidates: readonly string[], room: number, fontSize: number): string | null {
  return candidates.find((words) => words.length * fontSize * GLYPH <= room) ?? null;
}

/** `RequestVote` of `RequestVote(t1, last 0@0)`: a message's name, for where its whole text has no room. */
function messageName(message: string): string {
  const open = message.indexOf("(");
  return open > 0 ? message.slice(0, open) : message;
}

/** Words wrapped into lines of at most `width` characters (a longer word stands alone). */
function wrap(words: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of words.split(/\s+/)) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines.length === 0 ? [""] : lines;
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

function definitions(ids: DiagramIds): string {
  return el(
    "defs",
    {},
    el("pattern", { id: ids.hatch, patternUnits: "userSpaceOnUse", width: 6, height: 6, patternTransform: "rotate(45)" }, el("rect", { width: 6, height: 6, fill: "#f3f4f6" }) + el("path", { d: "M0,0V6", stroke: "#9ca3af", "stroke-width": 2 })) +
      el("marker", { id: ids.arrow, viewBox: "0 0 8 8", refX: 8, refY: 4, markerWidth: 7, markerHeight: 7, orient: "auto" }, el("path", { d: "M0,0L8,4L0,8z", fill: "#374151" })),
  );
}

function arrow(m: DrawnMessage, layout: { x: (t: number) => number; laneY: (n: number) => number; to: number; label: { x: number; y: number; text: string } | null; ids: DiagramIds }): string {
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

function partitionBands(trace: readonly TraceEvent[], window: { from: number; to: number }): { from: number; to: number; shape: string; events: number[] }[] {
  const bands: { from: number; to: number; shape: string; events: number[] }[] = [];
  let open: { from: number; shape: string; index: number } | null = null;
  for (const [index, event] of trace.entries()) {
    if (event.time > window.to) break;
    if (event.kind === "partition") open = { from: event.time, shape: event.shape, index };
    else if (event.kind === "heal" && open !== null) {
      if (event.time >= window.from) bands.push({ from: Math.max(open.from, window.from), to: event.time, shape: open.shape, events: [open.index, index] });
      open = null;
    }
  }
  if (open !== null) bands.push({ from: Math.max(open.from, window.from), to: window.to, shape: open.shape, events: [open.index] });
  return bands;
}

function clientOperations(trace: readonly TraceEvent[], window: { from: number; to: number }): ClientOperation[] {
  const operations: ClientOperation[] = [];
  const byKey = new Map<string, ClientOperation>();
  for (const [index, event] of trace.entries()) {
    if (event.time > window.to) break;
    if (event.kind === "client-call" && event.attempt === 1) {
      const op: ClientOperation = { client: event.client, seq: event.seq, operation: event.operation, call: event.time, end: null, result: "", indeterminate: false, events: [index] };
      byKey.set(`${event.client}#${event.seq}`, op);
      operations.push(op);
    } else if (event.kind === "client-call") {
      byKey.get(`${event.client}#${event.seq}`)?.events.push(index);
    } else if (event.kind === "client-response" && event.response.kind === "ok") {
      const op = byKey.get(`${event.client}#${event.seq}`);
      if (op !== undefined && op.end === null) {
        op.end = event.time;
        op.result = responseText(event.response);
        op.events.push(index);
      }
    } else if (event.kind === "client-give-up") {
      const op = byKey.get(`${event.client}#${event.seq}`);
      if (op !== undefined && op.end === null) {
        op.end = event.time;
        op.result = "gave up";
        op.indeterminate = true;
        op.events.push(index);
      }
    }
  }
  return operations.filter((op) => (op.end ?? window.to) >= window.from && op.call <= window.to);
}

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

type BadgeRows = ReadonlyMap<number, readonly Story["steps"][number][]>;

/** The story's steps in the window, by the height of their badge row: above their first node's lane, or on top. */
function badgeRows(story: Story, layout: { laneY: (n: number) => number; from: number; to: number; top: number }): BadgeRows {
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
function badgeRoom(rows: BadgeRows): Map<number, number> {
  const room = new Map<number, number>();
  for (const steps of rows.values()) {
    const counts = new Map<number, number>();
    for (const step of steps) counts.set(step.time, (counts.get(step.time) ?? 0) + 1);
    for (const [time, count] of counts) room.set(time, Math.max(room.get(time) ?? 0, count * BADGE_GAP));
  }
  return room;
}

function badges(rows: BadgeRows, layout: { x: (t: number) => number; from: number; to: number }): string {
  const placed: { step: Story["steps"][number]; cx: number; y: number }[] = [];
  for (const [y, row] of rows) {
    const places = badgePlaces(
      row.map((step) => layout.x(step.time)),
      { left: layout.x(layout.from) + BADGE_R, right: layout.x(layout.to) + BADGE_R },
    );
    row.forEach((step, i) => placed.push({ step, cx: places[i] as number, y }));
  }
  placed.sort((a, b) => a.step.number - b.step.number);
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

function axis(scale: TimeScale, layout: { x: (t: number) => number; y: number; top: number; bottom: number }): string {
  const { x, y } = layout;
  const out: string[] = [el("path", { d: `M${num(x(scale.from))},${num(y)}H${num(x(scale.to))}`, stroke: MUTED, "stroke-width": 1, fill: "none" })];
  for (const [start, end] of scale.breaks) {
    const mid = (x(start) + x(end)) / 2;
    out.push(
      el("g", {}, tip(`${end - start} ms with nothing of interest, squeezed`) +
        el("path", { d: `M${num(mid)},${num(layout.top)}V${num(layout.bottom)}`, stroke: "#d1d5db", "stroke-width": 1, "stroke-dasharray": "1 3", fill: "none" }) +
        el("path", { d: `M${num(mid - 4)},${num(y + 4)}l4,-8M${num(mid)},${num(y + 4)}l4,-8`, stroke: MUTED, "stroke-width": 1, fill: "none" }) +
        text({ x: mid, y: y + 28, "font-size": 9, fill: MUTED, "text-anchor": "middle" }, `+${end - start}ms`)),
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

function legend(y: number, ids: DiagramIds): string {
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
  swatch(FILL.leader, "leader");
  swatch(FILL.candidate, "candidate");
  swatch(FILL.follower, "follower");
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
