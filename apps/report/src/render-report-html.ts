import { createHash } from "node:crypto";
import { buildResultSections, formatMs, formatStorySteps, protocolSlug, type ExperimentResults, type ProtocolResults, type ResultTable, type ShrinkRow } from "@cx/eval";
import { formatChoices } from "@cx/viz";
import { escapeHtml } from "./escape-html.js";
import { REPORT_CSS } from "./report-css.js";

// The page's one script: copy buttons. Its hash goes into the CSP, so no other script can ever run.
const COPY_SCRIPT = `document.addEventListener("click",function(e){var b=e.target;if(!(b instanceof HTMLButtonElement)||!b.dataset.copy)return;var t=document.getElementById(b.dataset.copy);if(!t)return;var s=t.textContent||"";function done(){b.textContent="copied";setTimeout(function(){b.textContent="copy"},1500)}if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(s).then(done,function(){select(t)})}else{select(t)}function select(n){var r=document.createRange();r.selectNodeContents(n);var g=window.getSelection();if(g){g.removeAllRanges();g.addRange(r)}}});`;

const e = escapeHtml;

function table(t: ResultTable): string {
  const head = t.columns.map((c, i) => `<th${t.numeric.includes(i) ? ' class="num"' : ""}>${e(c)}</th>`).join("");
  const body = t.rows.map((row) => `<tr>${row.map((cell, i) => `<td${t.numeric.includes(i) ? ' class="num"' : ""}>${e(cell)}</td>`).join("")}</tr>`).join("\n");
  return `<table id="table-${e(t.id)}"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function section(t: ResultTable, heading: "h2" | "h3" = "h2"): string {
  return `<section id="${e(t.id)}"><${heading}>${e(t.title)}</${heading}><p class="caption">${e(t.caption)}</p>${table(t)}</section>`;
}

/** A stable, safe id fragment for a defect name. */
function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, "-");
}

function copyBlock(id: string, label: string, content: string): string {
  return `<div class="copy"><div class="copy-head"><span>${e(label)}</span><button type="button" data-copy="${e(id)}">copy</button></div><pre id="${e(id)}">${e(content)}</pre></div>`;
}

function counterexample(protocol: ProtocolResults, row: ShrinkRow, mistake: string | undefined): string {
  const id = `${protocolSlug(protocol.name)}-${slug(row.bug)}`;
  const heading = `<h4 id="bug-${e(id)}">${e(row.bug)}</h4>${mistake === undefined ? "" : `<p class="mistake">${e(mistake)}</p>`}`;
  const cx = row.counterexample;
  if (cx === null) {
    const why = row.status === "not-found" ? "No hunt found this defect within its budget, so there is no counterexample to show." : "The found failure did not reproduce when shrunk.";
    return `<article class="counterexample missing">${heading}<p>${e(why)}</p></article>`;
  }
  const svg = `data:image/svg+xml;base64,${Buffer.from(cx.svg, "utf8").toString("base64")}`;
  const story = cx.storySteps.map((s) => `<li value="${e(String(s.number))}"><span class="t">t=${e(String(s.time))}</span> ${e(s.text)}</li>`).join("\n");
  const choicesJson = JSON.stringify(cx.choices);
  const bugs = cx.bugs.join(",");
  const source = row.source === null ? "" : ` Found by ${row.source.strategy} (seed ${row.source.seed}) after ${row.source.trials} ${row.source.trials === 1 ? "trial" : "trials"};`;
  const shrunk = ` shrunk from ${row.decisionsBefore ?? "?"} to ${row.decisionsAfter ?? "?"} decisions (${row.nonZeroAfter ?? "?"} non-zero) in ${formatMs(row.ms)}; replays exactly: ${row.replaysExactly === true ? "yes" : "no"}.`;
  const total = row.storyStepsTotal ?? cx.storyStepsTotal;
  const storyHeading = total > cx.storySteps.length ? `Story (${cx.storySteps.length} of ${total} steps shown)` : `Story (${total} ${total === 1 ? "step" : "steps"})`;
  return `<article class="counterexample" id="cx-${e(id)}">${heading}
<p class="violation"><strong>${e(cx.violation.invariant)}</strong> violated at t=${e(String(cx.violation.time))}: ${e(cx.violation.message)}</p>
<p class="meta">${e(`${source}${shrunk}`)}</p>
${
  cx.renderError === null || cx.renderError === undefined
    ? `<figure><img class="diagram" alt="${e(`space-time diagram of the ${row.bug} counterexample`)}" src="${svg}"><figcaption>${e(cx.storyHeadline)}</figcaption></figure>
<h5>${e(storyHeading)}</h5><ol class="story">${story}</ol>`
    : `<p class="alarm">${e(cx.renderError)}</p>`
}
<h5>Reproduce it</h5>
<p class="choices-short">Choices (${e(String(cx.choices.length))} values, zeros after the end): <code>${e(formatChoices(cx.choices))}</code></p>
${copyBlock(`repro-${id}`, "repro.json — then: cx replay repro.json", cx.repro)}
${copyBlock(`choices-${id}`, "choices.json", choicesJson)}
${copyBlock(`cmd-${id}`, "or run it directly", `cx replay repro.json\ncx run --protocol ${protocol.name} --bugs ${bugs} --choices choices.json`)}
</article>`;
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

function protocolSection(p: ProtocolResults, tables: readonly ResultTable[]): string {
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
  const rows = p.shrinks.rows;
  const toc = rows.map((r) => `<a href="#bug-${e(id)}-${e(slug(r.bug))}">${e(r.bug)}</a>`).join(" · ");
  return `<section class="protocol" id="protocol-${e(id)}"><h2>Protocol ${e(p.name)} <span class="version">${e(p.version)}</span></h2>
<p class="caption">${e(p.summary)}</p>
${trustBanner}
${section(get("trust"), "h3")}
${section(get("trials"), "h3")}
<details><summary>Every hunt, seed by seed</summary>${table(get("trials-per-seed"))}</details>
${section(get("shrink"), "h3")}
${section(get("performance"), "h3")}
<section id="counterexamples-${e(id)}" class="counterexamples"><h3>${e(p.name)}: counterexamples</h3>
<p class="caption">For each defect, the shrunk failure: its space-time diagram, the numbered story, and the choice sequence that reproduces it.</p>
<nav>${toc}</nav>
${rows.map((r) => counterexample(p, r, mistakes.get(r.bug))).join("\n")}
</section>
</section>`;
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
 * Details: no request leaves the page: CSS is inline, the only script is
 * inline and pinned by hash in a Content-Security-Policy that also forbids
 * any fetch (`default-src 'none'`), and each diagram is an `<img>` of a
 * `data:` URL, so even a hostile SVG in a results file can run no script
 * and load nothing. Every other string from the results is HTML-escaped.
 *
 * @example
 * ```ts
 * writeFileSync("results/report.html", renderReportHtml(readResults("results/results.json")));
 * ```
 */
export function renderReportHtml(results: ExperimentResults): string {
  const sections = buildResultSections(results);
  const m = results.machine;
  const scriptHash = createHash("sha256").update(COPY_SCRIPT).digest("base64");
  const csp = `default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; base-uri 'none'; form-action 'none'`;
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
${sections.protocols.map(({ protocol, tables }) => protocolSection(protocol, tables)).join("\n")}
${section(sections.performance)}
</main>
<footer><p>Made from results.json (schema version ${e(String(results.schemaVersion))}). What this measures and what it does not: see apps/report/README.md and packages/eval/README.md.</p></footer>
<script>${COPY_SCRIPT}</script>
</body>
</html>
`;
}
