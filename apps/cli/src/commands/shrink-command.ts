import type { Command } from "commander";
import { printJson } from "../output.js";
import { positiveInteger } from "../parse-flags.js";
import { protocolOption } from "../protocol-option.js";
import { DEFAULT_SHRINK_RUNS } from "./hunt-defaults.js";

/** `cx shrink FILE [--protocol X] [--runs N] [--seconds S] [--json]`. */
export function registerShrinkCommand(program: Command): void {
  program
    .command("shrink")
    .description("shrink a saved reproduction further, in place (atomically)")
    .argument("<file>", "a reproduction file written by cx hunt")
    .addOption(protocolOption(undefined).default(undefined, "the protocol the file names, if built in"))
    .option("--runs <n>", "budget, in candidate runs", positiveInteger("--runs"), DEFAULT_SHRINK_RUNS)
    .option("--seconds <s>", "outer wall-clock cap (the output says when it bit)", positiveInteger("--seconds"), 120)
    .option("--json", "print one JSON object instead of text", false)
    .action(async (file: string, flags: { runs: number; seconds: number; json: boolean; protocol?: string }) => {
      const { runShrinkFile } = await import("./shrink.js");
      const { exitCode, report, text } = await runShrinkFile({ file, runs: flags.runs, seconds: flags.seconds, json: flags.json, ...(flags.protocol === undefined ? {} : { protocol: flags.protocol }) });
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
