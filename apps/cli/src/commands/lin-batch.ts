import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { builtInModels, checkHistories, describeResult, formatHistoryError, tallyHistories } from "@cx/check";
import type { BuiltInModelName, CheckedHistory, HistoryVerdict, LinearizabilityResult, Model } from "@cx/check";
import { ExitCode } from "../exit-codes.js";
import { checkHistoryText, checkOneOperationPerClient } from "../history-rules.js";
import { readInputText } from "../input-file.js";
import { colors, formatJsonLine } from "../output.js";
import { terminalSafe } from "../terminal-safe.js";
import { isUserError, UserError } from "../user-error.js";
import type { LinOptions } from "./lin.js";

/** Options of `cx lin` on several files or a folder. */
export interface LinBatchOptions extends LinOptions {
  /** Print each illegal history's witness (text) or include it (JSON); off by default, since the suspects cost further checks. */
  readonly explain?: boolean;
}

/** What `cx lin` on many histories would print and exit with. */
export interface LinBatchOutcome {
  readonly exitCode: ExitCode;
  readonly stdout: string;
  /** One line when some file could not be checked (exit 2 always says why on stderr), else empty. */
  readonly stderr: string;
}

const EXIT_CODE: Readonly<Record<HistoryVerdict, ExitCode>> = { ok: ExitCode.ok, illegal: ExitCode.violation, unknown: ExitCode.unknown, invalid: ExitCode.usage };
const WORD: Readonly<Record<HistoryVerdict, string>> = { ok: "linearizable", illegal: "NOT linearizable", unknown: "unknown", invalid: "invalid" };

/**
 * Checks every history named, in one process: each path is a history file
 * or a folder, whose `.jsonl` files (in its subfolders too, by path) are
 * checked. Prints a line per file and a summary (or, under `json`, one JSON
 * object per line for each file, then one with the summary) and exits with
 * the worst verdict's code: 2 when a file could not be read or parsed (the
 * others are still checked), else 1 when one is not linearizable, else 3
 * when a limit stopped one, else 0. `--budget` and `--timeout` apply to each
 * history alone.
 */
export function runLinBatch(paths: readonly string[], options: LinBatchOptions = {}): LinBatchOutcome {
  if (options.html !== undefined) throw new UserError("--html writes the page of one history: give one history file, not several or a folder");
  const checkOptions = {
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.budget === undefined ? {} : { budgetSteps: options.budget }),
    ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout, clock: () => performance.now() }),
  };
  const out: string[] = [];
  const verdicts: HistoryVerdict[] = [];
  let checkingMs = 0;
  for (const target of historyFiles(paths)) {
    if (target.problem !== undefined) {
      verdicts.push("invalid");
      out.push(options.json === true ? formatJsonLine({ file: target.path, verdict: "invalid", message: target.problem }) : `${colors.red(WORD.invalid)}: ${terminalSafe(target.problem)}`);
      continue;
    }
    let checked: CheckedHistory;
    let ms: number;
    try {
      const source = readInputText(target.path, "a JSON-lines history file");
      checkHistoryText(target.path, source);
      const start = performance.now();
      // One input at a time: the file just read is the only one held.
      checked = checkHistories([{ name: target.path, source }], checkOptions).next().value as CheckedHistory;
      ms = Math.round((performance.now() - start) * 100) / 100;
      // The same rules as for one file; checked after the parse the library does (a rare bad file costs one needless check).
      if (checked.ok) checkOneOperationPerClient(target.path, source, checked.operations);
    } catch (error) {
      if (!isUserError(error)) throw error;
      verdicts.push("invalid");
      out.push(options.json === true ? formatJsonLine({ file: target.path, verdict: "invalid", message: error.message }) : `${colors.red(WORD.invalid)}: ${terminalSafe(error.message)}`);
      continue;
    }
    checkingMs += ms;
    const verdict: HistoryVerdict = checked.ok ? checked.result.verdict : "invalid";
    verdicts.push(verdict);
    out.push(options.json === true ? jsonLine(checked, ms, options.explain === true) : textLines(checked, ms, options.explain === true));
  }
  const { counts, worst } = tallyHistories(verdicts);
  const total = verdicts.length;
  if (options.json === true) {
    out.push(formatJsonLine({ summary: { histories: total, ...counts, worst, ms: Math.round(checkingMs * 100) / 100 } }));
  } else {
    const parts = [`${counts.ok} linearizable`, `${counts.illegal} not linearizable`, `${counts.unknown} unknown`, ...(counts.invalid > 0 ? [`${counts.invalid} invalid`] : [])];
    out.push(`${total} histor${total === 1 ? "y" : "ies"}: ${parts.join(", ")} (${Math.round(checkingMs)} ms checking)`);
  }
  const stderr = counts.invalid === 0 ? "" : `${counts.invalid} of ${total} histor${total === 1 ? "y" : "ies"} could not be read or parsed (the lines marked invalid say why)\n`;
  return { exitCode: EXIT_CODE[worst], stdout: `${out.join("\n")}\n`, stderr };
}

