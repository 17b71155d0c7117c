// The `report` task: <repo>/results/results.json -> report.html + summary.md beside it.
import { join } from "node:path";
import { findRepoRoot } from "@cx/eval";
import { isResultsFileError } from "./read-results-file.js";
import { writeReport } from "./write-report.js";

const root = findRepoRoot(process.cwd()) ?? process.cwd();
try {
  const written = writeReport({ results: join(root, "results", "results.json") });
  console.log(`wrote ${written.html} and ${written.summary}`);
} catch (error) {
  if (!isResultsFileError(error)) throw error;
  console.error(error.message);
  process.exitCode = 2;
}
