import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { exports as resolveExports } from "resolve.exports";
import { ProtocolLoadError } from "./protocol-load-error.js";

const MODULE_FILE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
/** A package name, then optionally a subpath its `exports` map declares (`@cx/raft/lease`). */
const PACKAGE_SPECIFIER = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)((?:\/[a-z0-9][\w.-]*)*)$/i;

/**
 * Whether a reference names a file rather than a package: a relative or
 * absolute path, or a name with a module extension that exists as a file
 * (`my-protocol.ts`; `chart.js` stays a package name when no such file is there).
 */
export function isPathReference(ref: string, fromDir: string): boolean {
  return ref.startsWith(".") || isAbsolute(ref) || ref.includes("\\") || (MODULE_FILE.test(ref) && existsSync(resolve(fromDir, ref)));
}

/**
 * The file URL of the module a reference names, as seen from `fromDir`: a
 * path to a module file, or a package name (with an optional subpath, as in
 * `@cx/raft/lease`) resolved through the nearest `node_modules` (its
 * `exports` map with the `import` condition, else, for the package itself,
 * `module` or `main`). A worker thread can `import()` the URL again.
 */
export function resolveProtocolModule(ref: string, fromDir: string): string {
  if (isPathReference(ref, fromDir)) {
    const file = resolve(fromDir, ref);
    if (!existsSync(file)) throw new ProtocolLoadError(ref, [`no such file ${file} (expected a built-in protocol name, a module file or a package name)`]);
    if (!statSync(file).isFile()) throw new ProtocolLoadError(ref, [`${file} is a directory; expected a module file (.ts, .js or .mjs)`]);
    return pathToFileURL(file).href;
  }
  const specifier = PACKAGE_SPECIFIER.exec(ref);
  if (specifier === null) throw new ProtocolLoadError(ref, ["expected a built-in protocol name, a path to a module file, or a package name"]);
  const name = specifier[1] as string;
  const subpath = `.${specifier[2] ?? ""}`;
  const packageDir = findPackageDir(name, resolve(fromDir));
  if (packageDir === null) throw new ProtocolLoadError(ref, [`no package "${name}" is installed in or above ${resolve(fromDir)} (and it is not a built-in protocol)`]);
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as Record<string, unknown>;
  let entry: string | undefined;
  try {
    entry = resolveExports(manifest, subpath, { conditions: ["import", "node"] })?.[0];
  } catch {
    entry = undefined;
  }
  if (subpath !== "." && entry === undefined) throw new ProtocolLoadError(ref, [`package "${name}" exports no "${subpath}" (its package.json "exports" map declares the subpaths it offers)`]);
  entry ??= typeof manifest["module"] === "string" ? manifest["module"] : typeof manifest["main"] === "string" ? manifest["main"] : "index.js";
  const file = resolve(packageDir, entry);
  if (!existsSync(file)) throw new ProtocolLoadError(ref, [`package "${ref}" names ${entry} as its entry, which does not exist (is it built?)`]);
  return pathToFileURL(file).href;
}

function findPackageDir(name: string, from: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}
