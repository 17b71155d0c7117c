import { createReplicaMonitor, registerModel } from "@cx/check";
import { defineHostedPlugin } from "@cx/host";
import { registerWorkload } from "@cx/sim";

/**
 * liferaft as a cx protocol plug-in: every node runs the library's own code
 * in a realm of its own; the adapter (`node.ts`) wires its transport, its
 * levelup log and its client API to the world. No defects are seeded: the
 * library is tested as it ships. Its one variant, `in_order_disk`, narrows
 * the environment (a disk that completes writes in issue order), so that a
 * hunt gets past the failure liferaft shows first.
 */
export const protocolPlugin = defineHostedPlugin({
  name: "liferaft",
  version: "0.1.0",
  summary: "@markwylde/liferaft 1.4.0 from the npm registry, unmodified, behind a small adapter",
  // From the sources (./node.ts) or from the build (dist/ -> ../src/node.ts): the node module is loaded as source.
  module: new URL(import.meta.url.endsWith(".ts") ? "./node.ts" : "../src/node.ts", import.meta.url),
  // Not a defect of liferaft: an environment the adapter can switch on, named as a variant so repro files record it.
  defects: [
    {
      name: "in_order_disk",
      mistake: "(an environment, not a mistake) the disk completes writes in the order they were issued, which hides liferaft's out-of-order apply so a hunt reaches its other failures",
      caughtBy: "ElectionSafety",
    },
  ],
  config: (defects) => ({ inOrderDisk: defects.includes("in_order_disk") }),
  workload: registerWorkload,
  monitors: () => [createReplicaMonitor({ model: registerModel })],
  describeMessage: (message) => {
    const packet = message as { type?: unknown; term?: unknown; data?: unknown };
    const entries = Array.isArray(packet.data) ? `, ${packet.data.length} entr${packet.data.length === 1 ? "y" : "ies"}` : "";
    return `${String(packet.type)}(t${String(packet.term)}${entries})`;
  },
});
