import type { ChoiceSource } from "../choices/choice-source.js";
import type { Workload } from "../clients/workload.js";
import type { Protocol, ProtocolNode } from "../protocol.js";
import { clientCadence } from "../world/client-cadence.js";
import { drawClockProfile } from "../world/clock-profile.js";
import type { ClusterView } from "../world/cluster-view.js";
import { drawFaultProfile } from "../world/fault-profile.js";
import type { Monitor } from "../world/monitor.js";
import { drawSwarmProfile, withoutOmittedFaults } from "../world/swarm-profile.js";
import { World } from "../world/world.js";
import { BehaviourRecorder } from "../world/behaviours.js";
import { createCoverageRecorder, type AbstractStateProbe } from "./coverage-recorder.js";
import { drawHorizon } from "./horizon.js";
import { defaultScenarioOptions, type ScenarioOptions } from "./options.js";
import type { RunResult } from "./run-result.js";
import { defaultRunLimits, type RunLimits } from "./run-limits.js";
import { ScenarioOptionsError, validateScenarioOptions } from "./scenario-bounds.js";

/** Everything one run needs. Only `choices` is nondeterministic, and it is a list of integers. */
export interface ScenarioSpec<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>> {
  readonly protocol: Protocol<Message, Input, Output, Persistent, Node>;
  readonly workload: Workload<Input>;
  readonly choices: ChoiceSource;
  /** Overrides of {@link defaultScenarioOptions}. */
  readonly options?: Partial<ScenarioOptions>;
  readonly monitors?: readonly Monitor<Node, Input, Output>[];
  /** The protocol side's coverage probe: maps a cluster state to an opaque feature, or to several (one per aspect of the state). */
  readonly coverage?: (cluster: ClusterView<Node>) => number | readonly number[];
  /**
   * The protocol's abstract state (optional): a tuple of small integers per
   * sampled cluster state (at every fault tick, on entering the calm phase
   * and at the end). Each distinct state becomes a coverage feature
   * alongside `coverage`'s.
   */
  readonly abstractState?: AbstractStateProbe<Node>;
  /** Record the full trace (for stories, diagrams, determinism hashes). Off for speed in search. */
  readonly recordTrace?: boolean;
  /**
   * Record the run's causal behaviours (see `BehaviourRecorder`): features
   * of what each node handled after what, knowing nothing of the protocol,
   * returned as `behaviours` and `behavioursAt`. Off by default; a search
   * that wants protocol-neutral feedback turns it on.
   */
  readonly behaviours?: boolean;
  /** Overrides of {@link defaultRunLimits}: caps that end a runaway run with a `RunLimitError`. */
  readonly limits?: Partial<RunLimits>;
}

/**
 * Runs one scenario: draw the cluster size (0 means 3, otherwise 5), the
 * fault profile, when `options.drawnHorizon` is 1 the horizon (see
 * `drawHorizon`), when `options.swarm` is 1 or 2 the swarm profile (see
 * `drawSwarmProfile`) and when `options.clockDriftPpm` or
 * `options.clockJumps` asks for them the nodes' clocks (see
 * `drawClockProfile`); run the fault phase, then the calm phase (network healed,
 * crashed nodes restarted, no new faults), with monitors after every step
 * and at the end.
 *
 * Gotchas: throws a `ScenarioOptionsError` when an option is outside
 * `scenarioOptionRanges`, and a `RunLimitError` when the run hits one of its
 * `limits` (too many events, too late, or a clock that stopped advancing).
 *
 * @example
 * ```ts
 * const result = runScenario({ protocol, workload: registerWorkload, choices: new ReplayedChoices([]) });
 * result.violation; // null: the all-zeros run is a healthy run
 * ```
 */
export function runScenario<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>>(
  spec: ScenarioSpec<Message, Input, Output, Persistent, Node>,
): RunResult<Input, Output> {
  const checked = validateScenarioOptions({ ...defaultScenarioOptions, ...spec.options });
  if (!checked.ok) throw new ScenarioOptionsError(checked.errors);
  const options: ScenarioOptions = checked.value;
  const { choices } = spec;
  choices.startSpan("cluster size");
  const drawnSize = choices.draw(2, "cluster size") === 0 ? 3 : 5;
  choices.endSpan();
  const clusterSize = options.clusterSize ?? drawnSize;
  const drawnProfile = drawFaultProfile(choices);
  // The horizon is drawn only when the options ask for it: files saved before keep their layout.
  const timing = drawHorizon(choices, options);
  // So is the swarm profile (nothing drawn without the option).
  const swarm = drawSwarmProfile(choices, options.swarm);
  const profile = withoutOmittedFaults(drawnProfile, swarm);
  // And so are the nodes' clocks (nothing drawn without `clockDriftPpm` or `clockJumps`).
  const clocks = drawClockProfile(choices, options, clusterSize);
  const recorder = createCoverageRecorder(spec.coverage, spec.abstractState, choices);
  const behaviours = spec.behaviours === true ? new BehaviourRecorder(clusterSize, choices) : undefined;
  const world = new World<Message, Input, Output, Persistent, Node>({
    protocol: spec.protocol,
    workload: spec.workload,
    choices,
    options: timing,
    cadence: clientCadence(options, timing),
    clusterSize,
    profile,
    swarm,
    clocks,
    monitors: spec.monitors ?? [],
    coverage: recorder.probe,
    behaviours,
    recordTrace: spec.recordTrace ?? false,
    limits: { ...defaultRunLimits, ...spec.limits },
  });
  world.run();
  return {
    protocol: spec.protocol.name,
    ...(spec.protocol.vocabulary === undefined ? {} : { vocabulary: spec.protocol.vocabulary }),
    clusterSize,
    profile,
    swarm,
    clocks,
    options,
    choices: choices.record(),
    spans: choices.spans(),
    trace: world.trace,
    history: world.frozenHistory(),
    violation: world.violation,
    calmStartedAt: world.calmStartedAt,
    endTime: world.time,
    counters: { events: world.events, messages: world.messages, decisions: choices.position },
    coverage: world.coverage,
    coverageAt: recorder.positions,
    ...(behaviours === undefined ? {} : { behaviours: behaviours.features, behavioursAt: behaviours.positions }),
    figures: collectFigures(spec.monitors ?? []),
  };
}

function collectFigures<Node, Input, Output>(monitors: readonly Monitor<Node, Input, Output>[]): Readonly<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const monitor of monitors) if (monitor.figures !== undefined) Object.assign(figures, monitor.figures());
  return figures;
}
