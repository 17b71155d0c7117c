import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeReport } from "@cx/report";
import { ExitCode } from "../exit-codes.js";
import { UserError } from "../user-error.js";
import { defaultResultsDir } from "./bench.js";

export interface ReportCommandOptions {
  /** The results file (default: results/results.json at the repository root). */
  readonly results?: string;
  /** Where report.html and summary.md go (default: beside the results file). */
  readonly out?: string;
}

/** What `cx report --json` prints. */
export interface ReportReport {
  readonly results: string;
  readonly html: string;
  readonly summary: string;
}

/** Turns results.json into report.html and summary.md. A missing or foreign file is a UserError (exit 2). */
export function runReport(options: ReportCommandOptions): { exitCode: ExitCode; report: ReportReport; text: string } {
  if (options.results === "") throw new UserError("--results: expected a file name, got an empty string");
  if (options.out === "") throw new UserError("--out: expected a folder name, got an empty string");
  const results = resolve(options.results ?? join(defaultResultsDir(), "results.json"));
  if (!existsSync(results)) throw new UserError(`no results file at ${results}: run "cx bench" (or "cx bench --quick") first, or pass --results FILE`);
  let written;
  try {
    written = writeReport({ results, ...(options.out === undefined ? {} : { outDir: resolve(options.out) }) });
  } catch (error) {
    throw new UserError(`cannot make a report from ${results}: ${(error as Error).message}`);
  }
  return { exitCode: ExitCode.ok, report: { results, html: written.html, summary: written.summary }, text: `wrote ${written.html} and ${written.summary}` };
}
