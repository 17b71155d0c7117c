import { z } from "zod";

const NON_NEGATIVE_INT = "expected a non-negative integer";
const nonNegativeInt = z.number({ error: NON_NEGATIVE_INT }).int({ error: NON_NEGATIVE_INT }).min(0, { error: NON_NEGATIVE_INT });
const text = (what: string) => z.string({ error: `expected ${what}` }).min(1, { error: `expected ${what}, not an empty string` });

/**
 * The zod schema of a reproduction file (`repro.json`), format version 1.
 *
 * When to use: prefer `parseRepro`, which turns zod's issues into
 * `{ path, message }` errors; the schema is exported for composition (a
 * JSON Schema export, a wider file that embeds a repro).
 *
 * Gotchas: unknown fields are dropped, not rejected, so a newer cx may add
 * optional fields without breaking older readers; an incompatible change
 * bumps `formatVersion`.
 *
 * @example
 * ```ts
 * const ok = reproSchema.safeParse(JSON.parse(text)).success;
 * ```
 */
export const reproSchema = z.object(
  {
    formatVersion: z.literal(1, { error: "expected formatVersion 1 (the only format this cx reads)" }),
    cxVersion: text('a cx version string such as "0.1.0"'),
    protocol: text('a protocol name such as "raft"'),
    bugs: z.array(text("a defect name"), { error: "expected an array of defect names (strings)" }),
    scenario: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()], { error: "expected a number, a string or a boolean" }), {
      error: "expected an object of scenario options",
    }),
    choices: z.array(nonNegativeInt, { error: "expected an array of non-negative integers" }),
    violation: z.object(
      {
        invariant: text("the broken invariant's name"),
        message: z.string({ error: "expected the violation's message (a string)" }),
      },
      { error: "expected an object { invariant, message }" },
    ),
    metadata: z
      .object(
        {
          found: z
            .object(
              {
                strategy: text("the strategy's name"),
                seed: z.number({ error: "expected an integer seed" }).int({ error: "expected an integer seed" }),
                trials: nonNegativeInt,
              },
              { error: "expected an object { strategy, seed, trials }" },
            )
            .optional(),
          shrink: z
            .object(
              {
                decisionsBefore: nonNegativeInt,
                decisionsAfter: nonNegativeInt,
                nonZeroAfter: nonNegativeInt,
                candidateRuns: nonNegativeInt,
                ms: z.number({ error: "expected milliseconds (a number) or null" }).min(0, { error: "expected milliseconds (a number >= 0) or null" }).nullable(),
                converged: z.boolean({ error: "expected true or false" }),
                rounds: nonNegativeInt,
              },
              { error: "expected an object of shrink statistics" },
            )
            .optional(),
          createdAt: z.iso.datetime({ error: "expected an ISO 8601 date-time such as 2025-01-31T12:00:00Z" }).optional(),
        },
        { error: "expected an object" },
      )
      .optional(),
  },
  { error: "expected a JSON object with the fields of a reproduction file" },
);

/** A reproduction file's content: everything `cx replay` needs to re-run a failure. */
export type Repro = z.infer<typeof reproSchema>;

/** One problem in a reproduction file: where (`choices[3]`, `violation.invariant`, or `""` for the whole file) and what. */
export interface ReproError {
  readonly path: string;
  readonly message: string;
}

/** The result of `parseRepro`. */
export type ParseReproResult = { readonly ok: true; readonly value: Repro } | { readonly ok: false; readonly errors: ReproError[] };

/**
 * Parses and validates the text of a `repro.json`.
 *
 * When to use: whenever a reproduction file is read (the CLI's `replay`
 * and `shrink`). It never throws on bad input.
 *
 * Details: each error names the field (`choices[3]`), what was expected and
 * what was found (`expected a non-negative integer, got -1`); invalid JSON
 * gives one error with the line and column.
 *
 * @example
 * ```ts
 * const parsed = parseRepro(readFileSync("repro.json", "utf8"));
 * if (!parsed.ok) for (const e of parsed.errors) console.error(`${e.path}: ${e.message}`);
 * ```
 */
export function parseRepro(source: string): ParseReproResult {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    return { ok: false, errors: [{ path: "", message: `the file is not valid JSON: ${jsonProblem(source, error)}` }] };
  }
  const result = reproSchema.safeParse(data, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({
      path: formatPath(issue.path),
      message: `${issue.message}, got ${describeInput(issue.input)}`,
    })),
  };
}

/**
 * The text of a `repro.json`: pretty-printed, with the choices on one line
 * so a long sequence does not take a line per value; ends with a newline.
 *
 * Gotchas: validates first and throws on an invalid value (a programmer
 * error: the caller built it). Unknown fields are dropped.
 *
 * @example
 * ```ts
 * writeFileAtomic("repro.json", serializeRepro({ formatVersion: 1, cxVersion: "0.1.0", protocol: "raft", bugs: [], scenario: {}, choices: [0, 3], violation: { invariant: "x", message: "y" } }));
 * ```
 */
export function serializeRepro(repro: Repro): string {
  const checked = reproSchema.parse(repro);
  const marker = "\u0000choices\u0000";
  const pretty = JSON.stringify({ ...checked, choices: marker }, null, 2);
  return `${pretty.replace(JSON.stringify(marker), JSON.stringify(checked.choices))}\n`;
}

/**
 * Formats `parseRepro` errors for a person, one per line.
 *
 * @example
 * ```ts
 * formatReproErrors([{ path: "choices[3]", message: "expected a non-negative integer, got -1" }]);
 * // "field choices[3]: expected a non-negative integer, got -1"
 * ```
 */
export function formatReproErrors(errors: readonly ReproError[]): string {
  return errors.map((e) => (e.path === "" ? e.message : `field ${e.path}: ${e.message}`)).join("\n");
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

function describeInput(input: unknown): string {
  if (input === undefined) return "nothing (the field is missing)";
  if (input === null) return "null";
  if (Array.isArray(input)) return `an array of ${input.length}`;
  if (typeof input === "string") return JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}...` : input);
  if (typeof input === "object") return "an object";
  return String(input);
}

function jsonProblem(source: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const at = /position (\d+)/.exec(message);
  if (at === null || at[1] === undefined) return message;
  const position = Number(at[1]);
  const before = source.slice(0, position);
  const line = before.split("\n").length;
  const column = position - before.lastIndexOf("\n");
  return `${message} (line ${line}, column ${column})`;
}
