import { runRaft } from "@cx/raft";
import { ReplayedChoices } from "@cx/sim";
import type { Command } from "commander";
import { ExitCode } from "../exit-codes.js";
import { colors, printJson } from "../output.js";
import { loadRepro } from "../repro-file.js";
import { checkSaveTarget } from "../save-target.js";
import { storyText, tell } from "../story-output.js";
import { terminalSafe } from "../terminal-safe.js";

/** What `cx replay --json` prints. */
export interface ReplayReport {
  readonly file: string;
  /** The recorded violation happened again (same invariant). */
  readonly reproduced: boolean;
  /** ... and with the very same message. */
  readonly sameMessage: boolean;
  readonly expected: { readonly invariant: string; readonly message: string };
  readonly violation: { readonly invariant: string; readonly message: string; readonly time: number; readonly step: number } | null;
  readonly decisions: number;
  readonly story: readonly string[];
}

/** Re-runs a saved reproduction and says whether its violation happened again. */
export function runReplay(options: { readonly file: string; readonly svg?: string }): { exitCode: number; report: ReplayReport; text: string } {
  const { repro, bugs, options: scenario } = loadRepro(options.file);
  if (options.svg !== undefined) checkSaveTarget(options.svg, "--svg");
  const run = runRaft({ bugs, choices: new ReplayedChoices(repro.choices), options: scenario, recordTrace: true });
  const reproduced = run.violation?.invariant === repro.violation.invariant;
  const sameMessage = reproduced && run.violation?.message === repro.violation.message;
  const story = tell(run, options.svg);
  const report: ReplayReport = {
    file: options.file,
    reproduced,
    sameMessage,
    expected: repro.violation,
    violation: run.violation === null ? null : { invariant: run.violation.invariant, message: run.violation.message, time: run.violation.time, step: run.violation.step },
    decisions: repro.choices.length,
    story: story.steps.map((s) => s.text),
  };
  const verdict = reproduced
    ? colors.green(`Reproduced: ${terminalSafe(repro.violation.invariant)}${sameMessage ? "" : " (with a different message)"}`)
    : colors.red(`NOT reproduced: expected ${terminalSafe(repro.violation.invariant)}, got ${run.violation === null ? "no violation" : run.violation.invariant}`);
  const text = [verdict, `  expected: ${terminalSafe(repro.violation.message)}`, ...(run.violation === null ? [] : [`  got:      ${run.violation.message}`]), "", storyText(story)].join("\n");
  return { exitCode: reproduced ? ExitCode.ok : ExitCode.violation, report, text };
}

export function registerReplayCommand(program: Command): void {
  program
    .command("replay")
    .description("re-run a saved reproduction; exit 1 if its violation does not happen again")
    .argument("<file>", "a reproduction file written by cx hunt")
    .option("--svg <file>", "also write the run's space-time diagram")
    .option("--json", "print one JSON object instead of text", false)
    .action((file: string, flags: { svg?: string; json: boolean }) => {
      const { exitCode, report, text } = runReplay({ file, ...(flags.svg === undefined ? {} : { svg: flags.svg }) });
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
