import { nodeName } from "@cx/check";
import { protocolWords, type ProtocolWords, type TraceEvent, type Violation } from "@cx/sim";
import { describeEvent } from "../describe/describe-event.js";
import { escapeXml } from "../escape/escape-xml.js";
import type { RecordedRun } from "../recorded-run.js";
import { findFocus, type Focus } from "../story/internal/focus.js";
import type { Story } from "../story/story.js";
import { tellStory } from "../story/tell-story.js";
import type { DiagramOptions } from "./diagram-options.js";
import { arrow, messageName } from "./internal/arrow.js";
import { axis } from "./internal/axis.js";
import { badgeRoom, badgeRows, badges } from "./internal/badges.js";
import { clientOperations, type ClientOperation } from "./internal/client-operations.js";
import { definitions, idsOf, type DiagramIds } from "./internal/diagram-ids.js";
import { BAR, CLIENT_ROW, FILL, fitting, GLYPH, HEAD, HEADLINE_LINE, INK, LANE_HEIGHT, LEFT, MUTED, PURPLE, RED, RIGHT, WIDTH_MIN, WIDTH_TARGET } from "./internal/diagram-style.js";
import { legend } from "./internal/legend.js";
import { laneSegments } from "./internal/lane-segments.js";
import { partitionBands } from "./internal/partition-bands.js";
import { pickMessages, type DrawnMessage } from "./internal/pick-messages.js";
import { linked, stepLinks, type StepLinks } from "./internal/step-links.js";
import { el, num, text, tip } from "./internal/svg.js";
import { timeScale } from "./internal/time-scale.js";

/** Where things go: what every part of the drawing needs to place its shapes. */
interface Layout {
  readonly trace: readonly TraceEvent[];
  readonly clusterSize: number;
  readonly from: number;
  readonly to: number;
  /** The first lane's top edge. */
  readonly top: number;
  readonly lanesBottom: number;
  readonly contentBottom: number;
  readonly x: (time: number) => number;
  readonly laneY: (node: number) => number;
  readonly clientY: (client: number) => number;
  readonly ids: DiagramIds;
  readonly links: StepLinks;
  /** The protocol's words for roles and epochs. */
  readonly words: ProtocolWords;
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
  const layout: Layout = { trace, clusterSize: run.clusterSize, from, to, top, lanesBottom, contentBottom, x, laneY, clientY, ids, links: stepLinks(story, trace), words: protocolWords(run.vocabulary) };

  const parts: string[] = [];
  const title = `Space-time diagram of a ${run.protocol} run with ${run.clusterSize} nodes, t=${from} to t=${to}`;
  const desc = `${story.headline}. ${picked.drawn.length} of ${picked.drawn.length + picked.routine.length} messages drawn as arrows; the rest are routine traffic, shown as ticks. Numbered badges are the story's steps.`;
  parts.push(el("title", { id: ids.title }, escapeXml(title)), el("desc", { id: ids.desc }, escapeXml(desc)));
  parts.push(definitions(ids));
  parts.push(el("rect", { x: 0, y: 0, width, height, fill: "#ffffff" }));
  headline.forEach((line, i) => parts.push(text({ x: 12, y: 20 + i * HEADLINE_LINE, "font-size": 13, "font-weight": "bold", fill: INK }, line)));
  // Partitions first, so everything else draws over the band.
  parts.push(...partitionShapes(layout), ...laneShapes(layout));
  // Routine traffic: a tick under the sender's lane per message not drawn.
  const ticks = picked.routine.map((m) => `M${num(x(m.time))},${num(laneY(m.from) + BAR / 2 + 1)}v4`).join("");
  if (ticks !== "") parts.push(el("path", { d: ticks, stroke: "#9ca3af", "stroke-width": 1, fill: "none" }, tip(`${picked.routine.length} routine messages (not drawn as arrows)`)));
  parts.push(...crashShapes(layout), ...messageShapes(layout, picked.drawn));
  for (const client of clientIds) parts.push(text({ x: 12, y: clientY(client) + 4, "font-size": 11, fill: MUTED }, `client ${client}`));
  parts.push(...operationShapes(layout, { operations, focus }));
  if (violation !== null && violation.time >= from && violation.time <= to) parts.push(violationShape(layout, story, violation));
  parts.push(badges(rows, { x, from, to }));
  parts.push(axis(scale, { x, y: axisY, top: top - 8, bottom: contentBottom }));
  parts.push(legend(legendY, ids, layout.words));

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(width)} ${num(height)}" width="${num(width)}" height="${num(height)}" role="img" aria-labelledby="${ids.title} ${ids.desc}" font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="11">` +
    `\n${parts.join("\n")}\n</svg>\n`
  );
}

