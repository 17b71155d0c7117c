import type { ChoiceSource } from "../choices/choice-source.js";
import type { ScenarioOptions } from "../scenario/options.js";
import type { RunResult } from "../scenario/run-result.js";

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
  /** Switch monitors off (benchmark baselines only): no violation is ever reported. */
  readonly monitors?: boolean;
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
  /** The scenario options this protocol runs with (@cx/sim's defaults with the protocol's overrides): what a new repro file records. */
  readonly scenario: ScenarioOptions;
  /** Runs one scenario with every check wired. Throws on an unknown defect name (validate user input against {@link ProtocolPlugin.defects} first). */
  run(spec: PluginRunSpec): RunResult<unknown, unknown>;
  /** The protocol with fixed defects and scenario, as a search target. */
  createTarget(spec?: { readonly defects?: readonly string[]; readonly options?: Partial<ScenarioOptions> }): PluginTarget;
}
