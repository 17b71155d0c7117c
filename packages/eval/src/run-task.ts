import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { checkLinearizability, kvModel, parseHistory, registerModel } from "@cx/check";
import { countNonZero, hunt, serializeRepro, shrink, type Target } from "@cx/search";
import { GeneratedChoices, hashText, isRunLimitError, ReplayedChoices, type ChoiceSource, type PluginTarget, type ProtocolPlugin, type RunResult, type ScenarioOptions } from "@cx/sim";
import { renderDiagram, renderStory, tellStory } from "@cx/viz";
import type { ProtocolRef } from "./experiment-protocol.js";
import { faultShape } from "./fault-shape.js";
import { passesWithout } from "./passes-without.js";
import type { Counterexample, ViolationRecord } from "./results.js";
import { type BatchOutput, type BatchTask, type CorpusOutput, type CorpusTask, type EvalTask, type HuntOutput, type HuntTask, type OutputOf, type ShrinkOutput, type ShrinkTask } from "./tasks.js";

/**
 * Runs one task of the experiment in the calling thread, on the plug-in
 * among `plugins` that the task names. Workers call it; so can a test or a
 * single-threaded run.
 *
 * When to use: through `createTaskPool` for the experiment; directly to
 * debug one cell.
 *
 * Gotchas: every field of the output except `ms` is a pure function of the
 * task (that is what makes results independent of the number of workers).
 * A task naming a protocol not in `plugins` throws.
 *
 * @example
 * ```ts
 * const out = runTask({ kind: "hunt", protocol: "raft", module: raftModule, bugs: ["vote_twice_in_term"], strategy: "random", seed: 1, budget: 300 }, [protocolPlugin]);
 * out.found; // true
 * ```
 */
export function runTask<T extends EvalTask>(task: T, plugins: readonly ProtocolPlugin[]): OutputOf<T> {
  switch (task.kind) {
    case "hunt":
      return runHuntTask(task, pluginFor(task, plugins)) as OutputOf<T>;
    case "shrink":
      return runShrinkTask(task, pluginFor(task, plugins)) as OutputOf<T>;
    case "corpus":
      return runCorpusTask(task) as OutputOf<T>;
    case "batch":
      return runBatchTask(task, pluginFor(task, plugins)) as OutputOf<T>;
    default:
      throw new Error(`unknown task kind ${JSON.stringify((task as { kind: unknown }).kind)}`);
  }
}

function pluginFor(ref: ProtocolRef, plugins: readonly ProtocolPlugin[]): ProtocolPlugin {
  const plugin = plugins.find((p) => p.name === ref.protocol);
  if (plugin === undefined) throw new Error(`task names protocol "${ref.protocol}" (${ref.module}), which is not loaded here (loaded: ${plugins.map((p) => p.name).join(", ") || "none"})`);
  return plugin;
}

function violationRecord(violation: { invariant: string; message: string; time: number; step: number } | null): ViolationRecord | null {
  return violation === null ? null : { invariant: violation.invariant, message: violation.message, time: violation.time, step: violation.step };
}

/** Counts the simulated events of every run a hunt makes on any of `inner`, and the distinct behaviours of those that record them. */
function countingTargets(...inner: readonly PluginTarget[]): { targets: Target<RunResult<unknown, unknown>>[]; events: () => number; behaviours: () => number } {
  let events = 0;
  const behaviours = new Set<number>();
  return {
    targets: inner.map((target) => ({
      run(source: ChoiceSource): RunResult<unknown, unknown> {
        const result = target.run(source);
        events += result.counters.events;
        if (result.behaviours !== undefined) for (const feature of result.behaviours) behaviours.add(feature);
        return result;
      },
    })),
    events: () => events,
    behaviours: () => behaviours.size,
  };
}

function runHuntTask(task: HuntTask, plugin: ProtocolPlugin): HuntOutput {
  const started = performance.now();
  const recording = task.feedback !== undefined;
  const create = (coverage: boolean) => plugin.createTarget({ defects: task.bugs, coverage, ...scenarioOf(plugin, task.scenario), ...(recording ? { behaviours: true } : {}) });
  // The runs whose coverage the strategy never reads leave the probes out, as `cx hunt`'s do (behaviours, when counted, are recorded apart).
  const { targets, events, behaviours } = countingTargets(create(true), create(false));
  const [target, bareTarget] = targets as [Target<RunResult<unknown, unknown>>, Target<RunResult<unknown, unknown>>];
  const result = hunt({ target, bareTarget, strategy: task.strategy, budget: task.budget, seed: task.seed, ...(task.feedback === undefined ? {} : { feedback: task.feedback }) });
  const ms = performance.now() - started;
  const base = { kind: "hunt" as const, seed: task.seed, budget: task.budget, trials: result.trials, events: events(), ms, ...(recording ? { behaviours: behaviours() } : {}) };
  if (!result.found) return { ...base, found: false, violation: null, decisions: null, choices: null };
  return { ...base, found: true, violation: violationRecord(result.outcome.violation), decisions: result.choices.length, choices: result.choices };
}

