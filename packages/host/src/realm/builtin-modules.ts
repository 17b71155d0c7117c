/**
 * What a hosted node gets when it requires one of Node's own modules. Three
 * answers: the host's virtual version (timers, clocks, randomness), Node's
 * own module when it is synchronous and deterministic (path, buffer,
 * assert), or a module whose every use stops the run as a leak (files,
 * sockets, processes, threads).
 */
export type BuiltinAnswer =
  /** The runtime's own version, by its key in the runtime's module table. */
  | { readonly kind: "virtual"; readonly key: string }
  /** Node's module itself: synchronous and deterministic. */
  | { readonly kind: "node" }
  /** A package loaded into the realm in its place (an npm re-implementation, in its browser build); `shape` adapts its exports to Node's. */
  | { readonly kind: "package"; readonly name: string; readonly shape?: "stream" }
  /** Every use is a leak. */
  | { readonly kind: "leak" };

const VIRTUAL = ["timers", "timers/promises", "crypto", "process", "perf_hooks", "os", "util"];
const NODE = ["buffer", "assert", "assert/strict", "path", "path/posix", "url", "querystring", "string_decoder", "punycode", "constants"];
/**
 * Node's own `events` and `stream` schedule work on the host process's
 * `process.nextTick`, which no run drains: their npm re-implementations,
 * loaded into the realm in their browser builds, use the realm's ticks.
 */
const PACKAGES: Readonly<Record<string, BuiltinAnswer>> = {
  events: { kind: "package", name: "events" },
  stream: { kind: "package", name: "readable-stream", shape: "stream" },
};

/**
 * How the host answers `require(name)` of a Node built-in (`node:` prefix
 * already removed). Anything not listed is a leak: a new built-in is
 * refused until someone decides it is safe.
 *
 * @example
 * ```ts
 * builtinAnswer("fs"); // { kind: "leak" }
 * ```
 */
export function builtinAnswer(name: string): BuiltinAnswer {
  if (VIRTUAL.includes(name)) return { kind: "virtual", key: name };
  if (NODE.includes(name)) return { kind: "node" };
  const pkg = PACKAGES[name];
  if (pkg !== undefined) return pkg;
  if (name === "tty") return { kind: "virtual", key: "tty" };
  return { kind: "leak" };
}
