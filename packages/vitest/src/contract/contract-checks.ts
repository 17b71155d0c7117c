import { checkSnapshot, type SafetyMonitor } from "@cx/check";
import { GeneratedChoices, hashTrace, type ClusterView, type Monitor, type ProtocolPlugin, type RunResult } from "@cx/sim";
import { traceHashes } from "./trace-hashes.js";

const SHOW_MAX = 5;

/** At most five problems, then how many more: a failure message stays readable. */
export function firstProblems(problems: readonly string[]): string {
  const more = problems.length > SHOW_MAX ? `\n… and ${problems.length - SHOW_MAX} more` : "";
  return problems.slice(0, SHOW_MAX).join("\n") + more;
}

/**
 * What keeps a run from being healthy, as the run itself shows it: a
 * violation (safety, linearizability, or liveness: no progress in the calm
 * phase), a calm phase never reached, no client operation at all, or one
 * that was never answered.
 *
 * @example
 * ```ts
 * healthProblems(plugin.run({ choices: new ReplayedChoices([]) })); // [] for a healthy protocol
 * ```
 */
export function healthProblems(run: RunResult<unknown, unknown>): string[] {
  const problems: string[] = [];
  if (run.violation !== null) problems.push(`${run.violation.invariant} violated at t=${run.violation.time}: ${run.violation.message}`);
  if (run.calmStartedAt === null) problems.push("the calm phase was never reached");
  if (run.history.length === 0) problems.push("no client operation was made");
  const unanswered = run.history.filter((op) => op.return === null);
  if (unanswered.length > 0) {
    const first = unanswered[0];
    problems.push(`${unanswered.length} of ${run.history.length} client operations were never answered (the first: client ${first?.client}'s ${JSON.stringify(first?.input)} called at t=${first?.call})`);
  }
  return problems;
}

/**
 * How two runs that should be one differ: trace, violation, choices consumed, client history, counters.
 *
 * @example
 * ```ts
 * const first = plugin.run({ choices: new GeneratedChoices(7), recordTrace: true });
 * runDifferences(first, plugin.run({ choices: new ReplayedChoices(first.choices), recordTrace: true })); // []
 * ```
 */
export function runDifferences(a: RunResult<unknown, unknown>, b: RunResult<unknown, unknown>): string[] {
  const differences: string[] = [];
  if (hashTrace(a.trace) !== hashTrace(b.trace)) differences.push(`the traces differ (${a.trace.length} and ${b.trace.length} events)`);
  if (JSON.stringify(a.violation) !== JSON.stringify(b.violation)) differences.push(`the violations differ: ${JSON.stringify(a.violation)} and ${JSON.stringify(b.violation)}`);
  if (a.choices.join() !== b.choices.join()) differences.push(`the choices consumed differ (${a.choices.length} and ${b.choices.length} decisions)`);
  if (JSON.stringify(a.history) !== JSON.stringify(b.history)) differences.push("the client histories differ");
  if (JSON.stringify(a.counters) !== JSON.stringify(b.counters)) differences.push(`the counters differ: ${JSON.stringify(a.counters)} and ${JSON.stringify(b.counters)}`);
  return differences;
}

const isSafety = (value: unknown): value is SafetyMonitor =>
  typeof value === "object" && value !== null && typeof (value as SafetyMonitor).log === "function" && typeof (value as SafetyMonitor).committed === "function";

/**
 * The safety monitor (with its mirror of each log) among a plug-in's monitors: @cx/check's replica monitor exposes it as `safety`.
 *
 * @example
 * ```ts
 * findSafetyMonitor(plugin.monitors?.() ?? [])?.log(0); // s0's log as the observations describe it
 * ```
 */
export function findSafetyMonitor(monitors: readonly Monitor<unknown, unknown, unknown>[]): SafetyMonitor | undefined {
  for (const monitor of monitors) {
    const safety = (monitor as { readonly safety?: unknown }).safety;
    if (isSafety(safety)) return safety;
  }
  return undefined;
}

