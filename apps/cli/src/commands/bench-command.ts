import { InvalidArgumentError, type Command } from "commander";
import { printJson } from "../output.js";
import { clampWorkers, nonNegativeInteger } from "../parse-flags.js";

/** commander's collector for a repeatable, comma-separated `--protocol`. */
export function collectProtocols(value: string, previous: string[] | undefined): string[] {
  const refs = value.split(",").map((r) => r.trim());
  if (refs.some((r) => r === "")) throw new InvalidArgumentError(`--protocol expects a protocol (a built-in name, a module file or a package name), got "${value}".`);
  return [...(previous ?? []), ...refs];
}

/** The flags `cx bench` and `cx campaign` share, as commander hands them over. */
export interface ExperimentFlags {
  readonly quick: boolean;
  readonly protocol?: string[];
  readonly workers?: number;
  readonly out?: string;
  readonly fresh: boolean;
  readonly keepGoing: boolean;
  readonly json: boolean;
}

/** Adds the experiment's flags (all but --workers, whose meaning differs) to `bench` or `campaign`. */
export function addExperimentFlags(command: Command): Command {
  return command
    .option("--quick", "the reduced experiment (same shape, fewer seeds and smaller budgets; about a minute)", false)
    .option("--protocol <ref>", "cover only this protocol: a built-in name, a module file or a package name (repeatable or comma-separated; default: every built-in protocol)", collectProtocols)
    .option("--out <dir>", "folder for results.json and summary.md (default: results/ at the repository root)")
    .option("--fresh", "ignore tasks cached by an interrupted earlier run", false)
    .option("--keep-going", "go on after a failed trust run (the figures are then meaningless; the exit code stays 1)", false)
    .option("--json", "print one JSON object (headline and file paths) instead of text", false);
}

/** The experiment's flags as `runBench` takes them. */
export function experimentOptions(flags: ExperimentFlags) {
  return {
    quick: flags.quick,
    json: flags.json,
    fresh: flags.fresh,
    keepGoing: flags.keepGoing,
    ...(flags.protocol === undefined ? {} : { protocols: flags.protocol }),
    ...(flags.workers === undefined ? {} : { workers: clampWorkers(flags.workers, { flag: "--workers", say: (line) => process.stderr.write(line) }) ?? flags.workers }),
    ...(flags.out === undefined ? {} : { out: flags.out }),
  };
}

/** `cx bench [--quick] [--protocol REF]... [--workers N] [--json] [--out DIR] [--fresh] [--keep-going]`. */
export function registerBenchCommand(program: Command): void {
  addExperimentFlags(
    program
      .command("bench")
      .description("run the experiment on every protocol: trust run on the correct protocol, trials to first violation per defect and strategy, shrinks, performance"),
  )
    .option("--workers <n>", "worker threads (default: one per core; 0 runs on the main thread)", nonNegativeInteger("--workers"))
    .action(async (flags: ExperimentFlags) => {
      const { runBench } = await import("./bench.js");
      const { exitCode, report, text } = await runBench(experimentOptions(flags));
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
