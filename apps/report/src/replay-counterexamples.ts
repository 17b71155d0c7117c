import type { ExperimentResults } from "@cx/eval";
import { ReplayedChoices, type ProtocolPlugin, type RunResult, type ScenarioOptions } from "@cx/sim";
import { tellStory, type Story } from "@cx/viz";

/** A counterexample replayed by this build: the recorded run and its story, to draw live. */
export interface ReplayedCounterexample {
  readonly run: RunResult<unknown, unknown>;
  readonly story: Story;
}

/** A counterexample this build could not replay to the same failure, and why (shown on the page). */
export interface UnreplayedCounterexample {
  readonly unavailable: string;
}

/** Replays by {@link counterexampleKey}. */
export type Replays = ReadonlyMap<string, ReplayedCounterexample | UnreplayedCounterexample>;

/**
 * The key of one counterexample in {@link Replays}: protocol and defect.
 *
 * @example
 * ```ts
 * replays.get(counterexampleKey("raft", "vote_twice_in_term"));
 * ```
 */
export function counterexampleKey(protocol: string, bug: string): string {
  return `${protocol}\u0000${bug}`;
}

/**
 * Replays every counterexample of a results file on the given plug-ins,
 * recording the trace, and keeps the runs that break the same invariant
 * with the same message as the results say.
 *
 * When to use: before rendering the report, so its diagrams are drawn by
 * this build from a run (inline, linked to the story) instead of taken from
 * the results file, whose SVG a reader cannot trust.
 *
 * Gotchas: a counterexample of a protocol not among `plugins`, or one this
 * build replays to another failure (the code changed since the results
 * were written), comes back as an {@link UnreplayedCounterexample} with its
 * reason; the report then shows the stored picture as an image.
 *
 * @example
 * ```ts
 * const replays = replayCounterexamples(results, builtinProtocols.map((p) => p.plugin));
 * ```
 */
export function replayCounterexamples(results: ExperimentResults, plugins: readonly ProtocolPlugin[]): Replays {
  const replays = new Map<string, ReplayedCounterexample | UnreplayedCounterexample>();
  for (const protocol of results.protocols) {
    const plugin = plugins.find((p) => p.name === protocol.name);
    for (const row of protocol.shrinks.rows) {
      const cx = row.counterexample;
      if (cx === null) continue;
      const key = counterexampleKey(protocol.name, row.bug);
      if (plugin === undefined) {
        replays.set(key, { unavailable: `protocol ${protocol.name} is not built into this cx, so it was not replayed` });
        continue;
      }
      replays.set(key, replayOne(plugin, cx, results.config.storyStepsMax));
    }
  }
  return replays;
}

function replayOne(
  plugin: ProtocolPlugin,
  cx: NonNullable<ExperimentResults["protocols"][number]["shrinks"]["rows"][number]["counterexample"]>,
  storyStepsMax: number,
): ReplayedCounterexample | UnreplayedCounterexample {
  let run: RunResult<unknown, unknown>;
  try {
    const scenario = recordedScenario(cx.repro);
    run = plugin.run({ defects: cx.bugs, choices: new ReplayedChoices(cx.choices), recordTrace: true, ...(scenario === undefined ? {} : { options: scenario }) });
  } catch (error) {
    return { unavailable: `replaying it failed (${error instanceof Error ? error.message : String(error)})` };
  }
  const v = run.violation;
  if (v === null || v.invariant !== cx.violation.invariant || v.message !== cx.violation.message) {
    return { unavailable: `this build of ${plugin.name} replays its choices to ${v === null ? "no violation" : `another failure (${v.invariant})`}: the code changed since the results were written` };
  }
  try {
    return { run, story: tellStory(run, { maxSteps: storyStepsMax }) };
  } catch (error) {
    return { unavailable: `its story could not be told (${error instanceof Error ? error.message : String(error)})` };
  }
}

/**
 * The scenario the counterexample was found and shrunk in, from its repro
 * (a hunt's drawn horizon and swarm profile differ from the protocol's
 * defaults); undefined when the repro names none. The plug-in checks the
 * options' ranges when it runs them.
 */
function recordedScenario(repro: string): Partial<ScenarioOptions> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(repro);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const scenario = (parsed as { scenario?: unknown }).scenario;
  return typeof scenario === "object" && scenario !== null && !Array.isArray(scenario) ? (scenario as Partial<ScenarioOptions>) : undefined;
}
