import { performance } from "node:perf_hooks";
import { DEFAULT_CANDIDATE_RUNS_MAX, serializeRepro, shrink, type PassStats, type ShrinkStop } from "@cx/search";
import { ExitCode } from "../exit-codes.js";
import { wantsProgress } from "../output.js";
import { createProgress } from "../progress.js";
import { protocolForRepro } from "../protocol-option.js";
import { bindRepro, readRepro } from "../repro-file.js";
import { checkSaveTarget, describeSave, ReproSaver } from "../save-target.js";
import { cxCommand } from "../invocation.js";
import { displayPath, terminalSafe } from "../terminal-safe.js";
import { UserError } from "../user-error.js";

/** What `cx shrink --json` prints. */
export interface ShrinkReport {
  readonly file: string;
  readonly protocol: string;
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
  /** Why the file could not be rewritten (the shrunk reproduction went to `savedTo` instead), or null. */
  readonly saveError: string | null;
  /** Where the shrunk reproduction is: the file itself, a fallback, or null when nothing was rewritten (or nothing could be). */
  readonly savedTo: string | null;
}

/** Shrinks a saved reproduction further and rewrites it in place (atomically) when it got smaller. */
export async function runShrinkFile(options: {
  readonly file: string;
  readonly runs?: number;
  readonly seconds: number;
  readonly json: boolean;
  readonly protocol?: string;
}): Promise<{ exitCode: number; report: ShrinkReport; text: string }> {
  const read = readRepro(options.file);
  const { plugin } = await protocolForRepro(options.file, read.repro.protocol, options.protocol);
  const { repro, bugs, options: scenario } = bindRepro(options.file, read, plugin);
  checkSaveTarget(options.file, "the reproduction file");
  const saver = new ReproSaver(options.file);
  let latest = "";
  // Every rewrite goes through the saver: a failed write falls back instead of losing the shrunk failure.
  const saveRepro = (_path: string, text: string): void => {
    latest = text;
    saver.save(text);
  };
  const target = plugin.createTarget({ defects: bugs, options: scenario, coverage: false });
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
    throw new UserError(`${displayPath(options.file)}: its choices do not reproduce ${displayPath(repro.violation.invariant)} with this cx; run ${cxCommand(["replay", options.file])} to see what happens instead`);
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
    protocol: plugin.name,
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
    saveError: saver.state().failure,
    savedTo: saver.state().savedTo,
  };
  const saved = describeSave(saver.state(), options.file, latest);
  const capBit = stats.stoppedBy === "time-budget" ? ` The --seconds cap bit before the run budget (${stats.candidateRunsMax} runs): this result depends on the machine's speed.` : "";
  const head = `${terminalSafe(violation.invariant)}: ${stats.decisionsBefore} -> ${stats.decisionsAfter} decisions (${stats.nonZeroAfter} non-zero), ${stats.candidateRuns} candidate runs, ${((stats.ms ?? 0) / 1000).toFixed(1)} s, ${stats.converged ? "converged" : `stopped: ${stats.stoppedBy}`}; ${rewritten ? `rewrote ${displayPath(options.file)}` : "already minimal, file unchanged"}.${capBit}`;
  const text = [head, ...saved.lines].join("\n");
  return { exitCode: saved.failed ? ExitCode.saveFailed : ExitCode.ok, report, text };
}
