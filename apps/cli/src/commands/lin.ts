import { basename, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { builtInModels, checkLinearizability, describeResult, formatHistoryError, parseHistory } from "@cx/check";
import type { BuiltInModelName, LinearizabilityResult, Model, Operation } from "@cx/check";
import { renderHistoryPage } from "@cx/viz";
import { ExitCode } from "../exit-codes.js";
import { checkHistoryText, checkOneOperationPerClient } from "../history-rules.js";
import { readInputText } from "../input-file.js";
import { colors, formatJson, writeFileAtomic } from "../output.js";
import { checkDistinctPaths } from "../output-paths.js";
import { checkSaveTarget } from "../save-target.js";
import { terminalSafe } from "../terminal-safe.js";
import { UserError } from "../user-error.js";

/** Options of `cx lin`. */
export interface LinOptions {
  /** The model to check against (default: register or kv, inferred from the operations). */
  readonly model?: BuiltInModelName;
  readonly json?: boolean;
  readonly budget?: number;
  /** Wall-clock cap in milliseconds (an outer limit beside the step budget). */
  readonly timeout?: number;
  /** Also write the history view, a self-contained HTML page, to this file. */
  readonly html?: string;
}

/** What `cx lin` would print and exit with. */
export interface LinOutcome {
  readonly exitCode: ExitCode;
  readonly stdout: string;
}

/**
 * Checks one JSON-lines history file and says whether it is linearizable.
 * Throws a UserError (exit 2) for a missing or malformed file; otherwise exit
 * 0 ok, 1 not linearizable, 3 unknown (step budget, memory or --timeout
 * reached; the output says which). An illegal history's output names its
 * suspects, the first one confirmed when removing it makes that part of the
 * history linearizable. With `html`, the history view (a row per client,
 * the prefix found, the operation that cannot be placed) is written there
 * atomically, whatever the verdict; the destination is checked before the
 * history is read.
 */
export function runLin(file: string, options: LinOptions = {}): LinOutcome {
  if (options.html !== undefined) {
    checkDistinctPaths([
      { flag: "the history file", path: file, role: "input" },
      { flag: "--html", path: options.html, role: "output" },
    ]);
    checkSaveTarget(options.html, "--html", "history.html");
  }
  const text = readInputText(file, "a JSON-lines history file");
  checkHistoryText(file, text);
  const parsed = parseHistory(text, options.model === undefined ? {} : { model: options.model });
  if (!parsed.ok) {
    const shown = parsed.errors.slice(0, 5).map((error) => `  ${file}: ${formatHistoryError(error)}`);
    throw new UserError(`${file} is not a valid history:\n${shown.join("\n")}${parsed.errors.length > 5 ? `\n  ... and ${parsed.errors.length - 5} more` : ""}`);
  }
  checkOneOperationPerClient(file, text, parsed.operations);
  const checkOptions = {
    ...(options.budget === undefined ? {} : { budgetSteps: options.budget }),
    ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout, clock: () => performance.now() }),
  };
  const start = performance.now();
  let result: LinearizabilityResult<unknown, unknown, unknown>;
  let words: string;
  let page: () => string;
  const title = basename(file);
  {
    // The parse matched the operations to this model: its types are the model's, erased here as checkHistories erases them.
    const model = builtInModels[parsed.model] as Model<unknown, unknown, unknown>;
    const operations = parsed.operations as readonly Operation<unknown, unknown>[];
    const r = checkLinearizability(model, operations, checkOptions);
    result = r;
    words = describeResult(r, model);
    page = () => renderHistoryPage({ model, operations, result: r }, { title });
  }
  const ms = Math.round((performance.now() - start) * 100) / 100;
  if (options.html !== undefined) writeFileAtomic(resolve(options.html), page());
  const wrote = options.html === undefined ? "" : `history view written to ${terminalSafe(options.html)}\n`;
  const exitCode = result.verdict === "ok" ? ExitCode.ok : result.verdict === "illegal" ? ExitCode.violation : ExitCode.unknown;
  const ops = parsed.operations.length;
  if (options.json === true) {
    const body = { file, model: parsed.model, verdict: result.verdict, ops, ms, steps: result.steps, ...(result.verdict === "illegal" ? { witness: result.witness, description: words } : {}), ...(result.verdict === "unknown" ? { limit: result.limit, reason: result.reason } : {}), ...(options.html === undefined ? {} : { html: options.html }) };
    return { exitCode, stdout: `${formatJson(body)}\n` };
  }
  const verdict = result.verdict === "ok" ? colors.green("linearizable") : result.verdict === "illegal" ? colors.red("NOT linearizable") : colors.yellow("unknown");
  const head = `${verdict}: ${terminalSafe(file)} (${parsed.model} model, ${ops} operations, ${ms} ms, ${result.steps} search steps)`;
  // The description quotes values from the file: terminal-safe.
  return { exitCode, stdout: result.verdict === "ok" ? `${head}\n${wrote}` : `${head}\n${terminalSafe(words)}\n${wrote}` };
}
