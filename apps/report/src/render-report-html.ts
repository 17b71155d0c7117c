import { buildResultSections, formatMs, formatStorySteps, protocolSlug, type ExperimentResults, type ProtocolResults, type ResultTable } from "@cx/eval";
import { builtinProtocols } from "@cx/protocols";
import { escapeHtml } from "./escape-html.js";
import { renderCounterexample, slug } from "./render-counterexample.js";
import { renderFoundByTrial, renderShrinkProgress } from "./render-plots.js";
import { replayCounterexamples, type Replays } from "./replay-counterexamples.js";
import { REPORT_CSS } from "./report-css.js";
import { REPORT_SCRIPT, REPORT_SCRIPT_HASH } from "./report-script.js";
import { strategyStyles, type StrategyStyle } from "./strategy-style.js";

const e = escapeHtml;

function table(t: ResultTable): string {
  const head = t.columns.map((c, i) => `<th${t.numeric.includes(i) ? ' class="num"' : ""}>${e(c)}</th>`).join("");
  const body = t.rows.map((row) => `<tr>${row.map((cell, i) => `<td${t.numeric.includes(i) ? ' class="num"' : ""}>${e(cell)}</td>`).join("")}</tr>`).join("\n");
  // Cells wrap between words (report-css.ts); a table still wider than the page scrolls in its own box, never the page.
  return `<div class="table-scroll"><table id="table-${e(t.id)}"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}

function section(t: ResultTable, heading: "h2" | "h3" = "h2"): string {
  return `<section id="${e(t.id)}"><${heading}>${e(t.title)}</${heading}><p class="caption">${e(t.caption)}</p>${table(t)}</section>`;
}

function headlineCards(results: ExperimentResults): string {
  const h = results.headline;
  const card = (value: string, label: string, bad = false) => `<div class="card${bad ? " bad" : ""}"><div class="value">${e(value)}</div><div class="label">${e(label)}</div></div>`;
  const best = [...h.byStrategy].sort((a, b) => b.seedsFound - a.seedsFound)[0];
  return `<div class="cards">
${card(`${h.trustViolations}`, `violations in ${h.trustSchedules.toLocaleString("en-US")} schedules against the correct protocols`, h.trustViolations > 0)}
${card(`${h.bugsFound}/${h.bugsTotal}`, `defects found (${h.protocols.join(", ")})`)}
${best === undefined ? "" : card(`${best.seedsFound}/${best.seeds}`, `hunts found a defect with ${best.strategy}`)}
${card(`${h.medianDecisionsBefore ?? "—"} → ${h.medianDecisionsAfter ?? "—"}`, "decisions, median shrink")}
${card(formatStorySteps(h.medianStorySteps, h.medianStoryStepsShown), "story steps, median (every step counted)")}
${card(h.speedup === null ? "—" : `${h.speedup.toFixed(2)}x`, `speed-up, 2 workers over 1${results.speedup === null ? "" : ` (${results.speedup.protocol})`}`)}
</div>`;
}

function protocolSection(p: ProtocolResults, tables: readonly ResultTable[], drawn: { readonly replays: Replays; readonly styles: ReadonlyMap<string, StrategyStyle> }): string {
  const { replays, styles } = drawn;
  const id = protocolSlug(p.name);
  const get = (suffix: string): ResultTable => {
    const t = tables.find((table) => table.id === `${id}-${suffix}`);
    if (t === undefined) throw new Error(`no table ${id}-${suffix}`);
    return t;
  };
  const trustBanner =
    p.trust.passed || p.trust.rows.length === 0
      ? ""
      : `<p class="alarm">The trust run found a violation on ${e(p.name)} with no defect${p.trust.firstViolation === null ? "" : ` (${e(p.trust.firstViolation.violation.invariant)}: ${e(p.trust.firstViolation.violation.message)})`}. Every ${e(p.name)} figure below is meaningless until it is fixed.</p>`;
  const mistakes = new Map(p.bugs.map((b) => [b.name, b.mistake]));
  // Absent from results made before the experiment accounted for its passes.
  const passes = tables.find((table) => table.id === `${id}-passes`);
  const rows = p.shrinks.rows;
  const toc = rows.map((r) => `<a href="#bug-${e(id)}-${e(slug(r.bug))}">${e(r.bug)}</a>`).join(" · ");
  return `<section class="protocol" id="protocol-${e(id)}"><h2>Protocol ${e(p.name)} <span class="version">${e(p.version)}</span></h2>
<p class="caption">${e(p.summary)}</p>
${trustBanner}
${section(get("trust"), "h3")}
${section(get("trials"), "h3")}
${renderFoundByTrial(p, styles)}
<details><summary>Every hunt, seed by seed</summary>${table(get("trials-per-seed"))}</details>
${section(get("shrink"), "h3")}
${renderShrinkProgress(p)}
${passes === undefined ? "" : section(passes, "h3")}
${section(get("performance"), "h3")}
<section id="counterexamples-${e(id)}" class="counterexamples"><h3>${e(p.name)}: counterexamples</h3>
<p class="caption">For each defect, the shrunk failure: its space-time diagram, the numbered story, and the choice sequence that reproduces it. Click a step to see its events in the diagram (or a shape in the diagram to see its step); step through with the arrow keys.</p>
<nav>${toc}</nav>
${rows.map((r) => renderCounterexample(p, r, { mistake: mistakes.get(r.bug), replays })).join("\n")}
</section>
</section>`;
}

/** Options of {@link renderReportHtml}. */
export interface RenderReportOptions {
  /** Replayed counterexamples to draw live (default: replay them on cx's built-in protocols). */
  readonly replays?: Replays;
}

/**
 * The experiment's results as one self-contained HTML page: headline
 * figures over every protocol, then a section per protocol (its trust run,
 * trials-to-first-violation tables, shrink table, throughput, and for each
 * defect its minimised counterexample: diagram, numbered story, copyable
 * repro and commands), then the figures measured once (corpus, speed-up).
 *
 * When to use: `cx report` and the `report` task write it to
 * results/report.html.
 *
 * Details: each counterexample is replayed by this build (on the built-in
 * protocols, or `options.replays`) and its diagram drawn inline, linked to
 * its story (click a step, a shape, or step with the arrow keys); one that
 * does not replay to the same failure falls back to the SVG stored in the
 * results, shown only as an `<img>` of a `data:` URL, so a hostile SVG in a
 * results file can run no script and load nothing. No request leaves the
 * page: CSS is inline, the only script is inline and pinned by hash in a
 * Content-Security-Policy that also forbids any fetch (`default-src
 * 'none'`). Every string from the results or a replayed run is escaped.
 *
 * @example
 * ```ts
 * writeFileSync("results/report.html", renderReportHtml(readResults("results/results.json")));
 * ```
 */
export function renderReportHtml(results: ExperimentResults, options: RenderReportOptions = {}): string {
  const sections = buildResultSections(results);
  const replays = options.replays ?? replayCounterexamples(results, builtinProtocols.map((p) => p.plugin));
  const styles = strategyStyles(results);
  const m = results.machine;
  const csp = `default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src '${REPORT_SCRIPT_HASH}'; base-uri 'none'; form-action 'none'`;
  const failed = results.protocols.filter((p) => !p.trust.passed && p.trust.rows.length > 0).map((p) => p.name);
  const trustBanner = failed.length === 0 ? "" : `<p class="alarm">The trust run found a violation on ${e(failed.join(", "))} with no defect: see ${failed.length === 1 ? "its section" : "their sections"} below.</p>`;
  const incomplete = results.complete ? "" : `<p class="alarm">This results file is incomplete: the experiment was still running or was interrupted.</p>`;
  const toc = results.protocols.map((p) => `<a href="#protocol-${e(protocolSlug(p.name))}">${e(p.name)}</a>`).join(" · ");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${e(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cx experiment results</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header>
<h1>cx experiment results</h1>
<p class="run">${e(`${results.mode} run of cx ${results.cxVersion}, finished ${results.finishedAt} after ${formatMs(results.elapsedMs)} on ${results.workers} workers. Machine: ${m.cpuModel}, ${m.cores} cores, ${(m.memoryBytes / 2 ** 30).toFixed(0)} GiB, ${m.platform} ${m.arch}, Node ${m.nodeVersion}, load average at start ${(m.loadAverage ?? []).join(", ")}.`)}</p>
${incomplete}${trustBanner}
${headlineCards(results)}
<nav class="protocols">Protocols: ${toc}</nav>
</header>
<main>
${section(sections.headline)}
${sections.protocols.map(({ protocol, tables }) => protocolSection(protocol, tables, { replays, styles })).join("\n")}
${sections.search === null ? "" : section(sections.search)}
${section(sections.performance)}
</main>
<footer><p>Made from results.json (schema version ${e(String(results.schemaVersion))}). What this measures and what it does not: see docs/guide/report.md.</p></footer>
<script>${REPORT_SCRIPT}</script>
</body>
</html>
`;
}
