import { readFileSync, statSync } from "node:fs";
import { decodeUtf8 } from "@cx/check";
import { resultsJsonSchema, type ExperimentResults } from "@cx/eval";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";

/**
 * A results file that cannot be reported on: missing, unreadable, not
 * UTF-8, not JSON, or not of the results schema. Its message names the file
 * and, for schema problems, each field (`/trust/rows/0/hunts: must be
 * array`). Recognised by its tag.
 */
export class ResultsFileError extends Error {
  readonly _tag = "ResultsFileError";
  constructor(message: string) {
    super(message);
    this.name = "ResultsFileError";
  }
}

/**
 * Is this a {@link ResultsFileError} (bad input, exit 2) rather than a bug?
 *
 * @example
 * ```ts
 * if (isResultsFileError(error)) process.exitCode = 2;
 * ```
 */
export function isResultsFileError(error: unknown): error is ResultsFileError {
  return typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "ResultsFileError";
}

// Formats are not checked: a hand-edited date must not stop a report.
const validate = new Ajv2020({ allErrors: true, strict: false, validateFormats: false }).compile(resultsJsonSchema);

/**
 * Reads a results.json and checks it against `resultsJsonSchema` (from
 * @cx/eval) before anything renders it, with the same encoding rule as
 * every cx file (a BOM is dropped, invalid UTF-8 is refused with its line
 * and byte offset).
 *
 * When to use: instead of a bare `JSON.parse` wherever a results file from
 * disk is rendered. Throws a {@link ResultsFileError} listing up to ten
 * problems.
 *
 * @example
 * ```ts
 * const results = readResultsFile("results/results.json");
 * ```
 */
export function readResultsFile(path: string): ExperimentResults {
  let bytes: Buffer;
  try {
    if (statSync(path).isDirectory()) throw new ResultsFileError(`${path} is a directory; expected a results.json written by cx bench`);
    bytes = readFileSync(path);
  } catch (error) {
    if (isResultsFileError(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ResultsFileError(code === "ENOENT" ? `${path}: no such file (run cx bench first)` : `cannot read ${path} (${code ?? String(error)})`);
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) throw new ResultsFileError(`${path}: ${decoded.message}`);
  let data: unknown;
  try {
    data = JSON.parse(decoded.text);
  } catch (error) {
    throw new ResultsFileError(`${path} is not JSON (${(error as Error).message})`);
  }
  const kind = typeof data === "object" && data !== null ? (data as { kind?: unknown; schemaVersion?: unknown }) : undefined;
  if (kind?.kind !== "cx-experiment") throw new ResultsFileError(`${path} is not a cx experiment results file (field "kind" is not "cx-experiment")`);
  const version = resultsJsonSchema.properties.schemaVersion.const;
  if (kind.schemaVersion !== version) throw new ResultsFileError(`${path} has schemaVersion ${String(kind.schemaVersion)}; this cx reads version ${version}`);
  if (!validate(data)) throw new ResultsFileError(`${path} is not a complete cx results file:\n${describeErrors(validate.errors ?? [])}`);
  return data as unknown as ExperimentResults;
}

function describeErrors(errors: readonly ErrorObject[]): string {
  // Missing fields at one place read as one line: "(top level): missing trust, trials".
  const missing = new Map<string, string[]>();
  const other: string[] = [];
  for (const e of errors) {
    const at = e.instancePath === "" ? "(top level)" : e.instancePath;
    if (e.keyword === "required") missing.set(at, [...(missing.get(at) ?? []), String((e.params as { missingProperty?: unknown }).missingProperty)]);
    else other.push(`  ${at}: ${e.message ?? "is invalid"}${e.keyword === "const" || e.keyword === "enum" ? ` (${JSON.stringify(e.params)})` : ""}`);
  }
  const lines = [...[...missing].map(([at, fields]) => `  ${at}: must have required property ${fields.map((f) => `'${f}'`).join(", ")}`), ...other];
  return `${lines.slice(0, 10).join("\n")}${lines.length > 10 ? `\n  ... and ${lines.length - 10} more` : ""}`;
}
