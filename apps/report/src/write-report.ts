import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readResults, renderSummaryMarkdown } from "@cx/eval";
import { renderReportHtml } from "./render-report-html.js";

/** What {@link writeReport} wrote. */
export interface WrittenReport {
  readonly html: string;
  readonly summary: string;
}

function writeAtomic(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, path);
}

/**
 * Reads a results.json and writes report.html and summary.md into `outDir`
 * (default: the results file's folder), each atomically.
 *
 * When to use: `cx report`, the `report` task, or after a custom experiment.
 *
 * Gotchas: throws with a message naming the file when it is missing or is
 * not a cx results file of this schema version.
 *
 * @example
 * ```ts
 * const { html } = writeReport({ results: "results/results.json" });
 * ```
 */
export function writeReport(options: { readonly results: string; readonly outDir?: string }): WrittenReport {
  const resultsPath = resolve(options.results);
  const results = readResults(resultsPath);
  const outDir = resolve(options.outDir ?? dirname(resultsPath));
  const html = join(outDir, "report.html");
  const summary = join(outDir, "summary.md");
  writeAtomic(html, renderReportHtml(results));
  writeAtomic(summary, renderSummaryMarkdown(results));
  return { html, summary };
}
