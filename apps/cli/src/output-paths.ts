import { realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { displayPath } from "./terminal-safe.js";
import { UserError } from "./user-error.js";

/** One file a command reads or writes, with the flag (or argument) that named it. */
export interface NamedPath {
  /** How the user named it, for the message: `--svg`, `the history file`. */
  readonly flag: string;
  readonly path: string;
  readonly role: "input" | "output";
}

/**
 * What makes two paths the same file: the device and inode of a file that
 * exists (so a symlink and a hard link match their target), else the real
 * path of its nearest existing folder joined with the rest, so two spellings
 * of a file still to be written match too.
 */
function identity(path: string): string {
  const absolute = resolve(path);
  try {
    const stat = statSync(absolute);
    return `inode:${stat.dev}:${stat.ino}`;
  } catch {
    // Not there (yet): compare by where it would be.
  }
  let folder = dirname(absolute);
  let rest = basename(absolute);
  for (;;) {
    try {
      return `path:${join(realpathSync(folder), rest)}`;
    } catch {
      const parent = dirname(folder);
      if (parent === folder) return `path:${absolute}`;
      rest = join(basename(folder), rest);
      folder = parent;
    }
  }
}

/**
 * Refuses, before any work starts, a command whose output would overwrite
 * one of its inputs or another of its outputs: `cx lin h.jsonl --html
 * h.jsonl` would replace the history with the page, `cx hunt --save f
 * --svg f` would replace the finding with the diagram. Two inputs may be
 * the same file. Throws a UserError (exit 2) naming both flags.
 *
 * @example
 * ```ts
 * checkDistinctPaths([{ flag: "the history file", path: file, role: "input" }, { flag: "--html", path: html, role: "output" }]);
 * ```
 */
export function checkDistinctPaths(paths: readonly NamedPath[]): void {
  const seen: { readonly named: NamedPath; readonly id: string }[] = [];
  for (const named of paths) {
    const id = identity(named.path);
    const clash = seen.find((s) => s.id === id && (s.named.role === "output" || named.role === "output"));
    if (clash !== undefined) {
      const what = clash.named.role === "input" || named.role === "input" ? "it would overwrite the input" : "one would overwrite the other";
      throw new UserError(`${clash.named.flag} and ${named.flag} name the same file (${displayPath(clash.named.path)} and ${displayPath(named.path)}): ${what}; give ${named.flag} another file`);
    }
    seen.push({ named, id });
  }
}
