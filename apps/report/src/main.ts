// The `report` task: <repo>/results/results.json -> report.html + summary.md beside it.
import { join } from "node:path";
import { findRepoRoot } from "@cx/eval";
import { writeReport } from "./write-report.js";

const root = findRepoRoot(process.cwd()) ?? process.cwd();
const written = writeReport({ results: join(root, "results", "results.json") });
console.log(`wrote ${written.html} and ${written.summary}`);
