#!/usr/bin/env node
// @ts-check
// `cx` in a clone: runs the CLI from its TypeScript sources (apps/cli/src/main.ts
// through tsx, with the @cx/source condition so every workspace package is read
// from its src as well). The root package.json depends on this package, so pnpm
// links this file as the root's node_modules/.bin/cx. `pnpm cx` then runs it,
// not a package.json script: from any folder of the clone, in the folder it was
// typed in, with cx's exit code passed on and no "ELIFECYCLE Command failed"
// line (cx exits 1 when a hunt finds a violation: a result, not a crash).
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { fileURLToPath } from "node:url";

// tsx from this package's dependencies: the folder cx was typed in may not have it.
const tsx = import.meta.resolve("tsx");
const main = fileURLToPath(new URL("../../../apps/cli/src/main.ts", import.meta.url));

// cx runs in the current folder, so relative paths in its arguments are the user's.
const child = spawn(process.execPath, ["--conditions=@cx/source", "--import", tsx, main, ...process.argv.slice(2)], { stdio: "inherit" });

// Ctrl-C sends SIGINT to the terminal's whole foreground process group, cx
// included, and cx decides what it means (`cx worker` finishes its jobs in hand
// on the first and drops them on a second). So this process ignores it, to
// outlive cx and report how it ended, and does not pass it on: that would be
// the second.
process.on("SIGINT", () => {});
// SIGTERM and SIGHUP can be sent to this process alone (`kill <pid>`, a
// supervisor, pnpm): pass them on, so cx never outlives it.
for (const signal of /** @type {const} */ (["SIGTERM", "SIGHUP"])) process.on(signal, () => child.kill(signal));

child.on("error", (error) => {
  process.stderr.write(`cx: could not start ${process.execPath}: ${error.message}\n`);
  process.exit(70);
});

child.on("exit", (code, signal) => {
  if (signal === null) process.exit(code ?? 70);
  // cx died of a signal: die of the same one, so a shell or a script sees what
  // happened to cx (a shell stops a loop on Ctrl-C only if its child died of
  // SIGINT). The listeners above go first, or they would catch it; the exit
  // code is what a shell reports for that signal, should it be ignored here.
  process.removeAllListeners(signal);
  process.exitCode = 128 + (constants.signals[signal] ?? 0);
  process.kill(process.pid, signal);
});
