import { createReplicaMonitor, registerModel } from "@cx/check";
import { defineHostedPlugin } from "@cx/host";
import { registerWorkload } from "@cx/sim";

/**
 * skiff as a cx protocol plug-in: every node runs the library's own code in a realm of its own; the adapter
 * (`node.ts` and the modules it imports) wires its network, its levelup database and its command API to the world.
 * No defects are seeded: the library is tested as it ships.
 */
export const protocolPlugin = defineHostedPlugin({
  name: "skiff",
  version: "0.1.0",
  summary: "skiff 1.10.0 (pgte) from the npm registry, unmodified, behind a small adapter",
  // From the sources (./node.ts) or from the build (dist/ -> ../src/node.ts): the node module is loaded as source.
  module: new URL(import.meta.url.endsWith(".ts") ? "./node.ts" : "../src/node.ts", import.meta.url),
  // skiff's lib/db.js requires leveldown at load time; the adapter's store replaces it through skiff's `db` option.
  modules: { leveldown: new URL(import.meta.url.endsWith(".ts") ? "./no-leveldown.cjs" : "../src/no-leveldown.cjs", import.meta.url) },
  workload: registerWorkload,
  monitors: () => [createReplicaMonitor({ model: registerModel })],
  describeMessage: (message) => {
    const m = message as { type?: unknown; action?: unknown; params?: { term?: unknown; entries?: unknown; replyTo?: unknown } };
    const entries = Array.isArray(m.params?.entries) ? `, ${m.params.entries.length} entr${m.params.entries.length === 1 ? "y" : "ies"}` : "";
    const what = m.type === "reply" ? `${String(m.params?.replyTo ?? "Vote")}Reply` : String(m.action);
    return `${what}(t${String(m.params?.term)}${entries})`;
  },
});
