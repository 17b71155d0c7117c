import { createHash } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { defaultScenarioOptions } from "@cx/sim";
import fc from "fast-check";
import { repoRoot } from "./run-cli.js";

/** One generated hostile input: which file kind, the file's bytes, and the arguments that feed it to cx. */
export interface HostileCase {
  readonly kind: "history" | "repro" | "choices" | "results" | "flags" | "outputs" | "echoes" | "strictness" | "bounds";
  /** The input file's content, or null when the case is only flags. */
  readonly file: Uint8Array | null;
  /** Arguments; `{file}` is replaced by the input file's path, `{dir}` by a scratch folder. */
  readonly args: readonly string[];
}

/** What one case did: its exit code, whether stderr held a stack trace, how long it took, whether an input changed, how it spoke. */
export interface CaseOutcome {
  readonly status: number;
  readonly stackTrace: boolean;
  readonly ms: number;
  readonly inputChanged: boolean;
  /** Lines on stderr (a usage error must be one). */
  readonly stderrLines: number;
  /** A control character reached stdout or stderr raw (colour codes aside). */
  readonly rawControl: boolean;
}

/** Exit codes a hostile input may end in (see exit-codes.ts): never 70, the internal error. */
export const documentedExitCodes: readonly number[] = [0, 1, 2, 3, 4];

const encoder = new TextEncoder();
const bytesOf = (text: string): Uint8Array => encoder.encode(text);
const BOM = [0xef, 0xbb, 0xbf];

/** A control character a terminal acts on, other than a colour code cx prints itself. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /\u001b(?!\[[0-9;]*m)|[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f-\u009f]/;

/** A line of a stack trace, as Node prints one. */
export const STACK_LINE = /\n\s+at .+[(:]\d+/;

// ---- hostile values -------------------------------------------------------

const deep = (depth: number, open: string, close: string): string => `${open.repeat(depth)}${close.repeat(depth)}`;
const controlText = fc.constantFrom("\u001b]0;pwned\u0007", "\u001b[2J\u001b[H", "\u009b31m", "a\u0000b", "\u202etxt.exe", "\r\rover", "\u0008\u0008");
const hugeNumber = fc.constantFrom(1e15, -1, 0, 1e308, -0, 2 ** 53, 4294967297, 1e20, 0.5, Number.MIN_VALUE);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hugeNumber,
  controlText,
  fc.constantFrom(null, true, false, "", "NaN", "Infinity", [], {}, [[[]]], JSON.parse('{"__proto__":1}') as unknown, "x".repeat(10_000)),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.constantFrom("\u0000deep-array\u0000", "\u0000deep-object\u0000"),
);

/**
 * JSON text of a value, with the deep-nesting markers expanded to values
 * nested 10,000 deep (built as text: JSON.stringify itself would overflow).
 */
function toText(value: unknown, indent?: number): string {
  return (JSON.stringify(value, null, indent) ?? "null")
    .replaceAll(JSON.stringify("\u0000deep-array\u0000"), deep(10_000, "[", "]"))
    .replaceAll(JSON.stringify("\u0000deep-object\u0000"), `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`);
}

/** Raw text that is not quite JSON, or is JSON of the wrong shape. */
const hostileJsonText = fc.oneof(
  fc.constantFrom("", "{", "[", "null", "[]", "{}", "1", '"x"', "[1,2", "{\"a\":}", deep(10_000, "[", "]"), `${deep(100_000, "[", "")}`, "\u0000", "[1,,2]", "NaN", "[1e999]"),
  fc.string({ maxLength: 60 }),
  fc.json({ maxDepth: 3 }),
);

/** Mangles a file's bytes: truncation, a BOM, invalid UTF-8, CRLF, random bytes spliced in. */
function mangle(text: string): fc.Arbitrary<Uint8Array> {
  const bytes = bytesOf(text);
  return fc.oneof(
    fc.constant(bytes),
    fc.constant(new Uint8Array([...BOM, ...bytes])),
    fc.nat({ max: Math.max(0, bytes.length) }).map((cut) => bytes.slice(0, cut)),
    fc.tuple(fc.nat({ max: Math.max(0, bytes.length) }), fc.uint8Array({ minLength: 1, maxLength: 8 })).map(([at, junk]) => new Uint8Array([...bytes.slice(0, at), ...junk, ...bytes.slice(at)])),
    fc.tuple(fc.nat({ max: Math.max(0, bytes.length) }), fc.constantFrom([0xc3, 0x28], [0xff], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xc0, 0xaf])).map(([at, bad]) => new Uint8Array([...bytes.slice(0, at), ...bad, ...bytes.slice(at)])),
    fc.constant(bytesOf(text.replace(/\n/g, "\r\n"))),
  );
}

