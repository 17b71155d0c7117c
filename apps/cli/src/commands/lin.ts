import { performance } from "node:perf_hooks";
import { checkLinearizability, describeResult, formatHistoryError, kvModel, parseHistory, registerModel } from "@cx/check";
import type { HistoryModelName, LinearizabilityResult } from "@cx/check";
import { ExitCode } from "../exit-codes.js";
import { readInputText } from "../input-file.js";
import { colors } from "../output.js";
import { terminalSafe } from "../terminal-safe.js";
import { UserError } from "../user-error.js";

/** Options of `cx lin`. */
export interface LinOptions {
  readonly model?: HistoryModelName;
  readonly json?: boolean;
  readonly budget?: number;
  /** Wall-clock cap in milliseconds (an outer limit beside the step budget). */
  readonly timeout?: number;
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
 * history linearizable.
 */
export function runLin(file: string, options: LinOptions = {}): LinOutcome {
  const text = readInputText(file, "a JSON-lines history file");
  const parsed = parseHistory(text, options.model === undefined ? {} : { model: options.model });
  if (!parsed.ok) {
    const shown = parsed.errors.slice(0, 5).map((error) => `  ${file}: ${formatHistoryError(error)}`);
    throw new UserError(`${file} is not a valid history:\n${shown.join("\n")}${parsed.errors.length > 5 ? `\n  ... and ${parsed.errors.length - 5} more` : ""}`);
  }
  const checkOptions = {
    ...(options.budget === undefined ? {} : { budgetSteps: options.budget }),
    ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout, clock: () => performance.now() }),
  };
  const start = performance.now();
  let result: LinearizabilityResult<unknown, unknown, unknown>;
  let words: string;
  if (parsed.model === "register") {
    const r = checkLinearizability(registerModel, parsed.operations, checkOptions);
    result = r as LinearizabilityResult<unknown, unknown, unknown>;
    words = describeResult(r, registerModel);
  } else {
    const r = checkLinearizability(kvModel, parsed.operations, checkOptions);
    result = r as LinearizabilityResult<unknown, unknown, unknown>;
    words = describeResult(r, kvModel);
  }
  const ms = Math.round((performance.now() - start) * 100) / 100;
  const exitCode = result.verdict === "ok" ? ExitCode.ok : result.verdict === "illegal" ? ExitCode.violation : ExitCode.unknown;
  const ops = parsed.operations.length;
  if (options.json === true) {
    const body = { file, model: parsed.model, verdict: result.verdict, ops, ms, steps: result.steps, ...(result.verdict === "illegal" ? { witness: result.witness, description: words } : {}), ...(result.verdict === "unknown" ? { limit: result.limit, reason: result.reason } : {}) };
    return { exitCode, stdout: `${JSON.stringify(body, null, 2)}\n` };
  }
  const verdict = result.verdict === "ok" ? colors.green("linearizable") : result.verdict === "illegal" ? colors.red("NOT linearizable") : colors.yellow("unknown");
  const head = `${verdict}: ${terminalSafe(file)} (${parsed.model} model, ${ops} operations, ${ms} ms, ${result.steps} search steps)`;
  // The description quotes values from the file: terminal-safe.
  return { exitCode, stdout: result.verdict === "ok" ? `${head}\n` : `${head}\n${terminalSafe(words)}\n` };
}
