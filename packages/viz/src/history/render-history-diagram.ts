import type { LinearizabilityResult, Model, Operation } from "@cx/check";
import { escapeXml } from "../escape/escape-xml.js";
import { el, num, text, tip } from "../diagram/internal/svg.js";
import { layoutHistory, type HistoryLayout, type OperationRole, type PlacedOperation } from "./history-layout.js";

/** A history, its model and the verdict on it: what the history view draws. */
export interface HistoryView<State, Input, Output> {
  readonly model: Model<State, Input, Output>;
  readonly operations: readonly Operation<Input, Output>[];
  readonly result: LinearizabilityResult<Input, Output, State>;
}

/** Options of {@link renderHistoryDiagram} and the history page. */
export interface HistoryViewOptions {
  /** Most operations drawn (default 400): beyond it, those called nearest in time to the stuck one. */
  readonly operationsMax?: number;
  /** Prefix of the SVG's element ids (default `cx-h-`), distinct per diagram on one page. */
  readonly idPrefix?: string;
}

const LEFT = 76;
const RIGHT = 60;
const TOP = 30;
const ROW = 34;
const BAR = 16;
const GAP_MIN = 14;
const GLYPH = 6;
const LABEL_MAX = 150;
const PENDING_PX = 48;

const STYLE: Readonly<Record<OperationRole, { fill: string; stroke: string; width: number }>> = {
  prefix: { fill: "#dcfce7", stroke: "#16a34a", width: 1 },
  stuck: { fill: "#fee2e2", stroke: "#dc2626", width: 2.5 },
  blocked: { fill: "#fef3c7", stroke: "#d97706", width: 1.2 },
  rest: { fill: "#f1f5f9", stroke: "#94a3b8", width: 1 },
};
const INK = "#1f2937";
const MUTED = "#6b7280";

/**
 * Draws a client history as an SVG, the way Porcupine's visualizer does:
 * one row per client (a client's overlapping calls stacked), each operation
 * a bar from its call to its return (one that never returned open-ended,
 * dashed, to the right edge), the longest linearizable prefix the checker
 * found in green with each operation's place in it, the operations that
 * could have come next in amber, and the one that cannot be placed in red,
 * with the state it met in the caption.
 *
 * When to use: to see why a history is not linearizable (`cx lin FILE
 * --html OUT`, the report's history views); {@link renderHistoryPage} wraps
 * it in a page with the prefix and suspects in words.
 *
 * Details: time is ordinal (calls and returns in order, each gap at least a
 * few pixels, widened so a bar can hold its label); the axis shows the
 * real times. Every bar has a `<title>` tooltip (index, client, call and
 * return, operation, its place and the state after it). A model that
 * splits histories (kv, by key) shows only the failing part. Every text is
 * escaped; no script, no external reference.
 *
 * @example
 * ```ts
 * const result = checkLinearizability(registerModel, operations);
 * writeFileSync("history.svg", renderHistoryDiagram({ model: registerModel, operations, result }));
 * ```
 */
export function renderHistoryDiagram<State, Input, Output>(view: HistoryView<State, Input, Output>, options: HistoryViewOptions = {}): string {
  return drawHistory(layoutHistory(view, Math.max(1, options.operationsMax ?? 400)), options.idPrefix ?? "cx-h-");
}

