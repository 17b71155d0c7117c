/**
 * @cx/host: runs unmodified asynchronous JavaScript and TypeScript node
 * code inside cx's deterministic world. Each node gets a realm of its own
 * whose timers, clocks, randomness, network, disk and client calls belong
 * to the world, and whose promise continuations drain after every event.
 */
export { defineHostedPlugin, type HostedPluginParts } from "./plugin/define-hosted-plugin.js";
export { checkPlainData } from "./plugin/plain-data.js";
export { HostedNode, IO_DELAY_LEVELS, RANDOM_LEVELS, type HostedNodeSpec } from "./node/hosted-node.js";
export { HostLeakError } from "./node/leak-guard.js";
export type { HostedDisk, KeyRange } from "./node/hosted-disk.js";
export type { HostedAnswer, HostedKeyRange, HostedNodeEnv, HostedNodeHandle, HostedNodeStart, HostedReplicaView, HostedStorage, HostedTransport } from "./node/node-env.js";
export { builtinAnswer, type BuiltinAnswer } from "./realm/builtin-modules.js";
