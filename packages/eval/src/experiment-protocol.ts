import type { ProtocolDefect, ProtocolPlugin } from "@cx/sim";
import type { ExperimentConfig } from "./experiment-config.js";

/**
 * A protocol the experiment covers: its plug-in, and the URL of a module
 * exporting that plug-in, which worker threads `import()` to get it again
 * (@cx/protocols' `builtinProtocols` and `loadProtocol` give both).
 *
 * @example
 * ```ts
 * const protocols: ExperimentProtocol[] = [{ plugin: protocolPlugin, module: import.meta.resolve("@cx/raft") }];
 * ```
 */
export interface ExperimentProtocol {
  readonly plugin: ProtocolPlugin;
  readonly module: string;
}

/** The protocol a task runs: plain data that crosses a thread boundary. */
export interface ProtocolRef {
  /** The plug-in's `name`. */
  readonly protocol: string;
  /** A module URL that exports the plug-in. */
  readonly module: string;
}

/** The reference a task carries for a protocol. */
export function protocolRef(protocol: ExperimentProtocol): ProtocolRef {
  return { protocol: protocol.plugin.name, module: protocol.module };
}

/**
 * The defects of `plugin` a filter selects, in the plug-in's order: all of
 * them for `"all"`, else those whose names the list holds.
 *
 * @example
 * ```ts
 * selectDefects(raft, ["vote_twice_in_term", "not_a_raft_defect"]).map((d) => d.name); // ["vote_twice_in_term"]
 * ```
 */
export function selectDefects(plugin: ProtocolPlugin, filter: "all" | readonly string[]): ProtocolDefect[] {
  return filter === "all" ? [...plugin.defects] : plugin.defects.filter((d) => filter.includes(d.name));
}

/**
 * Checks the protocols and the defect filters of a configuration before
 * anything runs, naming the field and what was expected: at least one
 * protocol, names unique, and every defect named in `bugs` or `trustBugs`
 * a defect of some protocol.
 *
 * @example
 * ```ts
 * checkExperimentProtocols(protocols, config); // throws on a typo in config.bugs
 * ```
 */
export function checkExperimentProtocols(protocols: readonly ExperimentProtocol[], config: ExperimentConfig): void {
  if (protocols.length === 0) throw new Error("protocols: expected at least one protocol to run the experiment on");
  const names = protocols.map((p) => p.plugin.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new Error(`protocols: "${twice}" appears twice; each protocol may be given once`);
  const known = new Set(protocols.flatMap((p) => p.plugin.defects.map((d) => d.name)));
  const listing = protocols.map((p) => `${p.plugin.name}: ${p.plugin.defects.map((d) => d.name).join(", ") || "none"}`).join("; ");
  for (const field of ["bugs", "trustBugs"] as const) {
    const filter = config[field];
    if (filter === "all") continue;
    const unknown = filter.filter((name) => !known.has(name));
    if (unknown.length > 0) throw new Error(`${field}: ${unknown.map((n) => `"${n}"`).join(", ")} is not a defect of any protocol given (${listing})`);
  }
}
