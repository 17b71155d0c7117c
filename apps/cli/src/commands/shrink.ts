import { performance } from "node:perf_hooks";
import { createRaftTarget } from "@cx/raft";
import { DEFAULT_CANDIDATE_RUNS_MAX, serializeRepro, shrink, type PassStats, type ShrinkStop } from "@cx/search";
import type { Command } from "commander";
import { ExitCode } from "../exit-codes.js";
import { printJson, wantsProgress } from "../output.js";
import { positiveInteger } from "../parse-flags.js";
import { createProgress } from "../progress.js";
import { loadRepro, saveRepro } from "../repro-file.js";
import { UserError } from "../user-error.js";

/** What `cx shrink --json` prints. */
export interface ShrinkReport {
  readonly file: string;
  readonly invariant: string;
  readonly decisionsBefore: number;
  readonly decisionsAfter: number;
  readonly nonZeroAfter: number;
  readonly candidateRuns: number;
  readonly shrinkMs: number;
  readonly converged: boolean;
  /** Why it stopped: "time-budget" means the wall-clock cap bit (the result then depends on the machine). */
  readonly stoppedBy: ShrinkStop;
  readonly candidateRunsMax: number;
  /** Per pass: candidates tried, accepted, target runs spent. */
  readonly passes: readonly PassStats[];
  readonly rewritten: boolean;
}

/** Shrinks a saved reproduction further and rewrites it in place (atomically) when it got smaller. */
export function runShrinkFile(options: { readonly file: string; readonly runs?: number; readonly seconds: number; readonly json: boolean }): { exitCode: number; report: ShrinkReport; text: string } {
  const { repro, bugs, options: scenario } = loadRepro(options.file);
  const target = createRaftTarget({ bugs, options: scenario });
  const progress = createProgress(wantsProgress(options.json));
  progress.start(1, "shrinking");
  let bestLength = repro.choices.length;
  const result = shrink({
    target,
    choices: repro.choices,
    violation: repro.violation,
    clock: () => performance.now(),
    candidateRunsMax: options.runs ?? DEFAULT_CANDIDATE_RUNS_MAX,
    timeBudgetMs: options.seconds * 1000,
    onProgress: (p) => {
      progress.update(0, `${p.decisions} decisions (${p.nonZero} non-zero), ${p.candidateRuns} runs`);
      // Every improvement goes to disk at once: interrupting the shrink loses nothing.
      if (p.best.length < bestLength) {
        bestLength = p.best.length;
        saveRepro(options.file, serializeRepro({ ...repro, choices: [...p.best] }));
      }
    },
  });
  progress.stop();
  if (!result.reproduced) {
    throw new UserError(`${options.file}: its choices do not reproduce ${repro.violation.invariant} with this cx; run cx replay ${options.file} to see what happens instead`);
  }
  const { stats } = result;
  const violation = result.outcome.violation ?? repro.violation;
  const rewritten = stats.decisionsAfter < stats.decisionsBefore || stats.nonZeroAfter < stats.nonZeroBefore || result.choices.join() !== repro.choices.join();
  if (rewritten) {
    saveRepro(
      options.file,
      serializeRepro({
        ...repro,
        choices: result.choices,
        violation: { invariant: violation.invariant, message: violation.message },
        metadata: {
          ...repro.metadata,
          shrink: { decisionsBefore: stats.decisionsBefore, decisionsAfter: stats.decisionsAfter, nonZeroAfter: stats.nonZeroAfter, candidateRuns: stats.candidateRuns, ms: stats.ms, converged: stats.converged, rounds: stats.rounds },
        },
      }),
    );
  }
  const report: ShrinkReport = {
    file: options.file,
    invariant: violation.invariant,
    decisionsBefore: stats.decisionsBefore,
    decisionsAfter: stats.decisionsAfter,
    nonZeroAfter: stats.nonZeroAfter,
    candidateRuns: stats.candidateRuns,
    shrinkMs: Math.round(stats.ms ?? 0),
    converged: stats.converged,
    stoppedBy: stats.stoppedBy,
    candidateRunsMax: stats.candidateRunsMax,
    passes: stats.passes,
    rewritten,
  };
  const text = `${violation.invariant}: ${stats.decisionsBefore} -> ${stats.decisionsAfter} decisions (${stats.nonZeroAfter} non-zero), ${stats.candidateRuns} candidate runs, ${((stats.ms ?? 0) / 1000).toFixed(1)} s, ${stats.converged ? "converged" : `stopped: ${stats.stoppedBy}`}; ${rewritten ? `rewrote ${options.file}` : "already minimal, file unchanged"}.${stats.stoppedBy === "time-budget" ? ` The --seconds cap bit before the run budget (${stats.candidateRunsMax} runs): this result depends on the machine's speed.` : ""}`;
  return { exitCode: ExitCode.ok, report, text };
}

export function registerShrinkCommand(program: Command): void {
  program
    .command("shrink")
    .description("shrink a saved reproduction further, in place (atomically)")
    .argument("<file>", "a reproduction file written by cx hunt")
    .option("--runs <n>", "budget, in candidate runs", positiveInteger("--runs"), DEFAULT_CANDIDATE_RUNS_MAX)
    .option("--seconds <s>", "outer wall-clock cap (the output says when it bit)", positiveInteger("--seconds"), 120)
    .option("--json", "print one JSON object instead of text", false)
    .action((file: string, flags: { runs: number; seconds: number; json: boolean }) => {
      const { exitCode, report, text } = runShrinkFile({ file, runs: flags.runs, seconds: flags.seconds, json: flags.json });
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
