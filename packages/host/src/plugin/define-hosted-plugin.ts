import { fileURLToPath } from "node:url";
import { defineProtocolPlugin, type ClusterView, type Monitor, type ProtocolDefect, type ProtocolPlugin, type ProtocolVocabulary, type ScenarioOptions, type Workload } from "@cx/sim";
import type { HostedDisk } from "../node/hosted-disk.js";
import { HostedNode } from "../node/hosted-node.js";
import { checkPlainData } from "./plain-data.js";

/** The parts of a hosted protocol plug-in: the node module, and what cx needs to run, check and tell it. */
export interface HostedPluginParts<Input, Output> {
  /** The short name repro files record and `--protocol` accepts. */
  readonly name: string;
  readonly version: string;
  readonly summary: string;
  /**
   * The module every node loads into a realm of its own (a file URL or
   * path; TypeScript, ES modules and CommonJS all load). It exports
   * `start(env: HostedNodeEnv)`.
   */
  readonly module: URL | string;
  /** Named variants the adapter can switch on (a deliberate mistake, an unsafe option); usually none for a library used as shipped. */
  readonly defects?: readonly ProtocolDefect[];
  /**
   * The node configuration for a run with these defects: plain data
   * (numbers, strings, arrays, objects), handed to every node as
   * `env.config`. Functions cannot cross into a hosted node.
   */
  readonly config?: (defects: readonly string[]) => unknown;
  /** What clients ask for (e.g. @cx/sim's `registerWorkload`). */
  readonly workload: Workload<Input>;
  /** Fresh monitors for one run (e.g. @cx/check's `createReplicaMonitor`). */
  monitors(): readonly Monitor<HostedNode, Input, Output>[];
  /** Overrides of @cx/sim's default scenario options. */
  readonly scenario?: Partial<ScenarioOptions>;
  /** A short label for a message in traces and diagrams (messages arrive decoded). */
  readonly describeMessage?: (message: unknown) => string;
  /** The library's own words for its roles and epochs, for stories and diagrams (Raft's when absent). */
  readonly vocabulary?: ProtocolVocabulary;
  /** Keep what nodes log (tests, debugging). */
  readonly onLog?: (node: number, level: string, text: string) => void;
  /**
   * Modules to replace, by the bare name the code requires, with the file
   * that stands in for each (a URL or a path): a native module the library
   * loads but the adapter makes unnecessary (`leveldown` when a store is
   * passed in), a client for a service the adapter simulates. Applies to
   * every require in the node's realm, the library's own included.
   */
  readonly modules?: Readonly<Record<string, URL | string>>;
}

/**
 * Builds a protocol plug-in whose nodes are hosted code: each node loads
 * `parts.module` into a realm of its own, where timers, clocks,
 * randomness, the network, the disk and client calls all belong to cx's
 * world. The result is an ordinary plug-in: `cx hunt --protocol`, the
 * experiment, the report and the test helpers take it as they take Raft.
 *
 * When to use: to test code that was not written for cx (a library from
 * the registry, a team's own service) through an adapter of a few dozen
 * lines that wires the library to `env.transport`, `env.storage` and
 * `env.onClientRequest`.
 *
 * Gotchas: the node module and everything it requires are loaded by the
 * host, not by Node: each node gets fresh module instances, and a crash
 * throws them away. A node that reaches for something the host does not
 * own (a socket, a file, the host process's clock) stops the run with a
 * `HostLeakError` naming the API.
 *
 * @example
 * ```ts
 * export const protocolPlugin = defineHostedPlugin({
 *   name: "my-kv", version: "1.0.0", summary: "our key-value service, unmodified",
 *   module: new URL("./node.ts", import.meta.url),
 *   workload: registerWorkload,
 *   monitors: () => [createReplicaMonitor({ model: registerModel })],
 * });
 * ```
 */
export function defineHostedPlugin<Input, Output>(parts: HostedPluginParts<Input, Output>): ProtocolPlugin {
  const module = filePath(parts.module);
  const substitutes = new Map(Object.entries(parts.modules ?? {}).map(([name, file]) => [name, filePath(file)]));
  const configText = (defects: readonly string[]): string | undefined => {
    if (parts.config === undefined) return undefined;
    const config = parts.config(defects);
    checkPlainData(config, "config");
    return JSON.stringify(config);
  };
  const onLog = parts.onLog;
  return defineProtocolPlugin<string, Input, Output, HostedDisk, HostedNode>({
    name: parts.name,
    version: parts.version,
    summary: parts.summary,
    defects: parts.defects ?? [],
    protocol: (defects) => {
      const config = configText(defects);
      return {
        name: defects.length === 0 ? parts.name : `${parts.name}+${defects.join("+")}`,
        start: (ctx) => new HostedNode(ctx, { module, config, substitutes, ...(onLog === undefined ? {} : { onLog }) }),
        describeMessage: (text) => describe(parts.describeMessage, text),
        ...(parts.vocabulary === undefined ? {} : { vocabulary: parts.vocabulary }),
      };
    },
    workload: parts.workload,
    monitors: () => parts.monitors(),
    ...(parts.scenario === undefined ? {} : { scenario: parts.scenario }),
    replicaViews: (cluster: ClusterView<HostedNode>) => {
      const views = [];
      for (let id = 0; id < cluster.size; id++) {
        const node = cluster.isUp(id) ? cluster.node(id) : undefined;
        const view = node?.view();
        views.push(view === undefined ? { node: id, role: "down" as const, term: 0, log: [], commitIndex: 0, appliedIndex: 0 } : { node: id, ...view });
      }
      return views;
    },
  });
}

function filePath(file: URL | string): string {
  if (typeof file !== "string") return fileURLToPath(file);
  return file.startsWith("file:") ? fileURLToPath(file) : file;
}

function describe(custom: ((message: unknown) => string) | undefined, text: string): string {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return text.slice(0, 60);
  }
  if (custom !== undefined) return custom(message);
  if (typeof message === "object" && message !== null) {
    const tag = (message as Record<string, unknown>)["type"] ?? (message as Record<string, unknown>)["kind"];
    if (typeof tag === "string") return tag;
  }
  return text.slice(0, 60);
}
