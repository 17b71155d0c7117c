import { nodeName } from "@cx/check";
import { protocolWords, type ProtocolWords, type TraceEvent, type Violation } from "@cx/sim";
import { describeEvent } from "../describe/describe-event.js";
import { escapeXml } from "../escape/escape-xml.js";
import type { RecordedRun } from "../recorded-run.js";
import { findFocus, type Focus } from "../story/internal/focus.js";
import type { Story } from "../story/story.js";
import { tellStory } from "../story/tell-story.js";
import type { DiagramOptions } from "./diagram-options.js";
import { arrow, arrowGeometry, type ArrowGeometry } from "./internal/arrow.js";
import { axis } from "./internal/axis.js";
import { badgeRoom, badgeRows, badges, placeBadges } from "./internal/badges.js";
import { clientOperations, type ClientOperation } from "./internal/client-operations.js";
import { definitions, idsOf, type DiagramIds } from "./internal/diagram-ids.js";
import { BAR, CLIENT_ROW, FILL, fitting, GLYPH, HEAD, HEADLINE_LINE, INK, LANE_HEIGHT, LEFT, MUTED, PURPLE, RED, RIGHT, WIDTH_MIN, WIDTH_TARGET } from "./internal/diagram-style.js";
import { textBox, textWidth, type Box, type Line } from "./internal/label-room.js";
import { legend } from "./internal/legend.js";
import { laneSegments, type LaneSegment } from "./internal/lane-segments.js";
import { partitionBands } from "./internal/partition-bands.js";
import { pickMessages, type DrawnMessage } from "./internal/pick-messages.js";
import { placeLabels, type PlacedLabels, type PlacedText } from "./internal/place-labels.js";
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
  // Wide enough for the headline too: a narrow drawing of a long story would cut it off.
  const width = Math.max(WIDTH_MIN, LEFT + scale.width + RIGHT, ...headline.map((line) => 24 + textWidth(line, 13)));
  const height = legendY + 48;
  const layout: Layout = { trace, clusterSize: run.clusterSize, from, to, top, lanesBottom, contentBottom, x, laneY, clientY, ids, links: stepLinks(story, trace), words: protocolWords(run.vocabulary) };
  const segments = laneSegments(trace, { clusterSize: run.clusterSize, from, to });
  const bands = partitionBands(trace, { from, to });
  const placedBadges = placeBadges(rows, { x, from, to });
  const geometries = picked.drawn.map((m) => arrowGeometry(m, { x, laneY, to }));
  const marks = crashMarks(layout);
  const shown = violation !== null && violation.time >= from && violation.time <= to ? violation : null;
  const labels = placeLabels(
    {
      texts: [
        ...headline.map((line, i) => textBox(line, { x: 12, y: 20 + i * HEADLINE_LINE, fontSize: 13 })),
        ...Array.from({ length: run.clusterSize }, (_, node) => textBox(nodeName(node), { x: 12, y: laneY(node) + 4, fontSize: 13 })),
      ],
      badges: placedBadges,
      marks: { boxes: marks.flatMap((mark) => mark.boxes), lines: marks.flatMap((mark) => mark.lines) },
      arrows: geometries,
      violation: shown === null ? null : { x: x(shown.time), top: top - 20, bottom: contentBottom + 4, label: violationLabel(shown), labelY: top - 24 },
    },
    {
      lanes: segments.map((segment) => ({ x0: x(segment.from), x1: x(segment.to), y: laneY(segment.node), text: laneWords(segment, layout).label })),
      partitions: bands.map((band) => ({ x0: x(band.from), x1: x(band.to), text: fitting([`partition: ${band.shape}`, "partition"], x(band.to) - x(band.from) - 4, 10) })),
      messages: picked.drawn,
    },
    { clusterSize: run.clusterSize, laneY, top, lanesBottom, width },
  );

  const parts: string[] = [];
  const title = `Space-time diagram of a ${run.protocol} run with ${run.clusterSize} nodes, t=${from} to t=${to}`;
  const desc = `${story.headline}. ${picked.drawn.length} of ${picked.drawn.length + picked.routine.length} messages drawn as arrows; the rest are routine traffic, shown as ticks. Numbered badges are the story's steps.`;
  parts.push(el("title", { id: ids.title }, escapeXml(title)), el("desc", { id: ids.desc }, escapeXml(desc)));
  parts.push(definitions(ids));
  parts.push(el("rect", { x: 0, y: 0, width, height, fill: "#ffffff" }));
  headline.forEach((line, i) => parts.push(text({ x: 12, y: 20 + i * HEADLINE_LINE, "font-size": 13, "font-weight": "bold", fill: INK }, line)));
  // Partitions first, so everything else draws over the band.
  parts.push(...partitionShapes(layout, { bands, labels: labels.partitions }), ...laneShapes(layout, { segments, labels: labels.lanes }));
  // Routine traffic: a tick under the sender's lane per message not drawn.
  const ticks = picked.routine.map((m) => `M${num(x(m.time))},${num(laneY(m.from) + BAR / 2 + 1)}v4`).join("");
  if (ticks !== "") parts.push(el("path", { d: ticks, stroke: "#9ca3af", "stroke-width": 1, fill: "none" }, tip(`${picked.routine.length} routine messages (not drawn as arrows)`)));
  parts.push(...marks.map((mark) => mark.shape), ...messageShapes(layout, { drawn: picked.drawn, geometries, labels: labels.messages }));
  // Ending short of the lanes' start, where the first operation's label may begin.
  for (const client of clientIds) parts.push(text({ x: LEFT - 6, y: clientY(client) + 4, "font-size": 11, fill: MUTED, "text-anchor": "end" }, `client ${client}`));
  parts.push(...operationShapes(layout, { operations, focus }));
  if (shown !== null) parts.push(violationShape(layout, { story, violation: shown, label: labels.violation }));
  parts.push(badges(placedBadges));
  parts.push(axis(scale, { x, y: axisY, top: top - 8, bottom: contentBottom }));
  parts.push(legend(legendY, ids, layout.words));

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(width)} ${num(height)}" width="${num(width)}" height="${num(height)}" role="img" aria-labelledby="${ids.title} ${ids.desc}" font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="11">` +
    `\n${parts.join("\n")}\n</svg>\n`
  );
}