/** The one call into the shrinker (its options in one place), recording its progress at every improvement. */
function shrinkFailure(target: PluginTarget, task: ShrinkTask) {
  const progress: [number, number][] = [[0, task.choices.length]];
  const result = shrink({
    target,
    choices: task.choices,
    violation: { invariant: task.invariant },
    clock: () => performance.now(),
    maxCandidates: task.candidatesMax,
    ...passesWithout(task.without ?? []),
    onProgress: (p) => {
      const last = progress[progress.length - 1];
      if (last === undefined || p.decisions < last[1]) progress.push([p.candidateRuns, p.decisions]);
    },
  });
  const last = progress[progress.length - 1];
  if (last !== undefined && last[0] < result.stats.candidateRuns) progress.push([result.stats.candidateRuns, result.stats.decisionsAfter]);
  return { ...result, progress };
}

/** The options a task's runs get: the plug-in's scenario with the task's overrides, or nothing to say (the plug-in's own). */
function scenarioOf(plugin: ProtocolPlugin, scenario: Readonly<Record<string, number>> | undefined): { options?: ScenarioOptions } {
  return scenario === undefined ? {} : { options: { ...plugin.scenario, ...scenario } };
}

function runShrinkTask(task: ShrinkTask, plugin: ProtocolPlugin): ShrinkOutput {
  const bugs = [task.bug];
  const scenario = scenarioOf(plugin, task.scenario);
  const result = shrinkFailure(plugin.createTarget({ defects: bugs, coverage: false, ...scenario }), task);
  const { stats } = result;
  const replay = plugin.run({ defects: bugs, choices: new ReplayedChoices(result.choices), recordTrace: true, ...scenario });
  const expected = result.outcome.violation;
  const replayed = violationRecord(replay.violation);
  const replaysExactly =
    result.reproduced && expected !== null && replayed !== null && replayed.invariant === expected.invariant && replayed.message === expected.message;
  let counterexample: Counterexample | null = null;
  if (result.reproduced && replayed !== null) {
    counterexample = {
      bugs,
      choices: result.choices,
      violation: replayed,
      faultShape: faultShape(replay.trace, replay.violation?.time ?? replay.endTime),
      ...tellAndDraw(replay, task.storyStepsMax),
      repro: serializeRepro({
        formatVersion: 1,
        cxVersion: task.cxVersion,
        protocol: plugin.name,
        bugs,
        scenario: { ...(scenario.options ?? plugin.scenario) },
        choices: [...result.choices],
        violation: { invariant: replayed.invariant, message: replayed.message },
      }),
    };
  }
  return {
    kind: "shrink",
    reproduced: result.reproduced,
    decisionsBefore: stats.decisionsBefore,
    decisionsAfter: stats.decisionsAfter,
    nonZeroBefore: stats.nonZeroBefore,
    nonZeroAfter: countNonZero(result.choices),
    candidateRuns: stats.candidateRuns,
    converged: stats.converged,
    stoppedBy: stats.stoppedBy,
    ms: stats.ms ?? 0,
    replaysExactly,
    replayedViolation: replayed,
    counterexample,
    progress: result.progress,
    passes: stats.passes,
  };
}

/** The story and diagram of a replay; a renderer that throws costs the picture, not the experiment. */
function tellAndDraw(run: RunResult<unknown, unknown>, maxSteps: number): Pick<Counterexample, "storyHeadline" | "storySteps" | "storyStepsTotal" | "storyText" | "svg" | "renderError"> {
  try {
    const story = tellStory(run, { maxSteps });
    return {
      storyHeadline: story.headline,
      storySteps: story.steps.map((s) => ({ number: s.number, time: s.time, kind: s.kind, text: s.text })),
      storyStepsTotal: story.steps.length + story.stepsLeftOut,
      storyText: renderStory(story),
      svg: renderDiagram(run, { story }),
      renderError: null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { storyHeadline: "", storySteps: [], storyStepsTotal: 0, storyText: "", svg: "", renderError: `@cx/viz could not tell or draw this run: ${message}` };
  }
}

function runCorpusTask(task: CorpusTask): CorpusOutput {
  const parsed = parseHistory(readFileSync(task.path, "utf8"), { model: task.model });
  if (!parsed.ok) throw new Error(`${task.path}: not a valid history: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
  const options = { budgetSteps: task.budgetSteps };
  const started = performance.now();
  const result =
    parsed.model === "register" ? checkLinearizability(registerModel, parsed.operations, options) : checkLinearizability(kvModel, parsed.operations, options);
  const ms = performance.now() - started;
  return { kind: "corpus", verdict: result.verdict, steps: result.steps, ops: parsed.operations.length, ms };
}

function runBatchTask(task: BatchTask, plugin: ProtocolPlugin): BatchOutput {
  let events = 0;
  let violations = 0;
  const digests: string[] = [];
  for (let i = 0; i < task.runs; i++) {
    let result: RunResult<unknown, unknown>;
    try {
      result = plugin.run({ choices: new GeneratedChoices(task.firstSeed + i), ...scenarioOf(plugin, task.scenario) });
    } catch (error) {
      // A run a run limit stopped (a protocol whose messages never let up) still took its time: it counts, as a runaway.
      if (!isRunLimitError(error)) throw error;
      events += error.events;
      digests.push(`runaway:${error.limit}:${error.events}:${error.time}`);
      continue;
    }
    events += result.counters.events;
    if (result.violation !== null) violations++;
    digests.push(`${result.counters.events}:${result.counters.decisions}:${result.endTime}`);
  }
  return { kind: "batch", events, violations, digest: Number.parseInt(hashText(digests.join(";")), 16) };
}
