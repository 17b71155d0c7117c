import { protocolPlugin as paxos } from "@cx/paxos";
import { protocolPlugin as raft } from "@cx/raft";
import type { ProtocolPlugin } from "@cx/sim";

/** A protocol that ships with cx: its plug-in, and its module URL (for worker threads). */
export interface BuiltinProtocol {
  readonly plugin: ProtocolPlugin;
  readonly module: string;
}

/**
 * cx's own protocols, in the order listings and the experiment show them.
 * Adding a protocol package to cx is its import and an entry here, plus the
 * dependency in this package's package.json (docs/new-protocol.md).
 */
export const builtinProtocols: readonly BuiltinProtocol[] = [
  { plugin: raft, module: import.meta.resolve("@cx/raft") },
  { plugin: paxos, module: import.meta.resolve("@cx/paxos") },
];

/**
 * The built-in protocol of that short name, if any.
 *
 * @example
 * ```ts
 * builtinProtocol("raft")?.plugin.defects.length; // 8
 * ```
 */
export function builtinProtocol(name: string): BuiltinProtocol | undefined {
  return builtinProtocols.find((p) => p.plugin.name === name);
}

/** The short names of the built-in protocols (`raft`, ...). */
export function builtinProtocolNames(): string[] {
  return builtinProtocols.map((p) => p.plugin.name);
}
