import type { Command } from "commander";
import { printJson } from "../output.js";
import { protocolOption, resolveProtocol } from "../protocol-option.js";

/** `cx bugs [--protocol X] [--json]`. The command's work is imported when it runs, so `cx --help` stays fast. */
export function registerBugsCommand(program: Command): void {
  program
    .command("bugs")
    .description("list a protocol's seeded defects: name, the mistake, the property expected to catch it")
    .addOption(protocolOption())
    .option("--json", "print one JSON object instead of text", false)
    .action(async (flags: { protocol: string; json: boolean }) => {
      const { runBugs } = await import("./bugs.js");
      const { exitCode, report, text } = runBugs(await resolveProtocol(flags.protocol));
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
