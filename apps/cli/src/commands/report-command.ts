import type { Command } from "commander";
import { printJson } from "../output.js";

/** `cx report [--results FILE] [--out DIR] [--json]`. */
export function registerReportCommand(program: Command): void {
  program
    .command("report")
    .description("turn results.json into a self-contained report.html and summary.md")
    .option("--results <file>", "the results file (default: results/results.json at the repository root)")
    .option("--out <dir>", "folder for report.html and summary.md (default: beside the results file)")
    .option("--json", "print one JSON object instead of text", false)
    .action(async (flags: { results?: string; out?: string; json: boolean }) => {
      const { runReport } = await import("./report.js");
      const { exitCode, report, text } = runReport({
        ...(flags.results === undefined ? {} : { results: flags.results }),
        ...(flags.out === undefined ? {} : { out: flags.out }),
      });
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
