import type { Command } from "commander";
import { printJson } from "../output.js";

/** `cx protocols [--json]`. */
export function registerProtocolsCommand(program: Command): void {
  program
    .command("protocols")
    .description("list the built-in protocols")
    .option("--json", "print one JSON object instead of text", false)
    .action(async (flags: { json: boolean }) => {
      const { runProtocols } = await import("./protocols.js");
      const { exitCode, report, text } = runProtocols();
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
