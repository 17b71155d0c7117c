import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { renderSummaryMarkdown } from "@cx/eval";
import writeFileAtomic from "write-file-atomic";
import { readResultsFile, ResultsFileError } from "./read-results-file.js";
import { renderReportHtml } from "./render-report-html.js";

/** What {@link writeReport} wrote. */
export interface WrittenReport {
  readonly html: string;
  readonly summary: string;
}

// A temp file beside it, flushed, then renamed: a reader never sees half a report.
function writeAtomic(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic.sync(path, content);
}

/**
 * Reads a results.json and writes report.html and summary.md into `outDir`
 * (default: the results file's folder), each atomically.
 *
 * When to use: `cx report`, the `report` task, or after a custom experiment.
 *
 * Gotchas: throws a `ResultsFileError` naming the file (and each field)
 * when it is missing, unreadable, not UTF-8 or JSON, or not of the results
 * schema; a file that passes the schema but still lacks what the report
 * shows gives the same error, never a TypeError.
 *
 * @example
 * ```ts
 * const { html } = writeReport({ results: "results/results.json" });
 * ```
 */
export function writeReport(options: { readonly results: string; readonly outDir?: string }): WrittenReport {
  const resultsPath = resolve(options.results);
  const results = readResultsFile(resultsPath);
  const outDir = resolve(options.outDir ?? dirname(resultsPath));
  const html = join(outDir, "report.html");
  const summary = join(outDir, "summary.md");
  let rendered: { html: string; summary: string };
  try {
    rendered = { html: renderReportHtml(results), summary: renderSummaryMarkdown(results) };
  } catch (error) {
    // The schema checks the main shapes only; a field it does not cover may still be missing.
    throw new ResultsFileError(`${resultsPath} is not a complete cx results file: ${(error as Error).message}`);
  }
  writeAtomic(html, rendered.html);
  writeAtomic(summary, rendered.summary);
  return { html, summary };
}
