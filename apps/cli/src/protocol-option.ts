import { isAbsolute } from "node:path";
import type { LoadedProtocol } from "@cx/protocols";
import { Option } from "commander";
import { UserError } from "./user-error.js";

/** The protocol every command runs when `--protocol` is not given. */
export const DEFAULT_PROTOCOL = "raft";

/** `--protocol <name|path|package>`, the same on every command that runs a protocol. */
export function protocolOption(defaultValue: string | undefined = DEFAULT_PROTOCOL): Option {
  // The built-in names are not listed here: loading the registry for --help would cost every command's start-up.
  const option = new Option("--protocol <ref>", "the protocol: a built-in name (see cx protocols), a module file (./my-protocol.ts) or an installed package exporting a cx protocol plug-in");
  return defaultValue === undefined ? option : option.default(defaultValue);
}

/**
 * Finds the protocol a user named, through @cx/protocols' one lookup,
 * relative to the current folder. What cannot be loaded is a usage error.
 */
export async function resolveProtocol(ref: string): Promise<LoadedProtocol> {
  const { isProtocolLoadError, loadProtocol } = await import("@cx/protocols");
  try {
    return await loadProtocol(ref, process.cwd());
  } catch (error) {
    if (isProtocolLoadError(error)) throw new UserError(error.message);
    throw error;
  }
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
