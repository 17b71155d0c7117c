import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, basename } from "node:path";
import pc from "picocolors";

/** Colour only where a person reads it: honours NO_COLOR and non-TTY stdout. */
export const colors = pc.createColors(pc.isColorSupported && process.env["NO_COLOR"] === undefined && process.stdout.isTTY === true);

/** JSON with two-space indentation, except that arrays of numbers (choice sequences) stay on one line. */
export function formatJson(value: unknown): string {
  const marks: string[] = [];
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "number")) {
        marks.push(JSON.stringify(v));
        return `\u0000${marks.length - 1}\u0000`;
      }
      return v;
    },
    2,
  );
  return text.replace(/"\\u0000(\d+)\\u0000"/g, (_m, i: string) => marks[Number(i)] ?? "[]");
}

/** Prints one JSON document on stdout: the whole machine-readable output of a command. */
export function printJson(value: unknown): void {
  process.stdout.write(`${formatJson(value)}\n`);
}

/**
 * Writes a file atomically (a temp file beside it, then rename), so an
 * interrupted command never leaves a half-written result behind.
 */
export function writeFileAtomic(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, content);
    renameSync(temp, path);
  } catch (error) {
    // No orphan temp file when the rename (or the write) fails.
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Whether to show progress on stderr: a bar on a terminal (not under
 * --json, where a person is not watching a bar), a line every few seconds
 * when stderr is not a terminal (a CI log, a pipe), with or without --json.
 */
export function wantsProgress(json: boolean): boolean {
  return !json || process.stderr.isTTY !== true;
}
