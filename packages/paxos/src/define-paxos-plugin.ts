import { defineProtocolPlugin, registerWorkload, type ProtocolDefect, type ProtocolPlugin } from "@cx/sim";
import type { PaxosDefectName } from "./defects.js";
import { createPaxosMonitor } from "./paxos-monitor.js";
import { createPaxosProtocol } from "./paxos-protocol.js";
import { paxosClusterViews } from "./replica-view.js";
import { paxosVersion } from "./version.js";

/** What sets one Paxos plug-in apart from another: its name and its defects. */
export interface PaxosPluginSpec {
  readonly name: string;
  readonly summary: string;
  /** The defects it offers (each must be a guard of the one implementation). */
  readonly defects: readonly (ProtocolDefect & { readonly name: PaxosDefectName })[];
  /** Defaults to @cx/paxos's version. */
  readonly version?: string;
}

/**
 * A Paxos plug-in: the one implementation with the register workload, its
 * monitor and replica views, and the defects given. Search is guided by
 * @cx/sim's protocol-neutral abstract state read from the replica views:
 * `paxosCoverage` and `paxosAbstractState` guided no better on the mutant
 * benchmark and cost more per run (docs/concepts/search.md). The `paxos`
 * plug-in is made with it; so can a variant of your own (a benchmark's
 * mutants).
 *
 * @example
 * ```ts
 * const plugin = definePaxosPlugin({ name: "paxos-one-defect", summary: "Paxos with one defect", defects: paxosDefects.slice(0, 1) });
 * ```
 */
export function definePaxosPlugin(spec: PaxosPluginSpec): ProtocolPlugin {
  return defineProtocolPlugin({
    name: spec.name,
    version: spec.version ?? paxosVersion,
    summary: spec.summary,
    defects: spec.defects,
    // The plug-in validated the names against the defects before handing them over.
    protocol: (defects) => createPaxosProtocol(defects as readonly PaxosDefectName[]),
    workload: registerWorkload,
    monitors: () => [createPaxosMonitor()],
    replicaViews: paxosClusterViews,
  });
}
