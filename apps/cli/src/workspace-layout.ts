import { existsSync, readdirSync, readFileSync, type Dirent } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** A pnpm workspace as `cx new` needs it: where its root is, which folders hold its packages, and their names. */
export interface WorkspaceLayout {
  readonly root: string;
  /** The package globs of pnpm-workspace.yaml (`packages/*`), negations (`!x/*`) included. */
  readonly globs: readonly string[];
  /** Every workspace package: its folder relative to the root (forward slashes) and its name. */
  readonly packages: readonly { readonly dir: string; readonly name: string }[];
}

/** The nearest folder at or above `from` holding a pnpm-workspace.yaml, or undefined. */
export function findWorkspaceRoot(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "pnpm-workspace.yaml"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

const unquote = (text: string): string => text.trim().replace(/^(["'])(.*)\1$/, "$2");

/**
 * The `packages` globs of a pnpm-workspace.yaml, in the two shapes pnpm's
 * own files use (a block list, or a flow list on one line); `[]` when
 * there is no such key.
 *
 * @example
 * ```ts
 * workspaceGlobs("packages:\n  - packages/*\n  - '!**\/test/**'\n"); // ["packages/*", "!**\/test/**"]
 * ```
 */
export function workspaceGlobs(yaml: string): string[] {
  const lines = yaml.split(/\r?\n/).map((line) => line.replace(/\s+#.*$/, ""));
  const at = lines.findIndex((line) => /^packages\s*:/.test(line));
  if (at < 0) return [];
  const inline = /^packages\s*:\s*\[(.*)\]\s*$/.exec(lines[at] as string);
  if (inline) return (inline[1] as string).split(",").map(unquote).filter((g) => g !== "");
  const globs: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (line.trim() === "") continue;
    const item = /^\s+-\s+(.+)$/.exec(line);
    if (item === null) break;
    globs.push(unquote(item[1] as string));
  }
  return globs;
}

/** A glob of forward-slash segments as a regular expression: `*` is one segment's characters, `**` any number of folders. */
function globPattern(glob: string): RegExp {
  const segments = glob.replace(/\/+$/, "").split("/");
  const body = segments
    .map((segment, i) => {
      const last = i === segments.length - 1;
      if (segment === "**") return last ? ".*" : "(?:[^/]+/)*";
      return segment.replace(/[.+^${}()|[\]\\?]/g, "\\$&").replace(/\*/g, "[^/]*") + (last ? "" : "/");
    })
    .join("");
  return new RegExp(`^${body}$`);
}

/**
 * Whether pnpm counts the folder `dir` (relative to the root, forward
 * slashes) as a workspace package: a glob includes it and no `!` glob
 * excludes it.
 *
 * @example
 * ```ts
 * isWorkspaceFolder("packages/mine", ["packages/*", "apps/*"]); // true
 * isWorkspaceFolder("packages/mine/sub", ["packages/*"]); // false
 * ```
 */
export function isWorkspaceFolder(dir: string, globs: readonly string[]): boolean {
  const included = globs.some((g) => !g.startsWith("!") && globPattern(g).test(dir));
  return included && !globs.some((g) => g.startsWith("!") && globPattern(g.slice(1)).test(dir));
}

/** Folders under `root` (relative, forward slashes, no node_modules or dot folders), at most `depth` levels down. */
function foldersBelow(root: string, depth: number, prefix = ""): string[] {
  if (depth === 0) return [];
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isDirectory() && e.name !== "node_modules" && !e.name.startsWith("."))
    .flatMap((e) => {
      const dir = prefix === "" ? e.name : `${prefix}/${e.name}`;
      return [dir, ...foldersBelow(root, depth - 1, dir)];
    });
}

/** How many folders deep the globs can reach (a `**` is taken as four). */
const globDepth = (globs: readonly string[]): number => Math.max(1, ...globs.map((g) => g.split("/").reduce((n, s) => n + (s === "**" ? 4 : 1), 0)));

/**
 * The workspace whose pnpm-workspace.yaml is at `root`: its package globs
 * and every package they include, with its name.
 *
 * When to use: to place a new package where pnpm will see it, and to refuse
 * a name that is taken.
 */
export function readWorkspaceLayout(root: string): WorkspaceLayout {
  const globs = workspaceGlobs(readFileSync(join(root, "pnpm-workspace.yaml"), "utf8"));
  const packages = foldersBelow(root, globDepth(globs))
    .filter((dir) => isWorkspaceFolder(dir, globs) && existsSync(join(root, dir, "package.json")))
    .flatMap((dir) => {
      try {
        const name = (JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as { name?: unknown }).name;
        return typeof name === "string" ? [{ dir, name }] : [];
      } catch {
        return [];
      }
    });
  return { root, globs, packages };
}

/** `path` relative to `root` with forward slashes, or undefined when it is not inside `root`. */
export function insideRoot(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  if (rel === "" || rel.startsWith("..") || resolve(root, rel) !== resolve(path)) return undefined;
  return rel.split(sep).join("/");
}
