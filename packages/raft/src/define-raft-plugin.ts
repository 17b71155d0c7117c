import { defineProtocolPlugin, registerWorkload, type ProtocolDefect, type ProtocolPlugin, type ScenarioOptions } from "@cx/sim";
import { raftAbstractState } from "./abstract-state.js";
import type { RaftBugName } from "./bugs.js";
import { createRaftMonitor } from "./raft-monitor.js";
import type { RaftOptions } from "./raft-options.js";
import { createRaftProtocol } from "./raft-protocol.js";
import { raftClusterViews } from "./replica-view.js";
import { raftVersion } from "./version.js";

/** What sets one Raft plug-in apart from another: its name, its defects, Raft's options and its scenario. */
export interface RaftPluginSpec {
  readonly name: string;
  readonly summary: string;
  /** The defects it offers (each must be a guard of the one implementation). */
  readonly defects: readonly (ProtocolDefect & { readonly name: RaftBugName })[];
  readonly options?: RaftOptions;
  readonly scenario?: Partial<ScenarioOptions>;
  /** Defaults to @cx/raft's version. */
  readonly version?: string;
}

/**
 * A Raft plug-in: the one implementation with the register workload,
 * @cx/check's replica monitor, Raft's abstract state and replica views, and
 * the defects and options given. Search is guided by the abstract state
 * alone: `raftCoverage`'s probe guided no better on the mutant benchmark and
 * cost more per run (docs/concepts/search.md). The `raft` and
 * `raft-lease` plug-ins are made with it; so can a variant of your own (a
 * benchmark's mutants, another option).
 *
 * @example
 * ```ts
 * const plugin = defineRaftPlugin({ name: "raft-one-defect", summary: "Raft with one defect", defects: raftBugs.slice(0, 1) });
 * ```
 */
export function defineRaftPlugin(spec: RaftPluginSpec): ProtocolPlugin {
  const options = spec.options ?? {};
  return defineProtocolPlugin({
    name: spec.name,
    version: spec.version ?? raftVersion,
    summary: spec.summary,
    defects: spec.defects,
    // The plug-in validated the names against the defects before handing them over.
    protocol: (defects) => createRaftProtocol(defects as readonly RaftBugName[], options),
    workload: registerWorkload,
    monitors: () => [createRaftMonitor()],
    abstractState: raftAbstractState,
    replicaViews: raftClusterViews,
    ...(spec.scenario === undefined ? {} : { scenario: spec.scenario }),
  });
}
