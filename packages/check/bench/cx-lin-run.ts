/**
 * Runs the `cx lin` command on one history file, as a user would (a fresh
 * process, the text output), and reads what it said: exit code, the first
 * suspects it names, its wall time, and from the process itself its CPU
 * time and peak resident memory (a module preloaded with `--import` prints
 * them at exit). The command is given as the path of the built CLI, like
 * Porcupine's harness: this package does not depend on the CLI.
 */
import { spawnSync } from "node:child_process";
import { basename, dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";

/** What one `cx lin FILE` said and cost. */
export interface CxLinRun {
  readonly exitCode: number;
  /** The positions the output lists under "Suspects", in order (the first three at most). */
  readonly suspects: readonly number[];
  readonly confirmed: boolean;
  readonly ms: number;
  readonly cpuMs: number;
  readonly maxRssMiB: number;
  /** The first line of the output: verdict, size, the checker's own milliseconds. */
  readonly headline: string;
}

/** Runs `node CLI lin FILE` and reads it (see the module's doc). */
export function runCxLin(cli: string, file: string): CxLinRun {
  const start = performance.now();
  // Run from the file's folder with its bare name, so that the output (kept in results) names no machine path.
  const out = spawnSync(process.execPath, ["--import", join(import.meta.dirname, "resources-at-exit.mjs"), resolve(cli), "lin", basename(file)], {
    cwd: dirname(file),
    encoding: "utf8",
    maxBuffer: 1 << 26,
    env: { ...process.env, NO_COLOR: "1" },
  });
  const ms = performance.now() - start;
  const resources = /\{"resourcesAtExit":(\{[^}]*\})\}/.exec(out.stderr);
  if (resources === null) throw new Error(`cx lin ${file}: no resources line on stderr (exit ${String(out.status)}): ${out.stderr.slice(0, 500)}`);
  const used = JSON.parse(resources[1] as string) as { maxRssMiB: number; cpuMs: number };
  const lines = out.stdout.split("\n");
  const at = lines.findIndex((line) => line.startsWith("Suspects"));
  const suspects: number[] = [];
  for (let k = at + 1; at >= 0 && k < lines.length && suspects.length < 3; k++) {
    const match = /^ {2}#(\d+) /.exec(lines[k] as string);
    if (match === null) break;
    suspects.push(Number(match[1]));
  }
  return {
    exitCode: out.status ?? -1,
    suspects,
    confirmed: at >= 0 && (lines[at] as string).startsWith("Suspects (confirmed"),
    ms: Math.round(ms),
    cpuMs: used.cpuMs,
    maxRssMiB: used.maxRssMiB,
    headline: lines[0] ?? "",
  };
}