/** A violet band per partition in the window, labelled where {@link placeLabels} found room. */
function partitionShapes(layout: Layout, drawn: { bands: ReturnType<typeof partitionBands>; labels: readonly (PlacedText | null)[] }): string[] {
  const { x, top, lanesBottom, links } = layout;
  return drawn.bands.map((band, i) => {
    const x0 = x(band.from);
    const x1 = x(band.to);
    const label = drawn.labels[i] ?? null;
    return el("g", linked(links.of(band.events)), tip(`partition ${band.shape}, t=${band.from} to t=${band.to}`) +
      el("rect", { x: x0, y: top - 8, width: Math.max(2, x1 - x0), height: lanesBottom - top + 16, fill: PURPLE, "fill-opacity": 0.08, stroke: PURPLE, "stroke-opacity": 0.5, "stroke-dasharray": "3 2" }) +
      (label === null ? "" : text({ x: label.x, y: label.y, "font-size": 10, fill: PURPLE }, label.text)));
  });
}

/** A lane bar's words: the name of its state (for its tooltip) and its label, or null when it says nothing or is too short to say it whole. */
function laneWords(segment: LaneSegment, layout: Layout): { name: string; label: string | null } {
  const words = layout.words;
  const name = segment.status ?? (segment.state === "up" || segment.state === "down" ? segment.state : words[segment.state]);
  const label = segmentLabel(segment.state === "follower" && segment.status === null ? "" : name, segment.state === "down" ? null : segment.term, words);
  const room = layout.x(segment.to) - layout.x(segment.from);
  return { name, label: label !== "" && room >= label.length * 10 * GLYPH + 6 ? label : null };
}

/** The nodes' names and their lanes, a bar per stretch in one role and term, labelled where {@link placeLabels} found room. */
function laneShapes(layout: Layout, drawn: { segments: readonly LaneSegment[]; labels: readonly (PlacedText | null)[] }): string[] {
  const { x, laneY, ids, links } = layout;
  const parts: string[] = [];
  for (let node = 0; node < layout.clusterSize; node++) {
    parts.push(text({ x: 12, y: laneY(node) + 4, "font-size": 13, "font-weight": "bold", fill: INK }, nodeName(node)));
  }
  drawn.segments.forEach((segment, i) => {
    const x0 = x(segment.from);
    const x1 = x(segment.to);
    const y = laneY(segment.node);
    const words = layout.words;
    const { name } = laneWords(segment, layout);
    const label = drawn.labels[i] ?? null;
    const about = `${nodeName(segment.node)} ${name}${segment.term === null ? "" : ` in ${words.epoch} ${segment.term}`}, t=${segment.from} to t=${segment.to}`;
    const fill = segment.state === "down" ? `url(#${ids.hatch})` : FILL[segment.state];
    let shape = el("rect", { x: x0, y: y - BAR / 2, width: Math.max(0.5, x1 - x0), height: BAR, fill, stroke: segment.state === "leader" ? "#15803d" : "none", "stroke-width": 1 });
    if (label !== null) shape += text({ x: label.x, y: label.y, "font-size": 10, fill: INK }, label.text);
    parts.push(el("g", linked(links.of(segment.cause === null ? [] : [segment.cause])), tip(about) + shape));
  });
  return parts;
}

