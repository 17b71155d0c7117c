/**
 * @cx/report: turns the experiment's results/results.json into a
 * self-contained results/report.html and results/summary.md.
 */
export { renderReportHtml } from "./render-report-html.js";
export { writeReport, type WrittenReport } from "./write-report.js";
export { escapeHtml } from "./escape-html.js";
export { isResultsFileError, readResultsFile, ResultsFileError } from "./read-results-file.js";
