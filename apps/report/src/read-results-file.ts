import { readFileSync, statSync } from "node:fs";
import { decodeUtf8 } from "@cx/check";
import { RESULTS_SCHEMA_VERSION, resultsSchema, type ExperimentResults } from "@cx/eval";

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

/**
 * Reads a results.json and checks it against @cx/eval's `resultsSchema`
 * (the one definition the JSON schema is generated from) before anything renders it, with the same encoding rule as
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
  if (kind.schemaVersion !== RESULTS_SCHEMA_VERSION) throw new ResultsFileError(`${path} has schemaVersion ${String(kind.schemaVersion)}; this cx reads version ${RESULTS_SCHEMA_VERSION}`);
  const checked = resultsSchema.safeParse(data);
  if (!checked.success) throw new ResultsFileError(`${path} is not a complete cx results file:\n${describeIssues(data, checked.error.issues)}`);
  return data as ExperimentResults;
}

/**
 * One line per problem, each naming the field by its path
 * (`/protocols/0/trust: ...`), at most ten; fields missing from one place
 * read as one line (`(top level): must have required property 'trust', 'trials'`).
 */
function describeIssues(data: unknown, issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[]): string {
  const missing = new Map<string, string[]>();
  const other: string[] = [];
  for (const issue of issues) {
    const at = (path: readonly PropertyKey[]) => (path.length === 0 ? "(top level)" : `/${path.map(String).join("/")}`);
    const parentPath = issue.path.slice(0, -1);
    const key = issue.path[issue.path.length - 1];
    const parent = parentPath.reduce<unknown>((value, step) => (typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[step] : undefined), data);
    if (key !== undefined && typeof parent === "object" && parent !== null && !Object.hasOwn(parent, key)) {
      missing.set(at(parentPath), [...(missing.get(at(parentPath)) ?? []), String(key)]);
    } else {
      other.push(`  ${at(issue.path)}: ${issue.message}`);
    }
  }
  const lines = [...[...missing].map(([at, fields]) => `  ${at}: must have required property ${fields.map((f) => `'${f}'`).join(", ")}`), ...other];
  return `${lines.slice(0, 10).join("\n")}${lines.length > 10 ? `\n  ... and ${lines.length - 10} more` : ""}`;
}
