import { raftBugs, type RaftBug } from "@cx/raft";
import type { Command } from "commander";
import { ExitCode } from "../exit-codes.js";
import { colors, printJson } from "../output.js";

/** What `cx bugs` reports: the eight seeded defects. */
export interface BugsReport {
  readonly bugs: readonly RaftBug[];
}

/** Lists the seeded defects: for `--json`, the report; for people, a short text per defect. */
export function runBugs(): { exitCode: ExitCode; report: BugsReport; text: string } {
  const width = Math.max(...raftBugs.map((b) => b.name.length));
  const lines = raftBugs.flatMap((bug) => [`${colors.bold(bug.name.padEnd(width))}  caught by ${colors.cyan(bug.caughtBy)}`, `${" ".repeat(width + 2)}${bug.mistake}`]);
  const text = [`${raftBugs.length} seeded defects in @cx/raft (enable with --bugs a,b):`, "", ...lines].join("\n");
  return { exitCode: ExitCode.ok, report: { bugs: raftBugs }, text };
}

/** `cx bugs [--json]`. */
export function registerBugsCommand(program: Command): void {
  program
    .command("bugs")
    .description("list the eight seeded Raft defects: name, the mistake, the property expected to catch it")
    .option("--json", "print one JSON object instead of text", false)
    .action((flags: { json: boolean }) => {
      const { exitCode, report, text } = runBugs();
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