/** The SVG of a laid-out history (shared with the page, which also words the layout). */
export function drawHistory<Input, Output>(layout: HistoryLayout<Input, Output>, idPrefix: string): string {
  const ids = idPrefix.replace(/[^A-Za-z0-9_-]/g, "-");
  const ops = layout.operations;
  const rows = stackRows(ops);
  const times = [...new Set(ops.flatMap((p) => (p.operation.return === null ? [p.operation.call] : [p.operation.call, p.operation.return])))].sort((a, b) => a - b);
  const rank = new Map(times.map((t, i) => [t, i]));
  const gaps = widenGaps(ops, { times, rank });
  const positions = gaps.reduce<number[]>((acc, gap) => [...acc, (acc[acc.length - 1] as number) + gap], [LEFT + 8]);
  const x = (t: number): number => positions[rank.get(t) ?? 0] as number;
  const right = (positions[positions.length - 1] ?? LEFT) + PENDING_PX;
  const width = Math.max(480, right + RIGHT);
  const rowsHeight = rows.lanes.reduce((sum, lanes) => sum + lanes * ROW, 0);
  const axisY = TOP + rowsHeight + 8;
  const legendY = axisY + 36;
  const key = legend(legendY, width);
  const height = key.bottom + 10;

  const parts: string[] = [];
  const title = `History of ${ops.length} operations by ${rows.clients.length} client${rows.clients.length === 1 ? "" : "s"}`;
  const desc = layout.stuck === null ? `${title}.` : `${title}. The longest linearizable prefix found is green, numbered in its order; ${layout.stuck.text} (red) cannot be placed: ${layout.stuckReason ?? ""}.`;
  parts.push(el("title", { id: `${ids}title` }, escapeXml(title)), el("desc", { id: `${ids}desc` }, escapeXml(desc)));
  parts.push(el("rect", { x: 0, y: 0, width, height, fill: "#ffffff" }));
  parts.push(text({ x: 12, y: 18, "font-size": 12, "font-weight": "bold", fill: INK }, layout.scope === null ? title : `${title}: ${layout.scope}`));

  let rowTop = TOP;
  rows.clients.forEach((client, c) => {
    const lanes = rows.lanes[c] as number;
    if (c % 2 === 1) parts.push(el("rect", { x: 0, y: rowTop, width, height: lanes * ROW, fill: "#f9fafb" }));
    parts.push(text({ x: 12, y: rowTop + ROW / 2 + 4, "font-size": 11, fill: MUTED }, `client ${client}`));
    rowTop += lanes * ROW;
  });
  const rowOf = new Map<number, number>();
  let top = TOP;
  rows.clients.forEach((client, c) => {
    rowOf.set(client, top);
    top += (rows.lanes[c] as number) * ROW;
  });

  for (const placed of ops) {
    const op = placed.operation;
    const y = (rowOf.get(op.client) ?? TOP) + (rows.lane.get(placed.index) ?? 0) * ROW + (ROW - BAR) / 2;
    const x0 = x(op.call);
    const pending = op.return === null;
    const x1 = pending ? right : Math.max(x0 + 4, x(op.return as number));
    const style = STYLE[placed.role];
    const answered = pending ? "never returned (its effect may or may not have happened)" : `returned t=${op.return}`;
    const about = [
      `#${placed.index} client ${op.client}: ${placed.text}`,
      `called t=${op.call}, ${answered}`,
      placed.order === null ? "" : `linearized ${ordinal(placed.order)}; state after: ${placed.stateAfter ?? ""}`,
      placed.role === "blocked" ? "could have come next after the prefix, but no order works with it" : "",
      placed.role === "stuck" ? `cannot be placed: ${layout.stuckReason ?? ""}` : "",
    ].filter((line) => line !== "").join("\n");
    let shape = el("rect", { x: x0, y, width: x1 - x0, height: BAR, rx: 3, fill: style.fill, stroke: style.stroke, "stroke-width": style.width, ...(pending ? { "stroke-dasharray": "4 3" } : {}) });
    if (pending) shape += el("path", { d: `M${num(x1 - 8)},${num(y + 3)}l6,${BAR / 2 - 3}l-6,${BAR / 2 - 3}`, stroke: style.stroke, "stroke-width": 1.2, fill: "none" });
    const badge = placed.order === null ? "" : String(placed.order);
    const labelX = x0 + 4 + (badge === "" ? 0 : badge.length * GLYPH + 6);
    if (badge !== "") shape += text({ x: x0 + 4, y: y + BAR - 4, "font-size": 10, "font-weight": "bold", fill: "#15803d" }, badge);
    if (labelX + placed.text.length * GLYPH <= x1 - 2) shape += text({ x: labelX, y: y + BAR - 4, "font-size": 10, fill: INK }, placed.text);
    if (placed.role === "stuck") shape += text({ x: x0, y: y - 2, "font-size": 10, "font-weight": "bold", fill: "#dc2626" }, "cannot be placed");
    parts.push(el("g", { "data-operation": String(placed.index), "data-role": placed.role }, tip(about) + shape));
  }

  parts.push(axis({ times, x, y: axisY, right }));
  parts.push(key.markup);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(width)} ${num(height)}" width="${num(width)}" height="${num(height)}" role="img" aria-labelledby="${ids}title ${ids}desc" font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="11">` +
    `\n${parts.join("\n")}\n</svg>\n`
  );
}

