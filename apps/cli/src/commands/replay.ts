import type { LoadedProtocol } from "@cx/protocols";
import { ReplayedChoices } from "@cx/sim";
import { ExitCode } from "../exit-codes.js";
import { colors } from "../output.js";
import { checkDistinctPaths } from "../output-paths.js";
import { protocolForRepro, protocolInput } from "../protocol-option.js";
import { bindRepro, readRepro } from "../repro-file.js";
import { checkSaveTarget } from "../save-target.js";
import { storyFigures, storyText, tell } from "../story-output.js";
import { displayPath, MESSAGE_MAX, terminalSafe } from "../terminal-safe.js";

/** What `cx replay --json` prints. */
export interface ReplayReport {
  readonly file: string;
  /** The protocol the file names (and that replayed it). */
  readonly protocol: string;
  /** The recorded violation happened again (same invariant). */
  readonly reproduced: boolean;
  /** ... and with the very same message. */
  readonly sameMessage: boolean;
  readonly expected: { readonly invariant: string; readonly message: string };
  readonly violation: { readonly invariant: string; readonly message: string; readonly time: number; readonly step: number } | null;
  readonly decisions: number;
  /** Every step of the story counted, and how many `story` shows. */
  readonly storySteps: number;
  readonly storyStepsShown: number;
  readonly story: readonly string[];
}

/**
 * Re-runs a saved reproduction and says whether its violation happened
 * again. The protocol is the one the file names (a built-in), or the one
 * given with `--protocol` (which must have that name).
 */
export async function runReplay(options: { readonly file: string; readonly svg?: string; readonly protocol?: string }): Promise<{ exitCode: number; report: ReplayReport; text: string }> {
  checkDistinctPaths([
    { flag: "the reproduction file", path: options.file, role: "input" },
    ...protocolInput(options.protocol),
    ...(options.svg === undefined ? [] : [{ flag: "--svg", path: options.svg, role: "output" as const }]),
  ]);
  if (options.svg !== undefined) checkSaveTarget(options.svg, "--svg", "diagram.svg");
  const read = readRepro(options.file);
  const loaded: LoadedProtocol = await protocolForRepro(options.file, read.repro.protocol, options.protocol);
  const { repro, bugs, options: scenario } = bindRepro(options.file, read, loaded.plugin);
  const run = loaded.plugin.run({ defects: bugs, choices: new ReplayedChoices(repro.choices), options: scenario, recordTrace: true });
  const reproduced = run.violation?.invariant === repro.violation.invariant;
  const sameMessage = reproduced && run.violation?.message === repro.violation.message;
  const story = tell(run, options.svg);
  const report: ReplayReport = {
    file: options.file,
    protocol: loaded.plugin.name,
    reproduced,
    sameMessage,
    expected: repro.violation,
    violation: run.violation === null ? null : { invariant: run.violation.invariant, message: run.violation.message, time: run.violation.time, step: run.violation.step },
    decisions: repro.choices.length,
    ...storyFigures(story),
    story: story.steps.map((s) => s.text),
  };
  const verdict = reproduced
    ? colors.green(`Reproduced: ${terminalSafe(repro.violation.invariant)}${sameMessage ? "" : " (with a different message)"}`)
    : colors.red(`NOT reproduced: expected ${terminalSafe(repro.violation.invariant)}, got ${run.violation === null ? "no violation" : run.violation.invariant}`);
  const text = [verdict, `  expected: ${displayPath(repro.violation.message, MESSAGE_MAX)}`, ...(run.violation === null ? [] : [`  got:      ${displayPath(run.violation.message, MESSAGE_MAX)}`]), "", storyText(story)].join("\n");
  return { exitCode: reproduced ? ExitCode.ok : ExitCode.violation, report, text };
}
