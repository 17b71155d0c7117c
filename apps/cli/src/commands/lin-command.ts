import type { Command } from "commander";
import { positiveInteger } from "../parse-flags.js";
import { UserError } from "../user-error.js";
import type { LinOptions } from "./lin.js";

/** Registers `cx lin FILE [--model register|kv] [--json] [--budget N] [--timeout MS] [--html OUT]`. */
export function registerLinCommand(program: Command): void {
  program
    .command("lin")
    .description("Check whether a JSON-lines history is linearizable (exit 0 yes, 1 no, 3 unknown, 2 bad input).")
    .argument("<file>", "history file, one operation per line")
    .option("--model <model>", "register or kv (default: inferred from the operations)", (value: string): "register" | "kv" => {
      if (value !== "register" && value !== "kv") throw new UserError(`--model must be register or kv, got "${value}"`);
      return value;
    })
    .option("--json", "print one JSON object", false)
    .option("--budget <steps>", "search steps before answering unknown", positiveInteger("--budget"))
    .option("--timeout <ms>", "wall-clock milliseconds before answering unknown (the verdict says which limit stopped it)", positiveInteger("--timeout"))
    .option("--html <file>", "also write a self-contained page of the history: a row per client, the longest linearizable prefix, the operation that cannot be placed", (value: string): string => {
      if (value.trim() === "" || value.startsWith("-")) throw new UserError(`--html expects the file to write, such as history.html; got "${value}"`);
      return value;
    })
    .action(async (file: string, options: LinOptions) => {
      const { runLin } = await import("./lin.js");
      const outcome = runLin(file, options);
      process.stdout.write(outcome.stdout);
      process.exitCode = outcome.exitCode;
    });
}
