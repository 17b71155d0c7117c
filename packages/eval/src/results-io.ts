import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderSummaryMarkdown } from "./render-summary.js";
import { RESULTS_SCHEMA_VERSION, type ExperimentResults } from "./results.js";

/**
 * Writes results.json and summary.md into `outDir`, each atomically (temp file + rename).
 *
 * @example
 * ```ts
 * writeResults("results", results);
 * ```
 */
export function writeResults(outDir: string, results: ExperimentResults): void {
  mkdirSync(outDir, { recursive: true });
  writeAtomic(join(outDir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  writeAtomic(join(outDir, "summary.md"), renderSummaryMarkdown(results));
}

function writeAtomic(path: string, content: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, path);
}

/**
 * Reads a results.json written by `runExperiment`, checking its kind and schema version.
 *
 * Gotchas: only the kind and version are checked here; validate the whole
 * document with `resultsSchema` when it comes from elsewhere.
 *
 * @example
 * ```ts
 * const results = readResults("results/results.json");
 * ```
 */
export function readResults(path: string): ExperimentResults {
  const data = JSON.parse(readFileSync(path, "utf8")) as Partial<ExperimentResults> | null;
  if (data === null || typeof data !== "object" || data.kind !== "cx-experiment") throw new Error(`${path} is not a cx experiment results file (field "kind" is not "cx-experiment")`);
  if (data.schemaVersion !== RESULTS_SCHEMA_VERSION) throw new Error(`${path} has schemaVersion ${String(data.schemaVersion)}; this cx reads version ${RESULTS_SCHEMA_VERSION}`);
  return data as ExperimentResults;
}
