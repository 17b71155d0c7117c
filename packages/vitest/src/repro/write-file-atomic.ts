import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import writeFileAtomicLib from "write-file-atomic";

/**
 * Writes a file so that a reader sees the old content or the new, never
 * half of one (write-file-atomic: a temporary file beside it, flushed, then
 * renamed over it). Creates the folder if needed.
 */
export function writeFileAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomicLib.sync(path, text);
}
