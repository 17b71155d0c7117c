import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ExitCode } from "./exit-codes.js";

/**
 * Reports an error that is a bug in cx (not the user's input): one line on
 * stderr, and the full trace in a file in the system's temp folder, or on
 * stderr itself when `CX_DEBUG=1`. Returns the exit code to use: always
 * `ExitCode.internal` (70), never 1, which means "violation found".
 *
 * @example
 * ```ts
 * process.exitCode = reportInternalError(error, process.argv.slice(2), (line) => process.stderr.write(line));
 * ```
 */
export function reportInternalError(error: unknown, args: readonly string[], writeErr: (text: string) => void): number {
  const summary = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const firstLine = summary.split("\n")[0] ?? summary;
  const trace = error instanceof Error && error.stack !== undefined ? error.stack : summary;
  if (process.env["CX_DEBUG"] === "1") {
    writeErr(`cx: internal error (a bug in cx, not in your input): ${firstLine}\n${trace}\n`);
    return ExitCode.internal;
  }
  const file = join(tmpdir(), `cx-internal-error-${process.pid}.log`);
  try {
    writeFileSync(file, `cx ${args.join(" ")}\n\n${trace}\n`);
    writeErr(`cx: internal error (a bug in cx, not in your input): ${firstLine}; the full trace is in ${file} (CX_DEBUG=1 prints it)\n`);
  } catch {
    writeErr(`cx: internal error (a bug in cx, not in your input): ${firstLine}; run again with CX_DEBUG=1 for the full trace\n`);
  }
  return ExitCode.internal;
}
