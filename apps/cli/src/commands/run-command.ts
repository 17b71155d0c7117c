import type { Command } from "commander";
import { UserError } from "../user-error.js";
import { printJson } from "../output.js";
import { seedValue } from "../parse-flags.js";
import { protocolOption, resolveProtocol } from "../protocol-option.js";

/** `cx run [--protocol X] [--bugs a,b] [--seed N] [--choices FILE] [--json]`. */
export function registerRunCommand(program: Command): void {
  program
    .command("run")
    .description("run a protocol once, from a seed or a saved choice list, and check every property")
    .addOption(protocolOption())
    .option("--bugs <names>", 'defects to switch on, comma-separated (see "cx bugs"), or "none"', "none")
    .option("--seed <n>", "seed of the generated choices", seedValue("--seed"), 1)
    .option("--choices <file>", "replay a JSON array of non-negative integers instead ([] is the all-zeros run)")
    .option("--json", "print one JSON object instead of text", false)
    .action(async (flags: { protocol: string; bugs: string; seed: number; choices?: string; json: boolean }, command: Command) => {
      // A seed given with --choices would be silently ignored: the run would not be the one asked for.
      if (flags.choices !== undefined && command.getOptionValueSource("seed") === "cli") {
        throw new UserError("--seed and --choices contradict each other: --choices replays the file's choices, so no seed is drawn; give one or the other");
      }
      const { runRun } = await import("./run.js");
      const protocol = await resolveProtocol(flags.protocol);
      const { exitCode, report, text } = runRun({ protocol, bugs: flags.bugs, seed: flags.seed, ...(flags.choices === undefined ? {} : { choices: flags.choices }) });
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
