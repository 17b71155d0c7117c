import { escapeXml as e } from "../escape/escape-xml.js";
import { layoutHistory, type HistoryLayout } from "./history-layout.js";
import { drawHistory, type HistoryView, type HistoryViewOptions } from "./render-history-diagram.js";

/** The history view's own styles (class names start with `cx-history`), for a page that embeds {@link renderHistoryView}. */
export const HISTORY_VIEW_CSS = `
.cx-history .cx-history-scroll { overflow: auto; max-width: 100%; max-height: 80vh; border: 1px solid #d8dde4; border-radius: 6px; background: #fff; }
.cx-history .cx-history-scroll svg { display: block; max-width: none; }
.cx-history .cx-verdict { margin: 6px 0 10px; }
.cx-history .cx-stuck { color: #b3261e; }
.cx-history ol.cx-prefix { margin: 4px 0; padding-left: 2.6em; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
.cx-history ul { margin: 4px 0; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
.cx-history .cx-muted { color: #5b6573; }
`;

type Placed = HistoryLayout<unknown, unknown>["operations"][number];

function opText(p: Placed): string {
  const op = p.operation;
  return `#${p.index} client ${op.client} [${op.call}, ${op.return === null ? "never returned" : op.return}] ${p.text}`;
}

/**
 * The history view as an HTML fragment: the verdict in words (the longest
 * linearizable prefix found, the operation that cannot be placed and the
 * state it met), the diagram of {@link renderHistoryDiagram} in a box that
 * scrolls, the prefix in order with the state after each operation, the
 * operations that could have come next, and the suspects.
 *
 * When to use: to embed the view in a page of your own (the report does),
 * with {@link HISTORY_VIEW_CSS}; {@link renderHistoryPage} makes a whole page.
 *
 * Gotchas: every string is escaped; the fragment holds no script and no
 * style element.
 *
 * @example
 * ```ts
 * const html = `<style>${HISTORY_VIEW_CSS}</style>${renderHistoryView({ model: registerModel, operations, result })}`;
 * ```
 */
export function renderHistoryView<State, Input, Output>(view: HistoryView<State, Input, Output>, options: HistoryViewOptions = {}): string {
  const layout = layoutHistory(view, Math.max(1, options.operationsMax ?? 400)) as unknown as HistoryLayout<unknown, unknown>;
  const svg = drawHistory(layout, options.idPrefix ?? "cx-h-");
  const result = view.result;
  const n = view.operations.length;
  const parts: string[] = [];
  if (result.verdict === "ok") {
    parts.push(`<p class="cx-verdict"><strong>Linearizable</strong>: the ${n} operations have an order that explains every answer (${result.steps} search steps).</p>`);
  } else if (result.verdict === "unknown") {
    parts.push(`<p class="cx-verdict"><strong>Unknown</strong>: ${e(result.reason)} (${result.steps} search steps).</p>`);
  } else {
    const w = result.witness;
    const where = w.partition.count > 1 ? ` in part ${w.partition.index + 1} of ${w.partition.count} (${w.partition.operations} operations)` : "";
    const stuck = layout.stuck === null ? "" : ` <span class="cx-stuck">${e(opText(layout.stuck))} cannot be placed: ${e(layout.stuckReason ?? "")}.</span>`;
    parts.push(
      `<p class="cx-verdict"><strong>Not linearizable</strong>${e(where)}. The longest linearizable prefix found has ${w.prefix.length} operation${w.prefix.length === 1 ? "" : "s"}, leaving the state <code>${e(layout.stateMet ?? "")}</code>; none of the ${w.blocked.length} operation${w.blocked.length === 1 ? "" : "s"} that could come next fits.${stuck}</p>`,
    );
  }
  if (layout.scope !== null) parts.push(`<p class="cx-muted">Shown: ${e(layout.scope)}.</p>`);
  parts.push(`<div class="cx-history-scroll" tabindex="0">${svg}</div>`);
  if (result.verdict === "illegal") {
    const w = result.witness;
    const byIndex = new Map(layout.operations.map((p) => [p.index, p]));
    const prefix = layout.operations.filter((p) => p.order !== null).sort((a, b) => (a.order as number) - (b.order as number));
    if (prefix.length > 0) parts.push(`<details><summary>The prefix, in linearization order (${prefix.length})</summary><ol class="cx-prefix">${prefix.map((p) => `<li>${e(opText(p))} &rArr; <code>${e(p.stateAfter ?? "")}</code></li>`).join("")}</ol></details>`);
    const next = w.blocked.map((b) => byIndex.get(b.index)).filter((p): p is Placed => p !== undefined);
    if (next.length > 0) parts.push(`<p>Could come next, in the state <code>${e(layout.stateMet ?? "")}</code>:</p><ul>${w.blocked.map((b) => {
      const p = byIndex.get(b.index);
      return p === undefined ? "" : `<li>${e(opText(p))}: ${b.legal ? "legal here, but no continuation after it works" : "illegal in this state"}</li>`;
    }).join("")}</ul>`);
    const suspects = w.suspects.map((s) => byIndex.get(s.index)).filter((p): p is Placed => p !== undefined);
    if (suspects.length > 0) parts.push(`<p>Suspects, most likely first:</p><ul>${w.suspects.map((s) => {
      const p = byIndex.get(s.index);
      return p === undefined ? "" : `<li>${e(opText(p))}${s.confirmed ? " — removing it makes this part linearizable" : ""}</li>`;
    }).join("")}</ul>`);
  }
  return `<section class="cx-history">${parts.join("\n")}</section>`;
}

/**
 * A whole, self-contained HTML page of a history and its verdict
 * ({@link renderHistoryView}): no script at all, inline styles, and a
 * Content-Security-Policy that forbids every request (`default-src 'none'`).
 *
 * When to use: `cx lin FILE --html OUT`; any tool that checked a history
 * with @cx/check and wants to show it.
 *
 * @example
 * ```ts
 * writeFileSync("history.html", renderHistoryPage({ model: registerModel, operations, result }, { title: "history.jsonl" }));
 * ```
 */
export function renderHistoryPage<State, Input, Output>(view: HistoryView<State, Input, Output>, options: HistoryViewOptions & { readonly title?: string } = {}): string {
  const title = options.title === undefined ? "history" : options.title;
  const csp = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; script-src 'none'; base-uri 'none'; form-action 'none'";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${e(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(`${title}: linearizability`)}</title>
<style>
body { margin: 0 auto; max-width: 1180px; padding: 16px; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2430; overflow-x: hidden; overflow-wrap: anywhere; }
h1 { font-size: 20px; margin: 0 0 4px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
summary { cursor: pointer; color: #1f5fbf; }
${HISTORY_VIEW_CSS}
</style>
</head>
<body>
<h1>${e(title)}</h1>
<p class="cx-muted">${e(`${view.operations.length} operations`)}. Hover a bar for its details. Made by cx lin.</p>
${renderHistoryView(view, options)}
</body>
</html>
`;
}
