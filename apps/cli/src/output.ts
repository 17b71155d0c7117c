import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, basename } from "node:path";
import pc from "picocolors";

/** Colour only where a person reads it: honours NO_COLOR and non-TTY stdout. */
export const colors = pc.createColors(pc.isColorSupported && process.env["NO_COLOR"] === undefined && process.stdout.isTTY === true);

/** Prints one JSON document on stdout: the whole machine-readable output of a command. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Writes a file atomically (a temp file beside it, then rename), so an
 * interrupted command never leaves a half-written result behind.
 */
export function writeFileAtomic(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(temp, content);
  renameSync(temp, path);
}

/** Progress goes to stderr and only to a person: silent when not a TTY or under --json. */
export function wantsProgress(json: boolean): boolean {
  return !json && process.stderr.isTTY === true;
}
