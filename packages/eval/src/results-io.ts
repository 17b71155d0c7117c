import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { renderSummaryMarkdown } from "./render-summary.js";
import { RESULTS_SCHEMA_VERSION, type ExperimentResults } from "./results.js";

/**
 * Writes results.json and summary.md into `outDir`, each atomically
 * (write-file-atomic: a temp file beside it, flushed, then renamed), so a
 * reader never sees half a results file.
 *
 * @example
 * ```ts
 * writeResults("results", results);
 * ```
 */
export function writeResults(outDir: string, results: ExperimentResults): void {
  mkdirSync(outDir, { recursive: true });
  writeFileAtomic.sync(join(outDir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  writeFileAtomic.sync(join(outDir, "summary.md"), renderSummaryMarkdown(results));
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
