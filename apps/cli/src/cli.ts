import { Command, CommanderError } from "commander";
import { registerCommands } from "./commands/index.js";
import { ExitCode, exitCodeHelp } from "./exit-codes.js";
import { reportInternalError } from "./internal-error.js";
import { formatJson } from "./output.js";
import { cxCommand } from "./invocation.js";
import { clip, ECHO_MAX, terminalSafe } from "./terminal-safe.js";
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
    .exitOverride()
    // Usage errors are printed by runCli as one bounded line; commander's own copy (and its help hint on a second line) would double them.
    .configureOutput({ writeErr: (text) => process.stderr.write(terminalSafe(text)), outputError: () => undefined })
    .addHelpText("after", exitCodeHelp);
  registerCommands(program);
  return program;
}

/** The longest usage error cx prints: one line, whatever the input echoed in it. */
const ERROR_LINE_MAX = 1000;

/**
 * A usage error as one bounded line: the lines of a multi-line message
 * (a file's list of bad fields) joined with "; ", every quoted echo of the
 * user's input cut to `ECHO_MAX` characters, and the whole cut to
 * `ERROR_LINE_MAX`, each cut saying how much it left out.
 *
 * @example
 * ```ts
 * oneLine("bad.json is not valid:\n  choices[0]: expected a non-negative integer");
 * // "bad.json is not valid: choices[0]: expected a non-negative integer"
 * ```
 */
export function oneLine(message: string): string {
  const joined = message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .reduce((text, line) => (text === "" ? line : /[:;]$/.test(text) ? `${text} ${line}` : `${text}; ${line}`), "");
  // Quoted echoes first, so that the explanation after a huge value survives the overall cut.
  const echoesCut = joined.replace(/(["'])([^"'\n]{201,}?)\1/g, (_m, quote: string, inner: string) => `${quote}${clip(inner, ECHO_MAX)}${quote}`);
  return clip(echoesCut, ERROR_LINE_MAX);
}

/**
 * The simulator's errors that come from the user's input (scenario options,
 * run limits, the Node.js environment): recognised by their tags, the
 * simulator loaded only once something was thrown, so that a command that
 * needs no simulator (`cx lin`) does not load it at start.
 */
async function simulatorUsageError(error: unknown): Promise<Error | undefined> {
  // runCli never throws: an error the simulator cannot even load to recognise is an internal one.
  const sim = await import("@cx/sim").catch(() => undefined);
  if (sim === undefined) return undefined;
  return sim.isScenarioOptionsError(error) || sim.isRunLimitError(error) || sim.isNodeEnvironmentError(error) ? error : undefined;
}

/** Where to read the usage of the command that failed: `pnpm cx hunt --help`. */
function helpHint(args: readonly string[]): string {
  const command = args.find((a) => !a.startsWith("-"));
  const known = ["bugs", "protocols", "run", "hunt", "replay", "shrink", "lin", "bench", "campaign", "worker", "report", "new"];
  // `cx new protocol` is a command of a command: its own help is the one to read.
  const words = command === "new" && args.includes("protocol") ? ["new", "protocol"] : command !== undefined && known.includes(command) ? [command] : [];
  return `run ${cxCommand([...words, "--help"])} for usage`;
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
    if (json) process.stdout.write(`${formatJson({ error: { kind, exitCode, message: oneLine(message) } } satisfies JsonErrorReport)}\n`);
    return exitCode;
  };
  try {
    await createProgram().parseAsync([...args], { from: "user" });
    return Number(process.exitCode ?? ExitCode.ok);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; commander has printed the message.
      if (error.exitCode === 0) return ExitCode.ok;
      const message = error.message.replace(/^error: /, "");
      process.stderr.write(`cx: ${terminalSafe(oneLine(message))} (${helpHint(args)})\n`);
      return fail("usage", ExitCode.usage, message);
    }
    const usage = isUserError(error) ? error : await simulatorUsageError(error);
    if (usage !== undefined) {
      process.stderr.write(`cx: ${terminalSafe(oneLine(usage.message))}\n`);
      return fail("usage", ExitCode.usage, usage.message);
    }
    const code = reportInternalError(error, args, (text) => process.stderr.write(terminalSafe(text)));
    return fail("internal", code, error instanceof Error ? error.message : String(error));
  } finally {
    process.exitCode = before;
  }
}
