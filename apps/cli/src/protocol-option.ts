import { isAbsolute } from "node:path";
import type { LoadedProtocol } from "@cx/protocols";
import { Option } from "commander";
import { clip } from "./terminal-safe.js";
import { UserError } from "./user-error.js";

/** The protocol every command runs when `--protocol` is not given. */
export const DEFAULT_PROTOCOL = "raft";

/** `--protocol <name|path|package>`, the same on every command that runs a protocol. */
export function protocolOption(defaultValue: string | undefined = DEFAULT_PROTOCOL): Option {
  // The built-in names are not listed here: loading the registry for --help would cost every command's start-up.
  const option = new Option("--protocol <ref>", "the protocol: a built-in name (see cx protocols), a module file (./my-protocol.ts) or an installed package exporting a cx protocol plug-in");
  return defaultValue === undefined ? option : option.default(defaultValue);
}

/** How long a protocol module may take to load before cx gives up (exit 2): a real one loads in about a second, and a hang must be told within 5 s. `CX_PROTOCOL_LOAD_SECONDS` changes it. */
export const PROTOCOL_LOAD_SECONDS = 4;

function protocolLoadLimitMs(): number {
  const text = process.env["CX_PROTOCOL_LOAD_SECONDS"];
  if (text === undefined || text.trim() === "") return PROTOCOL_LOAD_SECONDS * 1000;
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || Number(text) > 3600) {
    throw new UserError(`CX_PROTOCOL_LOAD_SECONDS: expected a whole number of seconds from 1 to 3600, got ${JSON.stringify(clip(text))}`);
  }
  return Number(text) * 1000;
}

/**
 * Finds a protocol through @cx/protocols' one lookup, from `fromDir`. A
 * module of the user's own is first loaded on a worker thread with a time
 * limit (see `probeProtocolModule`): a module that never finishes loading
 * is a usage error, not a hang. What cannot be loaded is a usage error.
 *
 * @example
 * ```ts
 * const { plugin } = await loadProtocolWithin("./my-protocol.ts", process.cwd(), "--protocol");
 * ```
 */
export async function loadProtocolWithin(ref: string, fromDir: string, flag = "--protocol"): Promise<LoadedProtocol> {
  const { builtinProtocol, isProtocolLoadError, loadProtocol, resolveProtocolModule } = await import("@cx/protocols");
  try {
    if (builtinProtocol(ref.trim()) === undefined && ref.trim() !== "") {
      const limitMs = protocolLoadLimitMs();
      const { probeProtocolModule } = await import("./parallel/protocol-probe.js");
      const outcome = await probeProtocolModule(resolveProtocolModule(ref.trim(), fromDir), ref.trim(), limitMs);
      if (outcome === "timed-out") {
        throw new UserError(`${flag}: ${JSON.stringify(clip(ref))} did not finish loading within ${limitMs / 1000} s (does its module loop or wait at top level?); set CX_PROTOCOL_LOAD_SECONDS to allow longer`);
      }
    }
    return await loadProtocol(ref, fromDir);
  } catch (error) {
    if (isProtocolLoadError(error)) throw new UserError(error.message);
    throw error;
  }
}

/**
 * Finds the protocol a user named, through @cx/protocols' one lookup,
 * relative to the current folder, within the load time limit. What cannot
 * be loaded is a usage error.
 */
export async function resolveProtocol(ref: string): Promise<LoadedProtocol> {
  return loadProtocolWithin(ref, process.cwd());
}

/**
 * The protocol a reproduction file names: the one given with `--protocol`
 * (which must be the one the file was made with), else the built-in of that
 * name. A protocol of the user's own must be named again to replay.
 */
export async function protocolForRepro(file: string, recorded: string, ref: string | undefined): Promise<LoadedProtocol> {
  if (ref === undefined) {
    const { builtinProtocol, builtinProtocolNames } = await import("@cx/protocols");
    const builtin = builtinProtocol(recorded);
    if (builtin === undefined) {
      throw new UserError(`${file}: protocol: "${recorded}" is not a built-in protocol (${builtinProtocolNames().join(", ")}); pass --protocol <module file or package> to replay it`);
    }
    return { plugin: builtin.plugin, module: builtin.module, builtin: true };
  }
  const loaded = await resolveProtocol(ref);
  if (loaded.plugin.name !== recorded) {
    throw new UserError(`${file}: protocol: the file was made with "${recorded}", but --protocol ${ref} is "${loaded.plugin.name}"`);
  }
  return loaded;
}

/** The `--protocol` words a replay command needs for this protocol: none for a built-in. */
export function protocolFlagFor(loaded: LoadedProtocol, ref: string): string[] {
  return loaded.builtin ? (loaded.plugin.name === DEFAULT_PROTOCOL ? [] : ["--protocol", loaded.plugin.name]) : ["--protocol", ref];
}

/**
 * The `--protocol` module file as an input of the command, for
 * `checkDistinctPaths`: none for a built-in name or a package.
 */
export function protocolInput(ref: string | undefined): { readonly flag: string; readonly path: string; readonly role: "input" }[] {
  if (ref === undefined || ref.trim() === "") return [];
  const trimmed = ref.trim();
  // Only a path can be overwritten by an output; a short name or a package is looked up elsewhere.
  const looksLikePath = trimmed.startsWith(".") || isAbsolute(trimmed) || /\.(?:[cm]?[jt]s|tsx)$/.test(trimmed);
  return looksLikePath ? [{ flag: "--protocol", path: trimmed, role: "input" }] : [];
}
