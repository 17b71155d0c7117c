import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import type { LoadedProtocol } from "@cx/protocols";
import { hunt, huntInBatches, serializeRepro, shrink, type HuntResult, type Outcome, type Repro, type StrategyName, type Target } from "@cx/search";
import { huntScenarioOverrides, ReplayedChoices, type ScenarioOptions } from "@cx/sim";
import { formatChoices } from "@cx/viz";
import { ExitCode } from "../exit-codes.js";
import { colors, wantsProgress } from "../output.js";
import { createProgress } from "../progress.js";
import { cxCommand } from "../invocation.js";
import { checkDistinctPaths } from "../output-paths.js";
import { protocolFlagFor, protocolInput } from "../protocol-option.js";
import { checkSaveTarget, describeSave, ReproSaver } from "../save-target.js";
import { storyFigures, storyText, tell } from "../story-output.js";
import { displayPath, MESSAGE_MAX } from "../terminal-safe.js";
import { startHuntWorkers } from "../parallel/worker-pool.js";
import { cxVersion } from "../version.js";

/**
 * What a new hunt runs and records: the protocol's scenario with
 * `huntScenarioOverrides` over it (the run's horizon drawn from the choices,
 * so shrinking can cut the idle tail; a swarm profile with the nemesis; the
 * clients' steady cadence; a 4 s fault phase), and the user's `--scenario`
 * settings over both.
 */
export function huntScenario(protocol: LoadedProtocol, settings: Partial<ScenarioOptions> = {}): ScenarioOptions {
  return { ...protocol.plugin.scenario, ...huntScenarioOverrides, ...settings };
}

export interface HuntCommandOptions {
  /** The protocol to hunt (from `resolveProtocol`). */
  readonly protocol: LoadedProtocol;
  /** What the user wrote for `--protocol`, for the replay command printed at the end. */
  readonly protocolRef?: string;
  readonly bugs: string[];
  /** `--scenario` settings over the hunt's scenario (checked against the options' bounds). */
  readonly scenario?: Partial<ScenarioOptions>;
  readonly strategy: StrategyName;
  readonly budget: number;
  readonly seed: number;
  readonly save: string;
  /** The shrinker's budget in candidate runs (what shapes the result). */
  readonly shrinkRuns: number;
  /** An outer wall-clock cap on shrinking; the output says when it bit. */
  readonly shrinkSeconds: number;
  readonly json: boolean;
  readonly svg?: string;
  /**
   * Worker threads for the search (absent: the sequential hunt on this
   * thread). With workers the hunt runs in fixed batches and reports the
   * violation of the lowest trial index, so any number gives the same answer.
   */
  readonly workers?: number;
}

/** What `cx hunt --json` prints. */
export interface HuntReport {
  readonly found: boolean;
  /** The protocol's short name (`raft`, `paxos`, or a plug-in's own). */
  readonly protocol: string;
  readonly bugs: readonly string[];
  readonly strategy: StrategyName;
  readonly seed: number;
  readonly budget: number;
  readonly trials: number;
  /** Worker threads the search ran on (0: the sequential hunt). */
  readonly workers: number;
  readonly elapsedMs: number;
  readonly violation: { readonly invariant: string; readonly message: string; readonly time: number; readonly step: number } | null;
  readonly saved: string | null;
  /** Why the reproduction could not be written to --save (it went to `saved`, a fallback, or is in `unsavedRepro`), or null. */
  readonly saveError: string | null;
  /** The reproduction itself, only when it could be written nowhere. */
  readonly unsavedRepro?: Repro;
  readonly decisionsBefore: number | null;
  readonly decisionsAfter: number | null;
  readonly nonZeroAfter: number | null;
  readonly candidateRuns: number | null;
  readonly shrinkMs: number | null;
  readonly converged: boolean | null;
  /** Why shrinking stopped ("time-budget": the wall-clock cap bit, so the result depends on the machine). */
  readonly shrinkStoppedBy: string | null;
  readonly replayed: boolean | null;
  /** Every step of the story counted (before the display cap), and how many `story` shows. */
  readonly storySteps: number | null;
  readonly storyStepsShown: number | null;
  readonly story: readonly string[];
  readonly choices: readonly number[] | null;
}

function reproOf(options: HuntCommandOptions, choices: readonly number[], violation: { invariant: string; message: string }): Repro {
  return {
    formatVersion: 1,
    cxVersion,
    protocol: options.protocol.plugin.name,
    bugs: options.bugs,
    scenario: { ...huntScenario(options.protocol, options.scenario) },
    choices: [...choices],
    violation: { invariant: violation.invariant, message: violation.message },
  };
}

