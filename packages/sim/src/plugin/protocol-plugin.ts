import type { ProtocolVocabulary } from "./protocol-vocabulary.js";
import type { ChoiceSource } from "../choices/choice-source.js";
import type { ScenarioOptions } from "../scenario/options.js";
import type { RunResult } from "../scenario/run-result.js";
import type { ClusterView } from "../world/cluster-view.js";
import type { Monitor } from "../world/monitor.js";

/** The tag every protocol plug-in carries, so a plug-in is recognised by shape, never by `instanceof` (two copies of @cx/sim still agree). */
export const PROTOCOL_PLUGIN_KIND = "cx-protocol-plugin";

/** The version of the plug-in contract this @cx/sim speaks. A plug-in declares the one it was written for. */
export const PROTOCOL_PLUGIN_CONTRACT = 1;

/** One seeded defect of a protocol: its name, the mistake in a sentence, and the property expected to catch it. */
export interface ProtocolDefect {
  /** A short snake_case name, unique within the protocol (`commit_any_term`). */
  readonly name: string;
  /** The mistake, in one sentence a person understands. */
  readonly mistake: string;
  /** The invariant a hunt is expected to break first (`LeaderCompleteness`); another may occasionally break first. */
  readonly caughtBy: string;
}

/** One run of a plug-in's protocol: which defects, which choices, which scenario. */
export interface PluginRunSpec {
  /** Defects to switch on (names from {@link ProtocolPlugin.defects}); empty or absent for the correct protocol. */
  readonly defects?: readonly string[];
  /** Every nondeterministic decision of the run. */
  readonly choices: ChoiceSource;
  /** Overrides of the plug-in's {@link ProtocolPlugin.scenario}. */
  readonly options?: Partial<ScenarioOptions>;
  /** Record the full trace (stories, diagrams, determinism hashes); off for speed. */
  readonly recordTrace?: boolean;
  /** Record the run's causal behaviours (`RunResult.behaviours`): protocol-neutral feedback for search; off by default. */
  readonly behaviours?: boolean;
  /**
   * `false` samples neither the coverage probe nor the abstract state
   * (`RunResult.coverage` is then empty): for a shrink, which never reads
   * them and spent about 6% of its time on them. On by default; the run
   * draws the same choices either way.
   */
  readonly coverage?: boolean;
  /**
   * `false` switches monitors off (benchmark baselines only: no violation is
   * ever reported). An array runs exactly those monitors instead of fresh
   * ones: pass {@link ProtocolPlugin.monitors}' result, plus any of your own,
   * to inspect them after the run (a contract test reads the safety
   * monitor's mirror of each log).
   */
  readonly monitors?: boolean | readonly Monitor<unknown, unknown, unknown>[];
}

/**
 * One replica as a protocol-neutral view: the same shape as @cx/check's
 * `ReplicaView` (this package imports nothing from it), so a plug-in's
 * views feed @cx/check's snapshot invariants unchanged.
 */
export interface PluginReplicaView {
  /** The replica's index in the cluster. */
  readonly node: number;
  /** `down` while crashed. */
  readonly role: "follower" | "candidate" | "leader" | "down";
  /** The current term (Raft), view (VR) or ballot (Paxos). */
  readonly term: number;
  /** The log, index 1 first; a down replica shows what it persisted. */
  readonly log: readonly { readonly term: number; readonly id: string }[];
  /** Highest index known committed (0 = none). */
  readonly commitIndex: number;
  /** Highest index applied to the state machine (0 = none). */
  readonly appliedIndex: number;
}

/** What search drives: a protocol with fixed defects and scenario, as a pure function of a choice source. */
export interface PluginTarget {
  /** The protocol and its defects, e.g. `raft+commit_any_term`. */
  readonly name: string;
  run(source: ChoiceSource): RunResult<unknown, unknown>;
}

/**
 * A protocol plug-in: everything the CLI, the experiment, the report and the
 * test helpers need to run, hunt, shrink and tell the story of one protocol,
 * in one object that a protocol package exports. Build one with
 * {@link defineProtocolPlugin}; find one in a module with
 * {@link findProtocolPlugin}.
 *
 * When to use: export one from your protocol package (`export const
 * protocolPlugin = defineProtocolPlugin({...})`), then `cx hunt --protocol
 * ./my-protocol.ts` runs it with no change to cx.
 *
 * Gotchas: `run` must be a pure function of its spec: every decision is drawn
 * from `spec.choices`. Defect names are data that repro files record: rename
 * one and old reproductions stop loading.
 */
export interface ProtocolPlugin {
  readonly kind: typeof PROTOCOL_PLUGIN_KIND;
  /** The contract version the plug-in was written for ({@link PROTOCOL_PLUGIN_CONTRACT}). */
  readonly contract: number;
  /** The short name repro files record and `--protocol` accepts (`raft`, `paxos`). */
  readonly name: string;
  /** The protocol package's version. */
  readonly version: string;
  /** One line: what the protocol is. */
  readonly summary: string;
  /** The seeded defects, in a stable order. */
  readonly defects: readonly ProtocolDefect[];
  /** The protocol's own words for its roles and epochs (`Protocol.vocabulary`); Raft's when absent. */
  readonly vocabulary?: ProtocolVocabulary;
  /** The scenario options this protocol runs with (@cx/sim's defaults with the protocol's overrides): what a new repro file records. */
  readonly scenario: ScenarioOptions;
  /** Runs one scenario with every check wired. Throws on an unknown defect name (validate user input against {@link ProtocolPlugin.defects} first). */
  run(spec: PluginRunSpec): RunResult<unknown, unknown>;
  /**
   * Fresh monitors for one run, as `run` makes them (optional: plug-ins
   * built with {@link defineProtocolPlugin} have it). Hand them back in
   * {@link PluginRunSpec.monitors} to look at them once the run is over.
   */
  monitors?(): readonly Monitor<unknown, unknown, unknown>[];
  /**
   * Every replica of a cluster as a {@link PluginReplicaView}, in id order
   * (optional: a replicated-log protocol supplies it so the contract kit can
   * compare the monitor's mirror of each log with the real one).
   */
  replicaViews?(cluster: ClusterView<unknown>): readonly PluginReplicaView[];
  /**
   * The protocol's abstract state (optional; see `ProtocolPluginParts.abstractState`):
   * `run` already feeds it to search as coverage, so tools need not call it.
   */
  abstractState?(cluster: ClusterView<unknown>): readonly number[];
  /** The protocol with fixed defects and scenario, as a search target. */
  createTarget(spec?: { readonly defects?: readonly string[]; readonly options?: Partial<ScenarioOptions>; readonly behaviours?: boolean; readonly coverage?: boolean }): PluginTarget;
}