/** A crash or restart in the window: its drawing, and the strokes labels keep clear of. */
interface Mark {
  readonly shape: string;
  readonly boxes: readonly Box[];
  readonly lines: readonly Line[];
}

/** A red × per crash and a green bar per restart in the window. */
function crashMarks(layout: Layout): Mark[] {
  const { x, laneY, links, from, to } = layout;
  const marks: Mark[] = [];
  layout.trace.forEach((event, index) => {
    if (event.time < from || event.time > to) return;
    if (event.kind === "crash") {
      const cx = x(event.time);
      const cy = laneY(event.node);
      marks.push({
        shape: el("g", linked(links.of([index])), tip(`t=${event.time} ${describeEvent(event)}`) + el("path", { d: `M${num(cx - 5)},${num(cy - 5)}l10,10M${num(cx - 5)},${num(cy + 5)}l10,-10`, stroke: RED, "stroke-width": 2.5, fill: "none" })),
        boxes: [{ x0: cx - 6, y0: cy - 6, x1: cx + 6, y1: cy + 6 }],
        lines: [],
      });
    } else if (event.kind === "restart") {
      const cx = x(event.time);
      const cy = laneY(event.node);
      marks.push({
        shape: el("g", linked(links.of([index])), tip(`t=${event.time} ${describeEvent(event)}`) + el("path", { d: `M${num(cx)},${num(cy - BAR / 2 - 2)}v${BAR + 4}`, stroke: "#15803d", "stroke-width": 2, fill: "none" })),
        boxes: [],
        lines: [{ x0: cx, y0: cy - BAR / 2 - 2, x1: cx, y1: cy + BAR / 2 + 2 }],
      });
    }
  });
  return marks;
}

/** The drawn messages as arrows, each with its label where {@link placeLabels} found room: whole or its name only, never cut words. */
function messageShapes(layout: Layout, drawn: { drawn: readonly DrawnMessage[]; geometries: readonly ArrowGeometry[]; labels: readonly (PlacedText | null)[] }): string[] {
  const { ids, links } = layout;
  return drawn.drawn.map((m, i) => {
    const geometry = drawn.geometries[i] as ArrowGeometry;
    return el("g", { ...linked(links.of(links.messageEvents(m))), "data-role": "message" }, arrow(m, { geometry, label: drawn.labels[i] ?? null, ids }));
  });
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

/** The violation's label: which invariant broke, and when. */
function violationLabel(violation: Violation): string {
  return `${violation.invariant} violated at t=${violation.time}`;
}

/** The violating moment: a red line across the lanes and clients, labelled on the side {@link placeLabels} chose. */
function violationShape(layout: Layout, shown: { story: Story; violation: Violation; label: PlacedLabels["violation"] }): string {
  const { top, contentBottom } = layout;
  const { story, violation } = shown;
  const label = shown.label ?? { x: layout.x(violation.time) - 4, anchor: "end" };
  const violationStep = story.steps.find((s) => s.kind === "violation");
  const vx = layout.x(violation.time);
  return el("g", { ...(violationStep === undefined ? {} : { "data-steps": String(violationStep.number) }), "data-role": "violation" }, tip(`t=${violation.time} (step ${violation.step}) ${violation.invariant} violated: ${violation.message}`) +
    el("path", { d: `M${num(vx)},${top - 20}V${num(contentBottom + 4)}`, stroke: RED, "stroke-width": 2, fill: "none" }) +
    text({ x: label.x, y: top - 24, "font-size": 11, "font-weight": "bold", fill: RED, "text-anchor": label.anchor }, violationLabel(violation)));
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