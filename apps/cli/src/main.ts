import { Command, CommanderError } from "commander";
import { ExitCode } from "./exit-codes.js";
import { isUserError } from "./user-error.js";
import { registerCommands } from "./commands/index.js";
import { cxVersion } from "./version.js";

const program = new Command()
  .name("cx")
  .version(cxVersion)
  .description("Hunt for the schedule of delays, drops, crashes and partitions that breaks a consensus protocol, then shrink it.")
  .showHelpAfterError("(run with --help for usage)")
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });

registerCommands(program);

async function main(): Promise<void> {
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit through here with code 0.
      process.exitCode = error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
      return;
    }
    if (isUserError(error)) {
      process.stderr.write(`cx: ${error.message}\n`);
      process.exitCode = ExitCode.usage;
      return;
    }
    throw error;
  }
}

await main();
