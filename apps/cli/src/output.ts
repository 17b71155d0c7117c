import pc from "picocolors";
import { writeFileAtomic as writeAtomically } from "./atomic-file.js";

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
 * Writes a file atomically (a temp file beside it, flushed, then renamed),
 * so an interrupted command never leaves a half-written result behind.
 * Creates the folder if needed; see `atomic-file.ts`. Every command writes
 * through this one function, which tests replace to simulate a failing disk.
 */
export function writeFileAtomic(path: string, content: string): void {
  writeAtomically(path, content);
}

/**
 * Whether to show progress on stderr: a bar on a terminal (not under
 * --json, where a person is not watching a bar), a line every few seconds
 * when stderr is not a terminal (a CI log, a pipe), with or without --json.
 */
export function wantsProgress(json: boolean): boolean {
  return !json || process.stderr.isTTY !== true;
}
