import type { Workload } from "../clients/workload.js";
import type { Protocol, ProtocolNode } from "../protocol.js";
import { defaultScenarioOptions, type ScenarioOptions } from "../scenario/options.js";
import type { RunResult } from "../scenario/run-result.js";
import { runScenario } from "../scenario/run-scenario.js";
import { replicaAbstractState } from "../toolkit/replica-abstract-state.js";
import type { ClusterView } from "../world/cluster-view.js";
import type { Monitor } from "../world/monitor.js";
import { PROTOCOL_PLUGIN_CONTRACT, PROTOCOL_PLUGIN_KIND, type PluginReplicaView, type PluginRunSpec, type ProtocolDefect, type ProtocolPlugin } from "./protocol-plugin.js";

/** The parts a protocol package supplies; {@link defineProtocolPlugin} wires the rest. */
export interface ProtocolPluginParts<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>> {
  readonly name: string;
  readonly version: string;
  readonly summary: string;
  readonly defects: readonly ProtocolDefect[];
  /** The protocol with these defects switched on (already validated names). Its `name` names the target (`raft+commit_any_term`). */
  protocol(defects: readonly string[]): Protocol<Message, Input, Output, Persistent, Node>;
  /** What clients ask for (e.g. @cx/sim's `registerWorkload`). */
  readonly workload: Workload<Input>;
  /** Fresh monitors for one run (e.g. @cx/check's `createReplicaMonitor({ model })`); called once per run. */
  monitors(): readonly Monitor<Node, Input, Output>[];
  /** The protocol side's coverage probe for guided search (opaque feature numbers). */
  readonly coverage?: (cluster: ClusterView<Node>) => number | readonly number[];
  /**
   * The protocol's abstract state for guided search (optional): a short
   * tuple of small integers naming the kind of state the cluster is in (for
   * Raft: term gap, commit index against the terms of committed entries,
   * conflicting suffixes). Every distinct tuple is a coverage feature, with
   * the choice position where a run first reached it. Without it, a plug-in
   * that gives `replicaViews` gets @cx/sim's protocol-neutral
   * `replicaAbstractState` read from them; without either, search sees
   * `coverage` only. Keep it coarse (a handful of values per slot): it is a map of the
   * protocol's states, not a fingerprint of the run.
   */
  readonly abstractState?: (cluster: ClusterView<Node>) => readonly number[];
  /** Overrides of @cx/sim's default scenario options. */
  readonly scenario?: Partial<ScenarioOptions>;
  /** Every replica as a protocol-neutral view, in id order (e.g. @cx/raft's `raftClusterViews`): lets the contract kit check the monitor's mirror of each log. */
  readonly replicaViews?: (cluster: ClusterView<Node>) => readonly PluginReplicaView[];
}

/** A defect name that is not one of the plug-in's. A programmer error: user input is validated against `defects` before it gets here. */
export class UnknownDefectError extends Error {
  readonly tag = "UnknownDefectError";
  constructor(
    readonly protocol: string,
    readonly defect: string,
  ) {
    super(`${protocol}: unknown defect "${defect}"`);
  }
}

/**
 * Builds a {@link ProtocolPlugin} from a protocol, its workload, its
 * monitors and its defects: `run` and `createTarget` come for free, with
 * defect names checked and the scenario resolved the same way everywhere.
 *
 * When to use: in a protocol package's entry point, once:
 * `export const protocolPlugin = defineProtocolPlugin({ ... })`.
 *
 * Gotchas: `monitors()` is called once per run and must return fresh
 * monitors (they keep state). The plug-in's `scenario` is @cx/sim's
 * defaults overridden by `parts.scenario`; a run's `options` override that.
 *
 * @example
 * ```ts
 * export const protocolPlugin = defineProtocolPlugin({
 *   name: "primary-backup", version: "0.1.0", summary: "a primary copies every write to its backups",
 *   defects: [{ name: "ack_before_copy", mistake: "the primary answers before the backups store the write", caughtBy: "Linearizability" }],
 *   protocol: (defects) => createPrimaryBackup(defects),
 *   workload: registerWorkload,
 *   monitors: () => [createReplicaMonitor({ model: registerModel })],
 * });
 * ```
 */
export function defineProtocolPlugin<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>>(
  parts: ProtocolPluginParts<Message, Input, Output, Persistent, Node>,
): ProtocolPlugin {
  const known = new Set(parts.defects.map((d) => d.name));
  const scenario: ScenarioOptions = { ...defaultScenarioOptions, ...parts.scenario };
  const checked = (defects: readonly string[] | undefined): string[] => {
    const list = [...new Set(defects ?? [])];
    for (const defect of list) if (!known.has(defect)) throw new UnknownDefectError(parts.name, defect);
    return list;
  };
  // Monitors handed in by the caller came from `parts.monitors()` (or watch any node): the plug-in's types are erased at its boundary.
  const monitorsFor = (spec: PluginRunSpec): readonly Monitor<Node, Input, Output>[] =>
    spec.monitors === false ? [] : spec.monitors === true || spec.monitors === undefined ? parts.monitors() : (spec.monitors as readonly Monitor<Node, Input, Output>[]);
  // Without an abstract state of its own, a plug-in that gives replica views gets the protocol-neutral one read from them.
  const views = parts.replicaViews;
  const abstractState = parts.abstractState ?? (views === undefined ? undefined : (cluster: ClusterView<Node>) => replicaAbstractState(views(cluster)));
  const run = (spec: PluginRunSpec): RunResult<Input, Output> =>
    runScenario({
      protocol: parts.protocol(checked(spec.defects)),
      workload: parts.workload,
      choices: spec.choices,
      options: { ...scenario, ...spec.options },
      monitors: monitorsFor(spec),
      ...(parts.coverage === undefined || spec.coverage === false ? {} : { coverage: parts.coverage }),
      ...(abstractState === undefined || spec.coverage === false ? {} : { abstractState }),
      recordTrace: spec.recordTrace ?? false,
      behaviours: spec.behaviours ?? false,
    });
  // The words belong to the protocol, whatever its defects: read them once from the correct one.
  const vocabulary = parts.protocol([]).vocabulary;
  return {
    kind: PROTOCOL_PLUGIN_KIND,
    contract: PROTOCOL_PLUGIN_CONTRACT,
    name: parts.name,
    version: parts.version,
    summary: parts.summary,
    defects: parts.defects,
    scenario,
    ...(vocabulary === undefined ? {} : { vocabulary }),
    run,
    monitors: () => parts.monitors() as readonly Monitor<unknown, unknown, unknown>[],
    ...(abstractState === undefined ? {} : { abstractState: abstractState as (cluster: ClusterView<unknown>) => readonly number[] }),
    ...(parts.replicaViews === undefined ? {} : { replicaViews: parts.replicaViews as (cluster: ClusterView<unknown>) => readonly PluginReplicaView[] }),
    createTarget(spec = {}) {
      const defects = checked(spec.defects);
      const options = spec.options;
      const behaviours = spec.behaviours ?? false;
      const coverage = spec.coverage ?? true;
      return {
        name: parts.protocol(defects).name,
        run: (choices) => run({ defects, choices, behaviours, coverage, ...(options === undefined ? {} : { options }) }),
      };
    },
  };
}