/** A violet band per partition in the window. */
function partitionShapes(layout: Layout): string[] {
  const { x, top, lanesBottom, links } = layout;
  return partitionBands(layout.trace, { from: layout.from, to: layout.to }).map((band) => {
    const x0 = x(band.from);
    const x1 = x(band.to);
    const label = fitting([`partition: ${band.shape}`, "partition"], x1 - x0 - 4, 10);
    return el("g", linked(links.of(band.events)), tip(`partition ${band.shape}, t=${band.from} to t=${band.to}`) +
      el("rect", { x: x0, y: top - 8, width: Math.max(2, x1 - x0), height: lanesBottom - top + 16, fill: PURPLE, "fill-opacity": 0.08, stroke: PURPLE, "stroke-opacity": 0.5, "stroke-dasharray": "3 2" }) +
      (label === null ? "" : text({ x: x0 + 3, y: top - 12, "font-size": 10, fill: PURPLE }, label)));
  });
}

/** The nodes' names and their lanes, a bar per stretch in one role and term. */
function laneShapes(layout: Layout): string[] {
  const { x, laneY, ids, links } = layout;
  const parts: string[] = [];
  for (let node = 0; node < layout.clusterSize; node++) {
    parts.push(text({ x: 12, y: laneY(node) + 4, "font-size": 13, "font-weight": "bold", fill: INK }, nodeName(node)));
  }
  for (const segment of laneSegments(layout.trace, { clusterSize: layout.clusterSize, from: layout.from, to: layout.to })) {
    const x0 = x(segment.from);
    const x1 = x(segment.to);
    const y = laneY(segment.node);
    const words = layout.words;
    const name = segment.status ?? (segment.state === "up" || segment.state === "down" ? segment.state : words[segment.state]);
    const label = segmentLabel(segment.state === "follower" && segment.status === null ? "" : name, segment.state === "down" ? null : segment.term, words);
    const about = `${nodeName(segment.node)} ${name}${segment.term === null ? "" : ` in ${words.epoch} ${segment.term}`}, t=${segment.from} to t=${segment.to}`;
    const fill = segment.state === "down" ? `url(#${ids.hatch})` : FILL[segment.state];
    let shape = el("rect", { x: x0, y: y - BAR / 2, width: Math.max(0.5, x1 - x0), height: BAR, fill, stroke: segment.state === "leader" ? "#15803d" : "none", "stroke-width": 1 });
    if (label !== "" && x1 - x0 >= label.length * 10 * GLYPH + 6) shape += text({ x: x0 + 3, y: y + 4, "font-size": 10, fill: INK }, label);
    parts.push(el("g", linked(links.of(segment.cause === null ? [] : [segment.cause])), tip(about) + shape));
  }
  return parts;
}

/** A red × per crash and a green bar per restart in the window. */
function crashShapes(layout: Layout): string[] {
  const { x, laneY, links, from, to } = layout;
  const parts: string[] = [];
  layout.trace.forEach((event, index) => {
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
  return parts;
}

/**
 * The drawn messages as arrows. A label is written only where it overlaps
 * no earlier one, and whole or as its name only: cut words help nobody.
 */
function messageShapes(layout: Layout, drawn: readonly DrawnMessage[]): string[] {
  const { x, laneY, to, ids, links } = layout;
  const labels: { x0: number; x1: number; y: number }[] = [];
  const parts: string[] = [];
  for (const m of drawn) {
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
  return parts;
}

/** A bar per client operation on its client's row, from call to answer; the operations the violation names in red. */
function operationShapes(layout: Layout, clients: { operations: readonly ClientOperation[]; focus: Focus }): string[] {
  const { x, clientY, to, links } = layout;
  const { operations, focus } = clients;
  return operations.map((op, i) => {
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
    return el("g", { ...linked(links.of(op.events)), "data-operation": key }, tip(about) +
      el("rect", { x: x0, y: y - 6, width: x1 - x0, height: 12, rx: 2, fill: focused ? "#fee2e2" : "#f1f5f9", stroke: focused ? RED : "#64748b", "stroke-width": unplaceable ? 2 : 1, ...(op.indeterminate || op.end === null ? { "stroke-dasharray": "3 2" } : {}) }) +
      (label === null ? "" : text({ x: x0 + 2, y: y + 3.5, "font-size": 10, fill: INK }, label)));
  });
}

/** The violating moment: a red line across the lanes and clients, labelled. */
function violationShape(layout: Layout, story: Story, violation: Violation): string {
  const { top, contentBottom } = layout;
  const violationStep = story.steps.find((s) => s.kind === "violation");
  const vx = layout.x(violation.time);
  return el("g", violationStep === undefined ? {} : { "data-steps": String(violationStep.number) }, tip(`t=${violation.time} (step ${violation.step}) ${violation.invariant} violated: ${violation.message}`) +
    el("path", { d: `M${num(vx)},${top - 20}V${num(contentBottom + 4)}`, stroke: RED, "stroke-width": 2, fill: "none" }) +
    text({ x: vx - 4, y: top - 24, "font-size": 11, "font-weight": "bold", fill: RED, "text-anchor": "end" }, `${violation.invariant} violated at t=${violation.time}`));
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

/** A lane bar's label: the role's name (none for a plain follower) and the epoch, shortened to its first letter (`leader t3`, `primary v3`). */
function segmentLabel(name: string, term: number | null, words: ProtocolWords): string {
  if (name === "down") return name;
  if (name === "up") return "";
  const t = term === null ? "" : `${words.epoch.slice(0, 1)}${term}`;
  return `${name} ${t}`.trim();
}