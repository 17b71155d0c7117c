import { writeSync } from "node:fs";
import { ExitCode } from "./exit-codes.js";

/**
 * Makes a closed or full stdout/stderr end cx cleanly instead of with
 * Node's unhandled 'error' trace and exit 1 (which means "violation
 * found"): EPIPE (the reader went away, as in `cx bugs | head -1`) ends
 * quietly with `ExitCode.brokenPipe`, the shell's status for a process a
 * closed pipe stopped; any other write error (ENOSPC on a full disk, EIO)
 * ends with one line on stderr, when stderr can still take it, and
 * `ExitCode.internal`.
 *
 * When to use: once, first thing in the binary's entry point. Tests that
 * run `runCli` in-process do not install it.
 */
export function guardStandardStreams(exit: (code: number) => never = (code) => process.exit(code)): void {
  const onError = (name: "stdout" | "stderr") => (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") exit(ExitCode.brokenPipe);
    if (name === "stdout") {
      try {
        writeSync(2, `cx: cannot write to standard output (${error.code ?? error.message}); the output is incomplete\n`);
      } catch {
        // stderr is gone too: the exit code is all that is left to say it.
      }
    }
    exit(ExitCode.internal);
  };
  process.stdout.on("error", onError("stdout"));
  process.stderr.on("error", onError("stderr"));
}
