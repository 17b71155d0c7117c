/**
 * @cx/report: turns the experiment's results/results.json into a
 * self-contained results/report.html and results/summary.md.
 */
export { renderReportHtml, type RenderReportOptions } from "./render-report-html.js";
export { counterexampleKey, replayCounterexamples, type ReplayedCounterexample, type Replays, type UnreplayedCounterexample } from "./replay-counterexamples.js";
export { writeReport, type WrittenReport } from "./write-report.js";
export { escapeHtml } from "./escape-html.js";
export { isResultsFileError, readResultsFile, ResultsFileError } from "./read-results-file.js";
