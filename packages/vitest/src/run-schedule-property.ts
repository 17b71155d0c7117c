import { dirname, isAbsolute, relative, resolve } from "node:path";
import { hunt, serializeRepro, type Repro } from "@cx/search";
import { ReplayedChoices, type ProtocolPlugin, type RunResult, type ScenarioOptions } from "@cx/sim";
import { renderStory, tellStory } from "@cx/viz";
import { replayCommands } from "./replay-commands.js";
import { loadRepro } from "./repro/load-repro.js";
import { reproPathFor } from "./repro/repro-path.js";
import { writeFileAtomic } from "./repro/write-file-atomic.js";
import type { ResolvedScheduleOptions } from "./schedule-options.js";
import { ScheduleFailure, type FailureOrigin } from "./schedule-failure.js";
import { shrinkCounterexample } from "./shrink-counterexample.js";
import { vitestVersion } from "./version.js";

/** The test a property runs in: its file and its full name (describe blocks first, joined by spaces). */
export interface ScheduleTestIdentity {
  readonly file: string;
  readonly name: string;
}

/** Where the property runs: the working directory (paths in messages are relative to it) and `CX_REPLAY`. */
export interface ScheduleEnvironment {
  readonly cwd: string;
  readonly replay?: string | undefined;
}

/** A property that held: a sentence saying what was checked (or that a saved schedule no longer fails). */
export interface SchedulePassed {
  readonly passed: true;
  readonly note: string;
}

/** A property that broke: the error to fail the test with. */
export interface ScheduleBroken {
  readonly passed: false;
  readonly failure: ScheduleFailure;
}

/** What {@link runScheduleProperty} found. */
export type ScheduleVerdict = SchedulePassed | ScheduleBroken;

interface Context {
  readonly plugin: ProtocolPlugin;
  readonly options: ResolvedScheduleOptions;
  readonly test: ScheduleTestIdentity;
  readonly env: ScheduleEnvironment;
}

const shown = (ctx: Context, path: string): string => {
  const rel = relative(ctx.env.cwd, path);
  return rel === "" ? "." : rel;
};

function replayRecorded(ctx: Context, spec: { readonly defects: readonly string[]; readonly scenario: Partial<ScenarioOptions>; readonly choices: readonly number[] }): RunResult<unknown, unknown> {
  return ctx.plugin.run({ defects: spec.defects, choices: new ReplayedChoices(spec.choices), options: spec.scenario, recordTrace: true });
}

interface BrokenSpec {
  readonly run: RunResult<unknown, unknown>;
  /** The saved (trimmed) choices: the run consumed these and zeros after them. */
  readonly choices: readonly number[];
  readonly defects: readonly string[];
  readonly origin: FailureOrigin;
  readonly reproPath: string;
}

function broken(ctx: Context, spec: BrokenSpec): ScheduleBroken {
  const { run } = spec;
  if (run.violation === null) throw new Error("broken() needs a run with a violation");
  const reproPath = shown(ctx, spec.reproPath);
  const commands = replayCommands({ reproPath, testFile: shown(ctx, ctx.test.file), testName: ctx.test.name, protocol: ctx.plugin.name });
  const target = ctx.plugin.createTarget({ defects: spec.defects }).name;
  const story = renderStory(tellStory(run));
  return { passed: false, failure: new ScheduleFailure({ violation: run.violation, target, origin: spec.origin, story, choices: spec.choices, reproPath, commands }) };
}

function replaySaved(ctx: Context, path: string): ScheduleVerdict {
  const { repro, defects, scenario } = loadRepro(path, ctx.plugin);
  const run = replayRecorded(ctx, { defects, scenario, choices: repro.choices });
  if (run.violation === null) {
    return { passed: true, note: `${shown(ctx, path)} no longer fails: replayed, no violation (it broke ${repro.violation.invariant} when saved)` };
  }
  return broken(ctx, { run, choices: repro.choices, defects, origin: { kind: "replay", path: shown(ctx, path) }, reproPath: path });
}