/** Replaces, deletes or adds one field somewhere in a JSON value. */
function mutateJson(base: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[], depth: number): void => {
    paths.push(path);
    if (depth > 6 || paths.length > 400) return;
    if (Array.isArray(value)) value.slice(0, 3).forEach((v, i) => walk(v, [...path, i], depth + 1));
    else if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) walk(v, [...path, k], depth + 1);
  };
  walk(base, [], 0);
  return fc.tuple(fc.constantFrom(...paths), fc.constantFrom("replace", "delete", "add"), hostileValue).map(([path, how, value]) => {
    const copy = structuredClone(base) as Record<string | number, unknown>;
    if (path.length === 0) return how === "replace" ? value : copy;
    let parent: Record<string | number, unknown> = copy;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    const last = path[path.length - 1] as string | number;
    if (how === "replace") parent[last] = value;
    else if (how === "delete") {
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last];
    } else if (typeof parent === "object" && parent !== null && !Array.isArray(parent)) parent["unexpected field \u001b[31m"] = value;
    return copy;
  });
}

// ---- the file kinds -------------------------------------------------------

const fixtureDir = join(repoRoot, "packages/raft/test/fixtures");
const fixtures = readdirSync(fixtureDir).filter((f) => f.endsWith(".json")).map((f) => JSON.parse(readFileSync(join(fixtureDir, f), "utf8")) as { bug: string; choices: number[]; violation: { invariant: string; message: string } });

/** A valid reproduction file for each seeded defect: the base the mutations start from. */
export const baseRepros = fixtures.map((f) => ({ formatVersion: 1, cxVersion: "0.1.0", protocol: "raft", bugs: [f.bug], scenario: { ...defaultScenarioOptions }, choices: f.choices, violation: f.violation }));

const historyLine = (i: number): Record<string, unknown> => ({ client: i % 3, call: i * 10, return: i * 10 + 5, op: i % 2 === 0 ? "write" : "read", value: i % 2 === 0 ? `v${i}` : null, output: i % 2 === 0 ? null : `v${i - 1}` });
const baseHistory = Array.from({ length: 6 }, (_, i) => historyLine(i));

const history: fc.Arbitrary<HostileCase> = fc
  .oneof(
    fc.tuple(fc.nat({ max: 5 }), mutateJson(baseHistory[0])).map(([at, line]) => baseHistory.map((l, i) => toText(i === at ? line : l)).join("\n")),
    fc.array(hostileJsonText, { maxLength: 5 }).map((lines) => lines.join("\n")),
    fc.constant(baseHistory.map((l) => JSON.stringify(l)).join("\n")),
  )
  .chain((text) => mangle(text))
  .chain((file) => fc.constantFrom<string[]>(["lin", "{file}"], ["lin", "{file}", "--json"], ["lin", "{file}", "--model", "kv"], ["lin", "{file}", "--budget", "50"]).map((args) => ({ kind: "history" as const, file, args })));

const repro: fc.Arbitrary<HostileCase> = fc
  .constantFrom(...baseRepros)
  .chain((base) => fc.oneof({ weight: 4, arbitrary: mutateJson(base) }, { weight: 1, arbitrary: fc.constant<unknown>(base) }))
  .chain((value) => fc.oneof({ weight: 5, arbitrary: mangle(toText(value, 2)) }, { weight: 1, arbitrary: hostileJsonText.map(bytesOf) }))
  .chain((file) => fc.constantFrom<string[]>(["replay", "{file}"], ["replay", "{file}", "--json"], ["shrink", "{file}", "--seconds", "1"], ["shrink", "{file}", "--seconds", "1", "--json"]).map((args) => ({ kind: "repro" as const, file, args })));

