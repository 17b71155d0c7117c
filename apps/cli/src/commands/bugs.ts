import type { ProtocolDefect } from "@cx/sim";
import type { LoadedProtocol } from "@cx/protocols";
import type { Command } from "commander";
import { ExitCode } from "../exit-codes.js";
import { colors, printJson } from "../output.js";
import { protocolOption, resolveProtocol } from "../protocol-option.js";

/** What `cx bugs --json` prints: the protocol and its seeded defects. */
export interface BugsReport {
  readonly protocol: string;
  readonly version: string;
  readonly bugs: readonly ProtocolDefect[];
}

/** Lists a protocol's seeded defects: for `--json`, the report; for people, a short text per defect. */
export function runBugs(loaded: LoadedProtocol): { exitCode: ExitCode; report: BugsReport; text: string } {
  const { plugin } = loaded;
  const width = Math.max(0, ...plugin.defects.map((b) => b.name.length));
  const lines = plugin.defects.flatMap((bug) => [`${colors.bold(bug.name.padEnd(width))}  caught by ${colors.cyan(bug.caughtBy)}`, `${" ".repeat(width + 2)}${bug.mistake}`]);
  const count = plugin.defects.length;
  const text = [`${count} seeded defect${count === 1 ? "" : "s"} in ${plugin.name} ${plugin.version} (enable with --bugs a,b):`, "", ...lines].join("\n");
  return { exitCode: ExitCode.ok, report: { protocol: plugin.name, version: plugin.version, bugs: plugin.defects }, text };
}

/** `cx bugs [--protocol X] [--json]`. */
export function registerBugsCommand(program: Command): void {
  program
    .command("bugs")
    .description("list a protocol's seeded defects: name, the mistake, the property expected to catch it")
    .addOption(protocolOption())
    .option("--json", "print one JSON object instead of text", false)
    .action(async (flags: { protocol: string; json: boolean }) => {
      const { exitCode, report, text } = runBugs(await resolveProtocol(flags.protocol));
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
