import { isRunLimitError, isScenarioOptionsError } from "@cx/sim";
import { Command, CommanderError } from "commander";
import { registerCommands } from "./commands/index.js";
import { ExitCode, exitCodeHelp } from "./exit-codes.js";
import { reportInternalError } from "./internal-error.js";
import { formatJson } from "./output.js";
import { terminalSafe } from "./terminal-safe.js";
import { isUserError } from "./user-error.js";
import { cxVersion } from "./version.js";

/** What `--json` prints on stdout when a command could not run. */
export interface JsonErrorReport {
  readonly error: { readonly kind: "usage" | "internal"; readonly exitCode: number; readonly message: string };
}

function createProgram(): Command {
  const program = new Command()
    .name("cx")
    .version(cxVersion)
    .description("Hunt for the schedule of delays, drops, crashes and partitions that breaks a consensus protocol, then shrink it.")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(terminalSafe(text)) })
    .addHelpText("after", exitCodeHelp);
  registerCommands(program);
  return program;
}

/**
 * Runs `cx` with the given arguments (without `node` and the script) and
 * returns its exit code; it never throws. Bad input is exit 2 with one
 * message on stderr (and, under --json, a JSON error object on stdout);
 * anything unexpected is exit 70 with one line on stderr (see
 * `reportInternalError`). Tests call it in-process.
 *
 * @example
 * ```ts
 * process.exitCode = await runCli(process.argv.slice(2));
 * ```
 */
export async function runCli(args: readonly string[]): Promise<number> {
  const json = args.includes("--json");
  const before = process.exitCode;
  process.exitCode = undefined;
  const fail = (kind: "usage" | "internal", exitCode: number, message: string): number => {
    if (json) process.stdout.write(`${formatJson({ error: { kind, exitCode, message } } satisfies JsonErrorReport)}\n`);
    return exitCode;
  };
  try {
    await createProgram().parseAsync([...args], { from: "user" });
    return Number(process.exitCode ?? ExitCode.ok);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; commander has printed the message.
      return error.exitCode === 0 ? ExitCode.ok : fail("usage", ExitCode.usage, error.message.replace(/^error: /, ""));
    }
    if (isUserError(error) || isScenarioOptionsError(error) || isRunLimitError(error)) {
      process.stderr.write(`cx: ${terminalSafe(error.message)}\n`);
      return fail("usage", ExitCode.usage, error.message);
    }
    const code = reportInternalError(error, args, (text) => process.stderr.write(terminalSafe(text)));
    return fail("internal", code, error instanceof Error ? error.message : String(error));
  } finally {
    process.exitCode = before;
  }
}