const choices: fc.Arbitrary<HostileCase> = fc
  .oneof(
    fc.array(fc.oneof({ weight: 5, arbitrary: fc.nat({ max: 200 }) }, { weight: 1, arbitrary: hostileValue }), { maxLength: 60 }).map((a) => toText(a)),
    hostileJsonText,
    fc.constant(JSON.stringify(Array.from({ length: 100_000 }, (_, i) => i % 7))),
    fc.constant(JSON.stringify([2 ** 40, 1e300, 4294967297])),
  )
  .chain((text) => mangle(text))
  .chain((file) => fc.constantFrom<string[]>(["run", "--choices", "{file}"], ["run", "--choices", "{file}", "--json", "--bugs", "commit_any_term"]).map((args) => ({ kind: "choices" as const, file, args })));

let baseResultsText: string | undefined;
/** The committed results.json: the base the results mutations start from. */
function baseResults(): unknown {
  baseResultsText ??= readFileSync(join(repoRoot, "results/results.json"), "utf8");
  return JSON.parse(baseResultsText) as unknown;
}

const results: fc.Arbitrary<HostileCase> = fc
  .oneof({ weight: 5, arbitrary: fc.constant(null).chain(() => mutateJson(baseResults())).map((v) => toText(v)) }, { weight: 1, arbitrary: hostileJsonText })
  .chain((text) => mangle(text))
  .map((file) => ({ kind: "results" as const, file, args: ["report", "--results", "{file}", "--out", "{dir}"] }));

const hostileFlagValue = fc.oneof(
  fc.constantFrom("", " ", ",,", ",", "-1", "0", "1e9", "0x10", "1.5", "99999999999999999999", "4294967296", "4294967297", "NaN", "１２", "--json", "none", "vote_twice", "VOTE_TWICE_IN_TERM", "\u001b[2J", "{dir}", "{dir}/missing/x.json", "{dir}/r.json/x"),
  fc.string({ maxLength: 12 }),
);

const PATH_FLAGS = new Set(["--save", "--svg", "--out", "--results", "--choices"]);

const flags: fc.Arbitrary<HostileCase> = fc
  .tuple(
    fc.constantFrom(
      { command: ["hunt", "--budget", "2", "--shrink-seconds", "1", "--save", "{dir}/r.json"], options: ["--bugs", "--strategy", "--budget", "--seed", "--save", "--svg", "--shrink-seconds"] },
      { command: ["run"], options: ["--bugs", "--seed", "--choices"] },
      { command: ["lin", "{dir}/none.jsonl"], options: ["--model", "--budget"] },
      { command: ["replay"], options: ["--svg"] },
      { command: ["bugs"], options: ["--bugs"] },
      { command: ["report", "--out", "{dir}"], options: ["--results", "--out"] },
      { command: ["shrink"], options: ["--seconds"] },
      { command: ["nonsense"], options: ["--x"] },
    ),
    fc.array(fc.tuple(fc.nat(), hostileFlagValue), { minLength: 1, maxLength: 3 }),
    fc.boolean(),
  )
  .map(([{ command, options }, picks, json]) => {
    const extra = picks.flatMap(([i, value]) => {
      const option = options[i % options.length] as string;
      // Whatever a path flag is given, it lands in the case's scratch folder: the fuzz must not write into the repository.
      const inScratch = PATH_FLAGS.has(option) && value !== "" && !value.startsWith("{dir}") ? `{dir}/${value.replaceAll("..", "_")}` : value;
      return [option, inScratch];
    });
    // A hunt that would really search is kept tiny: budget and shrink time come first, the fuzzed flags may only override them with hostile values.
    const args = [...command, ...extra.map((v) => (v === "5" ? "2" : v)), ...(json ? ["--json"] : [])];
    const budgetAt = args.lastIndexOf("--budget");
    if (command[0] === "hunt" && budgetAt >= 0 && /^\d+$/.test(args[budgetAt + 1] ?? "") && Number(args[budgetAt + 1]) > 2) args[budgetAt + 1] = "2";
    const shrinkAt = args.lastIndexOf("--shrink-seconds");
    if (shrinkAt >= 0 && /^\d+$/.test(args[shrinkAt + 1] ?? "") && Number(args[shrinkAt + 1]) > 1) args[shrinkAt + 1] = "1";
    const secondsAt = args.lastIndexOf("--seconds");
    if (secondsAt >= 0 && /^\d+$/.test(args[secondsAt + 1] ?? "") && Number(args[secondsAt + 1]) > 1) args[secondsAt + 1] = "1";
    return { kind: "flags" as const, file: null, args };
  });

