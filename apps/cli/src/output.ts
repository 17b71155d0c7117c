import pc from "picocolors";
import { writeFileAtomic as writeAtomically } from "./atomic-file.js";

/** Colour only where a person reads it: honours NO_COLOR and non-TTY stdout. */
export const colors = pc.createColors(pc.isColorSupported && process.env["NO_COLOR"] === undefined && process.stdout.isTTY === true);

// Characters JSON.stringify leaves raw (it escapes only C0, quotes, backslashes and lone surrogates) that a
// terminal may act on or a reader may misread: DEL, C1 (U+009B is a CSI on some terminals), the line and
// paragraph separators, and the bidirectional overrides and isolates. Outside strings JSON text is ASCII, so
// every match is inside a string, where `\uXXXX` is the same character to a parser.
const RAW_IN_JSON = /[\u007f-\u009f\u2028-\u202e\u2066-\u2069]/g;
// An array of numbers as JSON.stringify indents it. A raw newline never occurs inside a JSON string, so
// this matches structure only, never a string that looks like an array.
const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:e[+-]\d+)?`;
const INDENTED_NUMBER_ARRAY = new RegExp(String.raw`\[\n *(${NUMBER}(?:,\n *${NUMBER})*)\n *\]`, "g");

function escapeRaw(text: string): string {
  return text.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * JSON with two-space indentation, except that arrays of numbers (choice
 * sequences) stay on one line; the text of every `--json` document.
 *
 * Gotchas: DEL, C1 controls, U+2028/U+2029 and bidi controls are written as
 * `\u007f`-style escapes (JSON.stringify leaves them raw, and U+009B is a
 * CSI to some terminals); `JSON.parse` gives the same value back.
 *
 * @example
 * ```ts
 * formatJson({ choices: [0, 3], message: "\u009b2J" }); // '{\n  "choices": [0,3],\n  "message": "\\u009b2J"\n}'
 * ```
 */
export function formatJson(value: unknown): string {
  return escapeRaw(JSON.stringify(value, null, 2).replace(INDENTED_NUMBER_ARRAY, (_m, items: string) => `[${items.replace(/,\n */g, ",")}]`));
}

/**
 * One JSON value on one line, terminal-safe like {@link formatJson}: the
 * lines of a JSON-lines output (`cx lin FILE... --json`).
 *
 * @example
 * ```ts
 * formatJsonLine({ file: "a\u007f.jsonl" }); // '{"file":"a\\u007f.jsonl"}'
 * ```
 */
export function formatJsonLine(value: unknown): string {
  return escapeRaw(JSON.stringify(value));
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
