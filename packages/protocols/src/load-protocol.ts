import { fileURLToPath } from "node:url";
import { findProtocolPlugin, type ProtocolPlugin } from "@cx/sim";
import { builtinProtocol, builtinProtocolNames } from "./builtin-protocols.js";
import { ProtocolLoadError } from "./protocol-load-error.js";
import { resolveProtocolModule } from "./resolve-protocol-module.js";

/** A protocol found by {@link loadProtocol}: the plug-in, and the module URL a worker thread imports to get it again. */
export interface LoadedProtocol {
  readonly plugin: ProtocolPlugin;
  readonly module: string;
  /** True for cx's own protocols (found by short name). */
  readonly builtin: boolean;
}

const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/;

/**
 * Imports the plug-in a module URL exports (TypeScript through tsx's
 * loader), checking it against the plug-in contract.
 *
 * When to use: in a worker thread handed a {@link LoadedProtocol.module}.
 *
 * @example
 * ```ts
 * const plugin = await importProtocolModule(loaded.module);
 * ```
 */
export async function importProtocolModule(moduleUrl: string, ref = moduleUrl): Promise<ProtocolPlugin> {
  let namespace: unknown;
  try {
    // tsx only when needed: loading it costs start-up time every other command would pay.
    namespace = TYPESCRIPT.test(moduleUrl) ? await (await import("tsx/esm/api")).tsImport(moduleUrl, import.meta.url) : await import(moduleUrl);
  } catch (error) {
    const where = moduleUrl.startsWith("file:") ? fileURLToPath(moduleUrl) : moduleUrl;
    throw new ProtocolLoadError(ref, [`importing ${where} failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`]);
  }
  const found = findProtocolPlugin(namespace);
  if (!found.ok) throw new ProtocolLoadError(ref, found.errors);
  return found.plugin;
}

/**
 * The one lookup every cx tool uses to find a protocol: a built-in by short
 * name (`raft`, `paxos`), else a module file (`./my-protocol.ts`, a `.js` or
 * `.mjs` file; TypeScript is loaded with tsx), else an installed package
 * (`@acme/cx-proto`), resolved from `fromDir`. The module must export a
 * plug-in made with @cx/sim's `defineProtocolPlugin` (as `protocolPlugin`,
 * as its default export, or as its only plug-in export).
 *
 * When to use: `--protocol`, and replaying a repro file's `protocol`.
 *
 * Gotchas: throws {@link ProtocolLoadError} (a user error naming what is
 * wrong) for anything that is not a usable plug-in.
 *
 * @example
 * ```ts
 * const { plugin } = await loadProtocol("./my-protocol.ts", process.cwd());
 * plugin.createTarget({ defects: ["ack_before_copy"] });
 * ```
 */
export async function loadProtocol(ref: string, fromDir: string): Promise<LoadedProtocol> {
  const trimmed = ref.trim();
  if (trimmed === "") throw new ProtocolLoadError(ref, [`expected a protocol: one of ${builtinProtocolNames().join(", ")}, a module file or a package name`]);
  const builtin = builtinProtocol(trimmed);
  if (builtin !== undefined) return { plugin: builtin.plugin, module: builtin.module, builtin: true };
  const module = resolveProtocolModule(trimmed, fromDir);
  return { plugin: await importProtocolModule(module, trimmed), module, builtin: false };
}