// ---- second round: outputs over inputs, echoes, strictness, bounds ----------

const validHistory = `${baseHistory.map((l) => JSON.stringify(l)).join("\n")}\n`;
/** Spellings of the case's input file: itself, a symlink and a hard link to it (made by runHostileCase), a detour. */
const sameFile = fc.constantFrom("{file}", "{dir}/link-sym", "{dir}/link-hard", "{dir}/sub/../{name}", "{dir}/./{name}");

/** An output flag naming the input, or the other output: always refused (exit 2), the input unchanged. */
const outputs: fc.Arbitrary<HostileCase> = fc.oneof(
  sameFile.map((html) => ({ kind: "outputs" as const, file: bytesOf(validHistory), args: ["lin", "{file}", "--html", html] })),
  fc.tuple(fc.constantFrom(...baseRepros), sameFile).map(([base, svg]) => ({ kind: "outputs" as const, file: bytesOf(JSON.stringify(base)), args: ["replay", "{file}", "--svg", svg] })),
  fc.tuple(fc.constantFrom(...baseRepros), sameFile).map(([base, svg]) => ({ kind: "outputs" as const, file: bytesOf(JSON.stringify(base)), args: ["hunt", "--budget", "2", "--shrink-seconds", "1", "--save", "{file}", "--svg", svg] })),
);

const longText = fc.tuple(fc.constantFrom("p", "\u001b[2J", "é", "x,"), fc.integer({ min: 1_000, max: 300_000 })).map(([unit, n]) => unit.repeat(n));
/** Huge or hostile values echoed back: every usage error one bounded line, nothing raw on the terminal. */
const echoes: fc.Arbitrary<HostileCase> = fc.oneof(
  longText.map((name) => ({ kind: "echoes" as const, file: null, args: ["bugs", "--protocol", name] })),
  longText.map((names) => ({ kind: "echoes" as const, file: null, args: ["run", "--bugs", names] })),
  longText.map((value) => ({ kind: "echoes" as const, file: null, args: ["run", "--seed", value] })),
  longText.map((value) => ({ kind: "echoes" as const, file: null, args: ["hunt", `--${value.slice(0, 5000)}`] })),
  fc.constantFrom("\u001b[2J", "\u001b]0;t\u0007", "\u009b1m").map((esc) => ({ kind: "echoes" as const, file: null, args: ["hunt", "--bugs", "none", "--budget", "2", "--save", `{dir}/a${esc}b.json`] })),
  fc.tuple(fc.constantFrom(...baseRepros), fc.integer({ min: 100_000, max: 2_000_000 })).map(([base, n]) => ({
    kind: "echoes" as const,
    file: bytesOf(JSON.stringify({ ...base, violation: { ...base.violation, message: `\u001b[2J${"m".repeat(n)}` } })),
    args: ["replay", "{file}"],
  })),
);

const bom = "\uFEFF";
/** Inputs one rule refuses everywhere: a misplaced byte-order mark, overlapping calls of a client, choices beyond the exact range, contradictory flags. */
const strictness: fc.Arbitrary<HostileCase> = fc.oneof(
  fc.tuple(fc.nat({ max: 5 }), fc.constantFrom("start", "end", "double")).map(([at, where]) => {
    const lines = baseHistory.map((l) => JSON.stringify(l));
    const text = where === "double" ? `${bom}${bom}${lines.join("\n")}` : lines.map((l, i) => (i === at ? (where === "start" ? `${bom}${l}` : `${l}${bom}`) : l)).join("\n");
    return { kind: "strictness" as const, file: bytesOf(text), args: ["lin", "{file}"] };
  }),
  fc.tuple(fc.nat({ max: 4 }), fc.integer({ min: 1, max: 4 })).map(([at, back]) => {
    const lines = baseHistory.map((l, i) => (i === at + 1 ? { ...l, client: baseHistory[at]?.["client"], call: Number(baseHistory[at]?.["return"]) - back } : l));
    return { kind: "strictness" as const, file: bytesOf(lines.map((l) => JSON.stringify(l)).join("\n")), args: ["lin", "{file}"] };
  }),
  fc.constantFrom("[1e20]", "[9007199254740992]", "[1, 2e300]", "[0, 9007199254740993]").map((text) => ({ kind: "strictness" as const, file: bytesOf(text), args: ["run", "--choices", "{file}"] })),
  fc.tuple(fc.constantFrom("[]", "[1, 2, 3]"), fc.nat()).map(([text, seed]) => ({ kind: "strictness" as const, file: bytesOf(text), args: ["run", "--choices", "{file}", "--seed", String(seed % 100)] })),
);