/** The hunt itself: in this process, or on `--workers` worker threads in batches (the same result for the same seed). */
async function search(options: HuntCommandOptions, on: { target: Target<Outcome>; scenario: ScenarioOptions; onTrial: (t: { trial: number; coverage: number }) => void }): Promise<HuntResult<Outcome>> {
  const workers = options.workers ?? 0;
  const { strategy, budget, seed } = options;
  if (workers === 0) {
    // The runs whose coverage the strategy never reads (random search's) leave the probes out: the same runs, less work.
    const bareTarget = options.protocol.plugin.createTarget({ defects: options.bugs, options: on.scenario, coverage: false });
    return hunt({ target: on.target, bareTarget, strategy, budget, seed, onTrial: on.onTrial });
  }
  const pool = startHuntWorkers(workers, { module: options.protocol.module, protocolName: options.protocol.plugin.name, defects: options.bugs, scenario: on.scenario });
  try {
    return await huntInBatches({ strategy, budget, seed, runBatch: (specs, coverage) => pool.runBatch(specs, coverage), onTrial: on.onTrial });
  } finally {
    await pool.close();
  }
}

/**
 * Refuses, before anything runs, a `--save` or `--svg` that names the same
 * file as the other or as the `--protocol` module, then creates or refuses
 * each output's folder. The hunt command calls it before loading the
 * protocol; `runHunt` again for callers that skip the command.
 */
export function checkHuntPaths(options: { readonly save: string; readonly svg?: string; readonly protocolRef?: string }): void {
  checkDistinctPaths([
    ...protocolInput(options.protocolRef),
    { flag: "--save", path: options.save, role: "output" },
    ...(options.svg === undefined ? [] : [{ flag: "--svg", path: options.svg, role: "output" as const }]),
  ]);
  checkSaveTarget(options.save, "--save");
  if (options.svg !== undefined) checkSaveTarget(options.svg, "--svg", "diagram.svg");
}

/**
 * Hunts, and on the first violation saves the reproduction at once, shrinks
 * it (rewriting the file whenever it gets smaller), replays it and tells
 * its story.
 */
