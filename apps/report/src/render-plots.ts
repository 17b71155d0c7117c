import { areaY, dot, lineY, ruleY, type Markish } from "@observablehq/plot";
import { protocolSlug, type ProtocolResults } from "@cx/eval";
import { escapeHtml as e } from "./escape-html.js";
import { foundByTrial, type FoundByTrialPoint } from "./found-by-trial.js";
import { plotSvg } from "./plot-svg.js";
import { slug } from "./render-counterexample.js";
import type { StrategyStyle } from "./strategy-style.js";

function foundPlot(cells: readonly ProtocolResults["trials"]["cells"][number][], setup: { readonly protocol: string; readonly bug: string; readonly styles: ReadonlyMap<string, StrategyStyle> }): string {
  const { protocol, bug } = setup;
  const strategies = cells.map((c) => c.strategy);
  const styleOf = (i: number): StrategyStyle => {
    const style = setup.styles.get(strategies[i] ?? "");
    if (style === undefined) throw new Error(`no style for strategy ${strategies[i] ?? i}: strategyStyles covers every strategy of the trials`);
    return style;
  };
  const series = cells.map((cell) => foundByTrial(cell));
  const all = series.flat();
  if (all.length === 0) return "";
  const budget = Math.max(...all.map((p) => p.trial));
  const marks: Markish[] = [ruleY([0])];
  series.forEach((points, i) => {
    const { color, dash } = styleOf(i);
    marks.push(areaY(points, { x: "trial", y1: "low", y2: "high", fill: color, fillOpacity: 0.12, curve: "step-after" }));
    // Named in aria-description, so a reader (and the browser test) can tell which line is which strategy.
    marks.push(lineY(points, { x: "trial", y: "share", stroke: color, strokeWidth: 2, strokeDasharray: dash, curve: "step-after", ariaDescription: strategies[i] ?? "" }));
    marks.push(
      dot(points, {
        x: "trial",
        y: "share",
        fill: color,
        r: 2.5,
        title: (p: FoundByTrialPoint) => `${p.strategy}: ${p.found} of ${p.campaigns} campaigns found it by trial ${p.trial} (${p.share.toFixed(0)}%, 95% interval ${p.low.toFixed(0)}-${p.high.toFixed(0)}%)`,
      }),
    );
  });
  const svg = plotSvg({
    width: 440,
    height: 220,
    marginLeft: 44,
    marginRight: 16,
    style: { fontSize: "11px" },
    x: { type: "log", domain: [1, Math.max(2, budget)], label: "trial", grid: true },
    y: { domain: [0, 100], label: "campaigns that found it (%)", grid: true },
    color: { domain: strategies, range: strategies.map((_, i) => styleOf(i).color), legend: true },
    marks,
  });
  const last = series.map((points, i) => {
    const end = points[points.length - 1];
    return end === undefined ? "" : `${strategies[i] ?? ""} ${end.found}/${end.campaigns}`;
  });
  return `<figure class="plot" id="found-${e(protocolSlug(protocol))}-${e(slug(bug))}"><figcaption><code>${e(bug)}</code>: ${e(last.filter((s) => s !== "").join(", "))} by trial ${e(String(budget))}</figcaption>${svg}</figure>`;
}

/**
 * Per defect of one protocol, the share of campaigns (hunts, one per seed)
 * that had found it by trial N, one line per strategy with its 95% Wilson
 * band: the comparison the experiment exists for. Each strategy keeps its
 * colour and dash from `styles` (see `strategyStyles`) in every plot.
 * Rendered to inline SVG by Observable Plot when the report is written.
 */
export function renderFoundByTrial(protocol: ProtocolResults, styles: ReadonlyMap<string, StrategyStyle>): string {
  const bugs = [...new Set(protocol.trials.cells.map((c) => c.bug))];
  const figures = bugs.map((bug) => foundPlot(protocol.trials.cells.filter((c) => c.bug === bug), { protocol: protocol.name, bug, styles })).filter((f) => f !== "");
  if (figures.length === 0) return "";
  const seeds = Math.max(...protocol.trials.cells.map((c) => c.rounds[c.rounds.length - 1]?.hunts.length ?? 0));
  return `<section class="plots" id="found-by-trial-${e(protocolSlug(protocol.name))}"><h3>${e(protocol.name)}: found by trial N</h3>
<p class="caption">For each defect, the share of campaigns (one hunt per seed, ${e(String(seeds))} per strategy) that had found it by trial N (log scale), one line per strategy (each its own colour and dash, the same in every plot), with its 95% Wilson interval as a band. Lines that coincide are strategies that found it on the same trials. Hover a point for its count.</p>
<div class="plot-grid">${figures.join("\n")}</div></section>`;
}

/**
 * One protocol's shrinks: decisions left against candidate runs, one line
 * per defect (log scale), from the progress the shrinker reported; or a
 * sentence saying the results do not carry it.
 */
export function renderShrinkProgress(protocol: ProtocolResults): string {
  const rows = protocol.shrinks.rows.filter((r) => r.progress !== undefined && r.progress.length > 0);
  const head = `<section class="plots" id="shrink-progress-${e(protocolSlug(protocol.name))}"><h3>${e(protocol.name)}: shrink progress</h3>`;
  if (rows.length === 0) {
    return protocol.shrinks.rows.some((r) => r.status === "shrunk")
      ? `${head}<p class="caption">These results do not carry the shrinker's progress (they were written before it was recorded): see the shrink table for where each shrink started and ended.</p></section>`
      : "";
  }
  const points = rows.flatMap((r) => (r.progress ?? []).map(([runs, decisions]) => ({ bug: r.bug, runs, decisions })));
  const bugs = rows.map((r) => r.bug);
  const svg = plotSvg({
    width: 720,
    height: 300,
    marginLeft: 48,
    marginRight: 16,
    style: { fontSize: "11px" },
    x: { label: "candidate runs", grid: true },
    y: { type: "log", label: "decisions left", grid: true },
    color: { domain: bugs, legend: true, scheme: "tableau10" },
    marks: [
      lineY(points, { x: "runs", y: (p: (typeof points)[number]) => Math.max(1, p.decisions), stroke: "bug", strokeWidth: 1.8, curve: "step-after" }),
      dot(points, { x: "runs", y: (p: (typeof points)[number]) => Math.max(1, p.decisions), fill: "bug", r: 2, title: (p: (typeof points)[number]) => `${p.bug}: ${p.decisions} decisions left after ${p.runs} candidate runs` }),
    ],
  });
  return `${head}<p class="caption">Each defect's shrink: the decisions left in the best failing sequence so far (log scale) against the candidate runs spent, from the found failure to the counterexample below. Hover a point for its figures.</p><figure class="plot wide">${svg}</figure></section>`;
}