/** Resources a flag controls: more workers than cores is clamped, never gigabytes. */
const bounds: fc.Arbitrary<HostileCase> = fc
  .constantFrom("3", "64", "1000", "100000", "9007199254740991")
  .map((workers) => ({ kind: "bounds" as const, file: null, args: ["hunt", "--bugs", "none", "--budget", "2", "--workers", workers, "--save", "{dir}/r.json"] }));

/** Every kind of hostile input, for fast-check. */
export const hostileCase: fc.Arbitrary<HostileCase> = fc.oneof(
  { weight: 3, arbitrary: history },
  { weight: 3, arbitrary: repro },
  { weight: 3, arbitrary: choices },
  { weight: 3, arbitrary: results },
  { weight: 3, arbitrary: flags },
  { weight: 2, arbitrary: outputs },
  { weight: 2, arbitrary: echoes },
  { weight: 2, arbitrary: strictness },
  { weight: 1, arbitrary: bounds },
);
/** One arbitrary per kind. */
export const hostileCasesByKind = { history, repro, choices, results, flags, outputs, echoes, strictness, bounds } as const;

const digest = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/**
 * Writes a case's file into `scratch` (a folder of its own), runs cx on it with `run` (in-process or
 * a child process), and says what happened. The input file must be
 * unchanged afterwards, except that `cx shrink` may rewrite its own file
 * with a valid, smaller reproduction.
 */
export async function runHostileCase(
  testCase: HostileCase,
  scratch: string,
  run: (args: readonly string[]) => Promise<{ status: number; stdout: string; stderr: string }>,
): Promise<CaseOutcome & { readonly stderr: string; readonly args: readonly string[] }> {
  mkdirSync(scratch, { recursive: true });
  const name = `input.${testCase.args[0] === "lin" ? "jsonl" : "json"}`;
  const file = join(scratch, name);
  if (testCase.file !== null) {
    writeFileSync(file, testCase.file);
    // Other names of the same file, for the cases that aim an output at the input through them.
    symlinkSync(file, join(scratch, "link-sym"));
    linkSync(file, join(scratch, "link-hard"));
  }
  const args = testCase.args.map((a) => a.replaceAll("{file}", file).replaceAll("{name}", name).replaceAll("{dir}", scratch));
  const started = performance.now();
  const result = await run(args);
  const ms = performance.now() - started;
  let inputChanged = false;
  if (testCase.file !== null) {
    const after = existsSync(file) ? readFileSync(file) : new Uint8Array();
    const changed = digest(after) !== digest(testCase.file);
    // Only cx shrink rewrites its input, and only with a valid reproduction it exited 0 (or 4) for.
    inputChanged = changed && !(args[0] === "shrink" && (result.status === 0 || result.status === 4) && isValidJson(after));
  }
  return {
    status: result.status,
    stackTrace: STACK_LINE.test(`\n${result.stderr}`) || STACK_LINE.test(`\n${result.stdout}`),
    ms,
    inputChanged,
    stderrLines: result.stderr.split("\n").filter((l) => l !== "").length,
    rawControl: RAW_CONTROL.test(result.stdout) || RAW_CONTROL.test(result.stderr),
    stderr: result.stderr,
    args,
  };
}

function isValidJson(bytes: Uint8Array): boolean {
  try {
    JSON.parse(Buffer.from(bytes).toString("utf8"));
    return true;
  } catch {
    return false;
  }
}
