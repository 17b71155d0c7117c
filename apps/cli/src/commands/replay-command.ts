import type { Command } from "commander";
import { printJson } from "../output.js";
import { protocolOption } from "../protocol-option.js";

/** `cx replay FILE [--protocol X] [--svg FILE] [--json]`. */
export function registerReplayCommand(program: Command): void {
  program
    .command("replay")
    .description("re-run a saved reproduction; exit 1 if its violation does not happen again")
    .argument("<file>", "a reproduction file written by cx hunt")
    .addOption(protocolOption(undefined).default(undefined, "the protocol the file names, if built in"))
    .option("--svg <file>", "also write the run's space-time diagram")
    .option("--json", "print one JSON object instead of text", false)
    .action(async (file: string, flags: { svg?: string; json: boolean; protocol?: string }) => {
      const { runReplay } = await import("./replay.js");
      const { exitCode, report, text } = await runReplay({ file, ...(flags.svg === undefined ? {} : { svg: flags.svg }), ...(flags.protocol === undefined ? {} : { protocol: flags.protocol }) });
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