/** `1st`, `2nd`, `3rd`, `11th`. */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

/** Clients in order, and each operation's lane within its client's row: overlapping calls of one client stack. */
function stackRows<Input, Output>(ops: readonly PlacedOperation<Input, Output>[]): { clients: number[]; lanes: number[]; lane: Map<number, number> } {
  const clients = [...new Set(ops.map((p) => p.operation.client))].sort((a, b) => a - b);
  const lane = new Map<number, number>();
  const lanes = clients.map((client) => {
    const ends: number[] = [];
    for (const p of [...ops].filter((o) => o.operation.client === client).sort((a, b) => a.operation.call - b.operation.call || a.index - b.index)) {
      const free = ends.findIndex((end) => end < p.operation.call);
      const at = free < 0 ? ends.length : free;
      ends[at] = p.operation.return ?? Infinity;
      lane.set(p.index, at);
    }
    return Math.max(1, ends.length);
  });
  return { clients, lanes, lane };
}

/** Pixels between consecutive ordinal times: at least a few, widened so each bar can hold its label. */
function widenGaps<Input, Output>(ops: readonly PlacedOperation<Input, Output>[], axis: { times: readonly number[]; rank: ReadonlyMap<number, number> }): number[] {
  const gaps = axis.times.slice(1).map(() => GAP_MIN);
  const spans = ops
    .filter((p) => p.operation.return !== null)
    .map((p) => ({ from: axis.rank.get(p.operation.call) ?? 0, to: axis.rank.get(p.operation.return as number) ?? 0, need: Math.min(LABEL_MAX, (p.text.length + (p.order === null ? 0 : String(p.order).length + 1)) * GLYPH + 12) }))
    .sort((a, b) => a.to - a.from - (b.to - b.from));
  for (const span of spans) {
    if (span.to <= span.from) continue;
    let have = 0;
    for (let i = span.from; i < span.to; i++) have += gaps[i] as number;
    if (have >= span.need) continue;
    const extra = (span.need - have) / (span.to - span.from);
    for (let i = span.from; i < span.to; i++) gaps[i] = (gaps[i] as number) + extra;
  }
  return gaps;
}

function axis(setup: { times: readonly number[]; x: (t: number) => number; y: number; right: number }): string {
  const { times, x, y } = setup;
  const out = [el("path", { d: `M${LEFT},${num(y)}H${num(setup.right)}`, stroke: MUTED, "stroke-width": 1, fill: "none" })];
  let last = -Infinity;
  for (const t of times) {
    const tx = x(t);
    const label = String(t);
    if (tx - last < label.length * GLYPH + 8) continue;
    last = tx;
    out.push(el("path", { d: `M${num(tx)},${num(y)}v4`, stroke: MUTED, "stroke-width": 1, fill: "none" }) + text({ x: tx, y: y + 15, "font-size": 10, fill: MUTED, "text-anchor": "middle" }, label));
  }
  out.push(text({ x: 12, y: y + 15, "font-size": 10, fill: MUTED }, "time"));
  return out.join("\n");
}

/** The key, wrapped onto as many lines as the width needs. */
function legend(top: number, width: number): { markup: string; bottom: number } {
  const items: string[] = [];
  let lx = LEFT;
  let y = top;
  const swatch = (role: OperationRole, label: string, dashed = false): void => {
    const s = STYLE[role];
    const w = 34 + label.length * GLYPH;
    if (lx > LEFT && lx + w > width - 8) {
      lx = LEFT;
      y += 18;
    }
    items.push(el("rect", { x: lx, y: y - 9, width: 18, height: 11, rx: 2, fill: s.fill, stroke: s.stroke, "stroke-width": s.width, ...(dashed ? { "stroke-dasharray": "4 3" } : {}) }) + text({ x: lx + 23, y, "font-size": 10, fill: INK }, label));
    lx += w;
  };
  swatch("prefix", "linearizable prefix (numbered in order)");
  swatch("blocked", "could come next");
  swatch("stuck", "cannot be placed");
  swatch("rest", "not reached");
  swatch("rest", "never returned", true);
  return { markup: el("g", {}, items.join("")), bottom: y + 4 };
}