const logText = (log: readonly { readonly term: number; readonly id: string }[]): string => `[${log.map((e) => `${e.term}:${e.id}`).join(", ")}]`;

/**
 * Runs one generated schedule with the plug-in's own monitors plus a
 * probe that, every `stride` steps and at the end, compares the safety
 * monitor's mirror of each log with the replica's real log (the plug-in's
 * `replicaViews`) and runs @cx/check's snapshot invariants on the real
 * states. Returns what disagreed.
 *
 * Gotchas: needs `plugin.replicaViews` and `plugin.monitors`, and a monitor
 * with a `safety` mirror; says so when one is missing.
 *
 * @example
 * ```ts
 * mirrorProblems(protocolPlugin, { seed: 1, stride: 7 }); // [] when the observations describe the real logs
 * ```
 */
export function mirrorProblems(plugin: ProtocolPlugin, spec: { readonly seed: number; readonly stride: number }): string[] {
  const views = plugin.replicaViews;
  if (views === undefined) return [`${plugin.name}'s plug-in shows no replicas: give defineProtocolPlugin a replicaViews(cluster) (or pass { mirror: false })`];
  const own = plugin.monitors?.();
  if (own === undefined) return [`${plugin.name}'s plug-in hands out no monitors: build it with defineProtocolPlugin`];
  const safety = findSafetyMonitor(own);
  if (safety === undefined) return [`none of ${plugin.name}'s monitors has a safety mirror (@cx/check's createReplicaMonitor exposes one as \`safety\`)`];
  const problems: string[] = [];
  let compared = 0;
  const compare = (cluster: ClusterView<unknown>, when: string): undefined => {
    compared++;
    const replicas = views(cluster);
    for (const view of replicas) {
      // A crashed node has no log to compare until it restarts (a protocol may keep its log in volatile memory).
      if (!cluster.isUp(view.node)) continue;
      const mirrored = logText(safety.log(view.node));
      const real = logText(view.log);
      if (mirrored !== real) problems.push(`seed ${spec.seed}, ${when}: s${view.node}'s log is ${real} but the monitor's mirror is ${mirrored}`);
    }
    const broken = checkSnapshot(replicas, safety.committed());
    if (broken !== undefined) problems.push(`seed ${spec.seed}, ${when}: the snapshot invariants fail on the real states: ${broken.invariant}: ${broken.message}`);
    return undefined;
  };
  const probe: Monitor<unknown, unknown, unknown> = {
    afterStep: (cluster) => (cluster.step % spec.stride === 0 ? compare(cluster, `step ${cluster.step}`) : undefined),
    finish: (run) => compare(run.cluster, "at the end"),
  };
  const run = plugin.run({ choices: new GeneratedChoices(spec.seed), monitors: [...own, probe] });
  if (run.violation !== null) problems.push(`seed ${spec.seed}: ${run.violation.invariant} violated: ${run.violation.message}`);
  if (compared === 0) problems.push(`seed ${spec.seed}: the plug-in's run ignored the monitors it was given (run must honour PluginRunSpec.monitors)`);
  return problems;
}

/**
 * The seeds whose generated run has the same trace as an earlier seed's
 * (empty when every seed's trace differs): a plug-in that draws nothing from
 * the choices, or ignores what it draws, passes every determinism check and
 * gives the search nothing to steer, and this is how that shows.
 *
 * @example
 * ```ts
 * repeatedTraces(plugin, [1, 2, 3]); // [] for a plug-in whose runs depend on their choices
 * ```
 */
export function repeatedTraces(plugin: ProtocolPlugin, seeds: readonly number[]): number[] {
  const hashes = traceHashes(plugin, { seeds, defects: [] });
  return seeds.filter((_, i) => hashes.indexOf(hashes[i] as string) !== i);
}
