import type { ShrinkStats } from "@cx/search";
import type { Violation } from "@cx/sim";
import { formatChoices } from "@cx/viz";
import type { ReplayCommands } from "./replay-commands.js";

/** How the failing schedule was come by: a hunt and a shrink, or a saved file replayed. */
export type FailureOrigin =
  | { readonly kind: "hunt"; readonly trials: number; readonly budget: number; readonly strategy: string; readonly seed: number; readonly shrink: ShrinkStats }
  | { readonly kind: "replay"; readonly path: string };

/** Everything the failure message says. */
export interface FailureReport {
  readonly violation: Violation;
  /** The protocol and its defects, `raft+vote_twice_in_term`. */
  readonly target: string;
  readonly origin: FailureOrigin;
  /** The rendered story of the replayed run. */
  readonly story: string;
  readonly choices: readonly number[];
  /** Where the reproduction is, as the person types it. */
  readonly reproPath: string;
  readonly commands: ReplayCommands;
}

/**
 * The error a failing schedule property throws: its message has the
 * violation, how it was found and shrunk, the numbered story of the
 * shrunk run, the choices, and the commands that replay it.
 *
 * When to use: catch it (in a test of your own tooling) to read the
 * structured fields instead of parsing the message.
 *
 * @example
 * ```ts
 * const verdict = runScheduleProperty(plugin, spec);
 * if (!verdict.passed) verdict.failure.violation.invariant; // "ElectionSafety"
 * ```
 */
export class ScheduleFailure extends Error {
  override readonly name = "ScheduleFailure";
  readonly violation: Violation;
  readonly reproPath: string;
  readonly choices: readonly number[];
  readonly commands: ReplayCommands;

  constructor(report: FailureReport) {
    super(failureMessage(report));
    this.violation = report.violation;
    this.reproPath = report.reproPath;
    this.choices = report.choices;
    this.commands = report.commands;
  }
}

function shrinkLine(stats: ShrinkStats): string {
  const seconds = `${((stats.ms ?? 0) / 1000).toFixed(1)} s`;
  const stop = stats.converged ? "converged" : stats.stoppedBy === "candidate-budget" ? "stopped at the shrink budget (raise shrinkBudget for a smaller one)" : `stopped: ${stats.stoppedBy}`;
  return `Shrunk from ${stats.decisionsBefore} to ${stats.decisionsAfter} decisions (${stats.nonZeroAfter} non-zero) in ${seconds}: ${stats.candidateRuns} candidate runs, ${stop}.`;
}

/** The failure message, violation first (vitest shows the first line in its summary). */
export function failureMessage(report: FailureReport): string {
  const { violation, origin } = report;
  const lines = [`${violation.invariant}: ${violation.message.split("\n")[0] ?? ""}`, ""];
  if (origin.kind === "hunt") {
    lines.push(`${report.target} broke ${violation.invariant} in run ${origin.trials} of ${origin.budget} (${origin.strategy}, seed ${origin.seed}).`, shrinkLine(origin.shrink));
  } else {
    lines.push(`Replayed ${origin.path} (${report.target}, ${report.choices.length} decisions): it still fails.`);
  }
  lines.push("", report.story, "", `Choices: ${formatChoices(report.choices)}`, "");
  lines.push(origin.kind === "hunt" ? `Saved to ${report.reproPath}. Replay it with:` : "Replay it again with:");
  lines.push(`  ${report.commands.vitest}`, `  ${report.commands.cli}`);
  return lines.join("\n");
}