export async function runHunt(options: HuntCommandOptions): Promise<{ exitCode: number; report: HuntReport; text: string }> {
  const started = performance.now();
  const { plugin } = options.protocol;
  const scenario = huntScenario(options.protocol, options.scenario);
  const target = plugin.createTarget({ defects: options.bugs, options: scenario });
  const progress = createProgress(wantsProgress(options.json));
  const lines: string[] = [];
  const say = (line = "") => lines.push(line);
  const savePath = resolve(options.save);
  // Before the search: a failure found after minutes must have somewhere to go, and never over the diagram or the protocol.
  checkHuntPaths(options);
  const saver = new ReproSaver(savePath);
  let latest = "";
  // Every save goes through the saver: a failed write falls back instead of losing the failure.
  const saveRepro = (_path: string, text: string): void => {
    latest = text;
    saver.save(text);
  };

  progress.start(options.budget, `hunting ${target.name}`);
  // Runs whose coverage no strategy reads (random's, sparse's) leave the probes out and count none: nothing to show then.
  const onTrial = (t: { trial: number; coverage: number }): void => progress.update(t.trial, t.coverage > 0 ? `coverage ${t.coverage}` : "");
  const workers = options.workers ?? 0;
  const found = await search(options, { target, scenario, onTrial });
  progress.stop();

  const base = { protocol: plugin.name, bugs: options.bugs, strategy: options.strategy, seed: options.seed, budget: options.budget, trials: found.trials, workers };
  if (!found.found) {
    const report: HuntReport = {
      ...base, found: false, elapsedMs: Math.round(performance.now() - started), violation: null, saved: null, saveError: null, decisionsBefore: null, decisionsAfter: null,
      nonZeroAfter: null, candidateRuns: null, shrinkMs: null, converged: null, shrinkStoppedBy: null, replayed: null, storySteps: null, storyStepsShown: null, story: [], choices: null,
    };
    say(`No violation in ${found.trials} runs of ${target.name} (${options.strategy}, seed ${options.seed}).`);
    return { exitCode: ExitCode.ok, report, text: lines.join("\n") };
  }

  const violation = found.outcome.violation ?? { invariant: "unknown", message: "" };
  // Saved before shrinking: whatever happens next, the failure is on disk.
  saveRepro(savePath, serializeRepro({ ...reproOf(options, found.choices, violation), metadata: { found: { strategy: options.strategy, seed: options.seed, trials: found.trials } } }));

  progress.start(1, "shrinking");
  let savedLength = found.choices.length;
  let savedChoices = found.choices.join();
  const shrunk = shrink({
    // A shrink never reads coverage: its target leaves the probes out.
    target: plugin.createTarget({ defects: options.bugs, options: scenario, coverage: false }),
    choices: found.choices,
    violation,
    clock: () => performance.now(),
    candidateRunsMax: options.shrinkRuns,
    timeBudgetMs: options.shrinkSeconds * 1000,
    onProgress: (p) => {
      progress.update(0, `${p.decisions} decisions (${p.nonZero} non-zero), ${p.candidateRuns} runs`);
      // Every improvement goes to disk at once: interrupting the shrink loses nothing.
      if (p.best.length < savedLength || (p.best.length === savedLength && p.best.join() !== savedChoices)) {
        savedLength = p.best.length;
        savedChoices = p.best.join();
        saveRepro(savePath, serializeRepro({ ...reproOf(options, p.best, violation), metadata: { found: { strategy: options.strategy, seed: options.seed, trials: found.trials } } }));
      }
    },
  });
  progress.stop();
  const stats = shrunk.stats;
  const replay = plugin.run({ defects: options.bugs, choices: new ReplayedChoices(shrunk.choices), options: scenario, recordTrace: true });
  const replayed = replay.violation?.invariant === violation.invariant;
  const finalViolation = replay.violation ?? { ...violation, time: 0, step: 0 };
  saveRepro(
    savePath,
    serializeRepro({
      ...reproOf(options, shrunk.choices, finalViolation),
      metadata: {
        found: { strategy: options.strategy, seed: options.seed, trials: found.trials },
        shrink: { decisionsBefore: stats.decisionsBefore, decisionsAfter: stats.decisionsAfter, nonZeroAfter: stats.nonZeroAfter, candidateRuns: stats.candidateRuns, ms: stats.ms, converged: stats.converged, rounds: stats.rounds },
      },
    }),
  );
  const story = tell(replay, options.svg);

  say(colors.bold(colors.red(`${finalViolation.invariant} violated`)) + ` in ${target.name}, found after ${found.trials} runs (${options.strategy}, seed ${options.seed}).`);
  say(`  ${displayPath(finalViolation.message, MESSAGE_MAX)}`);
  say();
  say(`Shrunk ${stats.decisionsBefore} decisions to ${stats.decisionsAfter} (${stats.nonZeroAfter} non-zero) in ${((stats.ms ?? 0) / 1000).toFixed(1)} s, ${stats.candidateRuns} candidate runs, ${stats.converged ? "converged" : `stopped: ${stats.stoppedBy}`}.`);
  if (stats.stoppedBy === "time-budget") say(`The --shrink-seconds cap (${options.shrinkSeconds} s) bit before the run budget: this result depends on the machine's speed; raise the cap for the deterministic one.`);
  say(`Replay of the minimal counterexample: ${replayed ? "same violation" : colors.red("DID NOT REPRODUCE")}.`);
  say();
  say(storyText(story));
  say();
  say(`Choices: ${formatChoices(shrunk.choices)}`);
  const saved = describeSave(saver.state(), savePath, latest);
  if (saved.failed) for (const line of saved.lines) say(line);
  else say(`Saved to ${displayPath(options.save)}; replay with: ${cxCommand(["replay", options.save, ...protocolFlagFor(options.protocol, options.protocolRef ?? plugin.name)])}`);
  if (options.svg !== undefined) say(`Diagram: ${displayPath(resolve(options.svg))}`);

  const report: HuntReport = {
    ...base,
    found: true,
    elapsedMs: Math.round(performance.now() - started),
    violation: { invariant: finalViolation.invariant, message: finalViolation.message, time: finalViolation.time, step: finalViolation.step },
    saved: saver.state().savedTo,
    saveError: saver.state().failure,
    ...(saver.state().savedTo === null ? { unsavedRepro: JSON.parse(latest) as Repro } : {}),
    decisionsBefore: stats.decisionsBefore,
    decisionsAfter: stats.decisionsAfter,
    nonZeroAfter: stats.nonZeroAfter,
    candidateRuns: stats.candidateRuns,
    shrinkMs: stats.ms === null ? null : Math.round(stats.ms),
    converged: stats.converged,
    shrinkStoppedBy: stats.stoppedBy,
    replayed,
    ...storyFigures(story),
    story: story.steps.map((s) => s.text),
    choices: shrunk.choices,
  };
  return { exitCode: saved.failed ? ExitCode.saveFailed : ExitCode.violation, report, text: lines.join("\n") };
}
