import { readFileSync, statSync } from "node:fs";
import { decodeUtf8 } from "@cx/check";
import { UserError } from "./user-error.js";

/** Larger input files are refused before they are read: nothing cx reads is meant to be this big. */
const MAX_INPUT_BYTES = 512 * 1024 * 1024;

/**
 * Reads a file a user named and decodes it by the one rule for every file
 * kind (a leading BOM dropped, invalid UTF-8 refused with its line and byte
 * offset). Every way it can fail is a UserError (exit 2) naming the file and
 * what was expected: missing, a directory, unreadable, too large.
 *
 * @example
 * ```ts
 * const text = readInputText("repro.json", "a reproduction file written by cx hunt");
 * ```
 */
export function readInputText(path: string, what: string): string {
  if (path === "") throw new UserError(`expected a file name (${what}), got an empty string`);
  let bytes: Buffer;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw new UserError(`${path} is a directory; expected ${what}`);
    if (!stat.isFile()) throw new UserError(`${path} is not a regular file; expected ${what}`);
    if (stat.size > MAX_INPUT_BYTES) throw new UserError(`${path} is ${stat.size} bytes, more than the ${MAX_INPUT_BYTES} cx reads; expected ${what}`);
    bytes = readFileSync(path);
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new UserError(`${path}: no such file (expected ${what})`);
    throw new UserError(`cannot read ${path} (${code ?? String(error)}); expected ${what}`);
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) throw new UserError(`${path}: ${decoded.message}`);
  return decoded.text;
}
