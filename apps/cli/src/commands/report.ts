import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { writeReport } from "@cx/report";
import { ExitCode } from "../exit-codes.js";
import { cxInvocation, cxCommand } from "../invocation.js";
import { checkDistinctPaths } from "../output-paths.js";
import { checkSaveTarget } from "../save-target.js";
import { displayPath } from "../terminal-safe.js";
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

/**
 * The largest results file `cx report` reads. A full experiment writes
 * about 2 MB; the report holds the whole file in memory several times over
 * (text, parsed, rendered), so a file far beyond any real one is refused
 * instead of taking minutes and gigabytes.
 */
export const RESULTS_MAX_BYTES = 16 * 1024 * 1024;

function checkResultsSize(results: string): void {
  const { size } = statSync(results);
  if (size > RESULTS_MAX_BYTES) {
    throw new UserError(`--results: ${displayPath(results)} is ${size} bytes, more than the ${RESULTS_MAX_BYTES} bytes (16 MiB) cx report reads; expected a results.json written by ${cxInvocation()} bench`);
  }
}

/** Turns results.json into report.html and summary.md. A missing or foreign file is a UserError (exit 2). */
export function runReport(options: ReportCommandOptions): { exitCode: ExitCode; report: ReportReport; text: string } {
  if (options.results === "") throw new UserError("--results: expected a file name, got an empty string");
  if (options.out === "") throw new UserError("--out: expected a folder name, got an empty string");
  const results = resolve(options.results ?? join(defaultResultsDir(), "results.json"));
  if (!existsSync(results)) throw new UserError(`no results file at ${displayPath(results)}: run "${cxCommand(["bench"])}" (or "${cxCommand(["bench", "--quick"])}") first, or pass --results FILE`);
  const outDir = options.out === undefined ? dirname(results) : resolve(options.out);
  const outFlag = options.out === undefined ? "the report (beside --results)" : "--out";
  checkDistinctPaths([
    { flag: "--results", path: results, role: "input" },
    { flag: `${outFlag}'s report.html`, path: join(outDir, "report.html"), role: "output" },
    { flag: `${outFlag}'s summary.md`, path: join(outDir, "summary.md"), role: "output" },
  ]);
  checkSaveTarget(join(outDir, "report.html"), outFlag, "report.html");
  checkSaveTarget(join(outDir, "summary.md"), outFlag, "summary.md");
  checkResultsSize(results);
  let written;
  try {
    written = writeReport({ results, outDir });
  } catch (error) {
    throw new UserError(`cannot make a report from ${displayPath(results)}: ${(error as Error).message}`);
  }
  return { exitCode: ExitCode.ok, report: { results, html: written.html, summary: written.summary }, text: `wrote ${displayPath(written.html)} and ${displayPath(written.summary)}` };
}