/** A history file to check, or why a path named none. */
interface Target {
  readonly path: string;
  readonly problem?: string;
}

/** The files the paths name, folders expanded to their `.jsonl` files by path (hidden entries skipped, symbolic links to folders not followed). */
function historyFiles(paths: readonly string[]): Target[] {
  const targets: Target[] = [];
  for (const path of paths) {
    let folder: boolean;
    try {
      folder = statSync(path).isDirectory();
    } catch {
      // Not there or unreadable: readInputText says which.
      targets.push({ path });
      continue;
    }
    if (!folder) {
      targets.push({ path });
      continue;
    }
    const found = jsonlFilesUnder(path);
    if (found.length === 0) targets.push({ path, problem: `${path} is a folder with no .jsonl history files` });
    for (const file of found) targets.push({ path: file });
  }
  return targets;
}

function jsonlFilesUnder(folder: string): string[] {
  const files: string[] = [];
  const entries = readdirSync(folder, { withFileTypes: true }).filter((entry) => !entry.name.startsWith("."));
  // Code-unit order, not the locale's: the same listing on every machine.
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...jsonlFilesUnder(path));
    else if (entry.name.endsWith(".jsonl")) files.push(path);
  }
  return files;
}

function textLines(checked: CheckedHistory, ms: number, explain: boolean): string {
  if (!checked.ok) {
    const shown = checked.errors.slice(0, 3).map((error) => `  ${formatHistoryError(error)}`);
    const more = checked.errors.length > 3 ? `\n  ... and ${checked.errors.length - 3} more` : "";
    return `${colors.red(WORD.invalid)}: ${terminalSafe(checked.name)} is not a valid history:\n${terminalSafe(shown.join("\n"))}${more}`;
  }
  const { result } = checked;
  const word = result.verdict === "ok" ? colors.green(WORD.ok) : result.verdict === "illegal" ? colors.red(WORD.illegal) : colors.yellow(WORD.unknown);
  const head = `${word}: ${terminalSafe(checked.name)} (${checked.model} model, ${checked.operations.length} operations, ${ms} ms, ${result.steps} search steps)`;
  if (result.verdict === "unknown") return `${head}: ${result.reason}`;
  if (result.verdict === "ok" || !explain) return head;
  // The description quotes values from the file: terminal-safe.
  return `${head}\n${terminalSafe(describe(checked))}`;
}

function jsonLine(checked: CheckedHistory, ms: number, explain: boolean): string {
  if (!checked.ok) return formatJsonLine({ file: checked.name, verdict: "invalid", errors: checked.errors });
  const { result } = checked;
  const body = {
    file: checked.name,
    model: checked.model,
    verdict: result.verdict,
    ops: checked.operations.length,
    ms,
    steps: result.steps,
    ...(result.verdict === "unknown" ? { limit: result.limit, reason: result.reason } : {}),
    ...(result.verdict === "illegal" && explain ? { witness: result.witness, description: describe(checked) } : {}),
  };
  return formatJsonLine(body);
}

function describe(checked: Extract<CheckedHistory<BuiltInModelName>, { ok: true }>): string {
  return describeResult(checked.result as LinearizabilityResult<unknown, unknown, unknown>, builtInModels[checked.model] as Model<unknown, unknown, unknown>);
}