function search(ctx: Context): ScheduleVerdict {
  const { plugin, options } = ctx;
  const target = plugin.createTarget({ defects: options.defects, options: options.scenario });
  const found = hunt({ target, strategy: options.strategy, budget: options.budget, seed: options.seed });
  if (!found.found || found.outcome.violation === null) {
    return { passed: true, note: `no violation in ${found.trials} runs of ${target.name} (${options.strategy}, seed ${options.seed})` };
  }
  const invariant = found.outcome.violation.invariant;
  // A shrink never reads coverage: its target leaves the probes out.
  const shrinkTarget = plugin.createTarget({ defects: options.defects, options: options.scenario, coverage: false });
  const shrunk = shrinkCounterexample(shrinkTarget, found.choices, { invariant, candidateRuns: options.shrinkBudget });
  const run = replayRecorded(ctx, { defects: options.defects, scenario: options.scenario, choices: shrunk.choices });
  // The shrinker guarantees the same invariant breaks on replay; if a protocol is not deterministic it will not.
  if (run.violation === null) throw new Error(`${target.name} is not deterministic: the shrunk schedule broke ${invariant} during the shrink but not when replayed`);
  const scenario = { ...plugin.scenario, ...options.scenario };
  const repro: Repro = {
    formatVersion: 1,
    cxVersion: vitestVersion,
    protocol: plugin.name,
    bugs: [...options.defects],
    scenario: scenario as unknown as Repro["scenario"],
    choices: shrunk.choices,
    violation: { invariant: run.violation.invariant, message: run.violation.message },
    metadata: {
      found: { strategy: options.strategy, seed: options.seed, trials: found.trials },
      shrink: {
        decisionsBefore: shrunk.stats.decisionsBefore,
        decisionsAfter: shrunk.stats.decisionsAfter,
        nonZeroAfter: shrunk.stats.nonZeroAfter,
        candidateRuns: shrunk.stats.candidateRuns,
        ms: shrunk.stats.ms === null ? null : Math.round(shrunk.stats.ms),
        converged: shrunk.stats.converged,
        rounds: shrunk.stats.rounds,
      },
    },
  };
  const reproPath = reproPathFor({ testDir: dirname(ctx.test.file), saveTo: options.saveTo, testName: ctx.test.name });
  writeFileAtomic(reproPath, serializeRepro(repro));
  const origin: FailureOrigin = { kind: "hunt", trials: found.trials, budget: options.budget, strategy: options.strategy, seed: options.seed, shrink: shrunk.stats };
  return broken(ctx, { run, choices: shrunk.choices, defects: options.defects, origin, reproPath });
}

/**
 * The property without vitest: hunt the plug-in's target within the budget
 * (or replay a saved schedule), and on a violation shrink it, save the
 * reproduction and build the failure. {@link scheduleProperty} is this plus
 * vitest's test context.
 *
 * Gotchas: throws (rather than returning a verdict) on a reproduction file
 * that cannot be replayed with this plug-in: a mistake to fix, not a
 * property that broke.
 *
 * @example
 * ```ts
 * const verdict = runScheduleProperty(protocolPlugin, {
 *   options: resolveScheduleOptions(protocolPlugin, { defects: ["vote_twice_in_term"] }),
 *   test: { file: "/repo/test/raft.test.ts", name: "one leader per term" },
 *   env: { cwd: "/repo" },
 * });
 * if (!verdict.passed) console.log(verdict.failure.commands.vitest);
 * ```
 */
export function runScheduleProperty(plugin: ProtocolPlugin, spec: { readonly options: ResolvedScheduleOptions; readonly test: ScheduleTestIdentity; readonly env: ScheduleEnvironment }): ScheduleVerdict {
  const ctx: Context = { plugin, options: spec.options, test: spec.test, env: spec.env };
  const fromOption = spec.options.replay === undefined ? undefined : isAbsolute(spec.options.replay) ? spec.options.replay : resolve(dirname(spec.test.file), spec.options.replay);
  const fromEnv = spec.env.replay === undefined || spec.env.replay === "" ? undefined : resolve(spec.env.cwd, spec.env.replay);
  const replay = fromOption ?? fromEnv;
  return replay === undefined ? search(ctx) : replaySaved(ctx, replay);
}
