import { builtInModels, type BuiltInModelName } from "@cx/check";
import type { Command } from "commander";
import { statSync } from "node:fs";
import { positiveInteger } from "../parse-flags.js";
import { clip } from "../terminal-safe.js";
import { UserError } from "../user-error.js";
import type { LinBatchOptions } from "./lin-batch.js";

const MODEL_NAMES = Object.keys(builtInModels) as BuiltInModelName[];
const isModelName = (value: string): value is BuiltInModelName => (MODEL_NAMES as string[]).includes(value);

/** Registers `cx lin FILE... [--model register|kv|set|queue|counter|lock] [--json] [--budget N] [--timeout MS] [--html OUT] [--explain]`. */
export function registerLinCommand(program: Command): void {
  program
    .command("lin")
    .description(
      "Check whether JSON-lines histories are linearizable (exit 0 yes, 1 no, 3 unknown, 2 bad input). Several files or a folder (its .jsonl files, subfolders too) are checked in one process: a line per file, a summary, and the worst verdict's exit code (2, then 1, then 3, then 0).",
    )
    .argument("<files...>", "history files, one operation per line, or folders of them")
    .option("--model <model>", `${MODEL_NAMES.join(", ")} (default: register or kv, inferred from the operations)`, (value: string): BuiltInModelName => {
      if (!isModelName(value)) throw new UserError(`--model must be one of ${MODEL_NAMES.join(", ")}, got ${JSON.stringify(clip(value))}`);
      return value;
    })
    .option("--json", "print one JSON object", false)
    .option("--budget <steps>", "search steps before answering unknown", positiveInteger("--budget"))
    .option("--timeout <ms>", "wall-clock milliseconds before answering unknown (the verdict says which limit stopped it)", positiveInteger("--timeout"))
    .option("--html <file>", "also write a self-contained page of the history: a row per client, the longest linearizable prefix, the operation that cannot be placed", (value: string): string => {
      if (value.trim() === "" || value.startsWith("-")) throw new UserError(`--html expects the file to write, such as history.html; got "${value}"`);
      return value;
    })
    .option("--explain", "with several files or a folder: also explain each history that is not linearizable (the prefix, the blocked operations, the suspects, which cost further checks); one file is always explained", false)
    .action(async (files: string[], options: LinBatchOptions) => {
      const [file] = files;
      // One file keeps the one-history output (the explanation, --html, one pretty JSON document).
      const single = files.length === 1 && file !== undefined && !isFolder(file);
      // One history is always explained: --explain only matters for several.
      const { explain: _always, ...one } = options;
      const outcome: { readonly exitCode: number; readonly stdout: string; readonly stderr?: string } = single ? (await import("./lin.js")).runLin(file, one) : (await import("./lin-batch.js")).runLinBatch(files, options);
      process.stdout.write(outcome.stdout);
      if (outcome.stderr !== undefined && outcome.stderr !== "") process.stderr.write(outcome.stderr);
      process.exitCode = outcome.exitCode;
    });
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
