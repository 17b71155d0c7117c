// @ts-check
// The workspace's packages, found the way pnpm finds them (the globs of
// pnpm-workspace.yaml), so a new folder under packages/, apps/, tools/ or
// examples/ is seen by the lint and the architecture test without a list.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { globSync } from "tinyglobby";
import { parse } from "yaml";

/**
 * One workspace package, read from its package.json.
 *
 * @typedef {object} WorkspaceManifest
 * @property {string} name The package name.
 * @property {string} dir Its folder relative to the repository, with forward slashes.
 * @property {string | undefined} kind What `"cx": { "kind" }` declares, if anything.
 * @property {boolean} isPrivate Whether it is `"private": true` (never packed or published).
 * @property {ReadonlyArray<string>} dependencies The names in dependencies, peerDependencies and optionalDependencies: what it needs at run time.
 */

/**
 * The package globs of `root`'s pnpm-workspace.yaml, negations included.
 *
 * @param {string} root
 * @returns {string[]}
 */
function workspaceGlobs(root) {
  const config = /** @type {{ packages?: unknown }} */ (parse(readFileSync(join(root, "pnpm-workspace.yaml"), "utf8")) ?? {});
  const globs = config.packages;
  if (!Array.isArray(globs) || !globs.every((g) => typeof g === "string")) {
    throw new Error(`${join(root, "pnpm-workspace.yaml")}: "packages" must be a list of globs`);
  }
  return globs;
}

/**
 * Every package of the pnpm workspace at `root`, sorted by folder.
 *
 * When to use: to apply the package map to whatever packages exist (the
 * lint config and the architecture test both start here).
 * Gotcha: only packages matched by pnpm-workspace.yaml count; the root
 * package.json is not a workspace package.
 *
 * @example
 * findWorkspacePackages(repoRoot).map((p) => `${p.name}: ${p.kind}`);
 *
 * @param {string} root The folder holding pnpm-workspace.yaml.
 * @returns {WorkspaceManifest[]}
 */
export function findWorkspacePackages(root) {
  const globs = workspaceGlobs(root);
  const include = globs.filter((g) => !g.startsWith("!")).map((g) => `${g.replace(/\/$/, "")}/package.json`);
  const ignore = ["**/node_modules/**", ...globs.filter((g) => g.startsWith("!")).map((g) => `${g.slice(1).replace(/\/$/, "")}/**`)];
  const manifests = globSync(include, { cwd: root, ignore, onlyFiles: true });
  return manifests
    .map((file) => readManifest(root, file))
    .sort((a, b) => a.dir.localeCompare(b.dir));
}

/**
 * @param {string} root
 * @param {string} file The package.json, relative to root.
 * @returns {WorkspaceManifest}
 */
function readManifest(root, file) {
  const dir = dirname(file).split("\\").join("/");
  /** @type {{ name?: unknown; private?: unknown; cx?: { kind?: unknown }; dependencies?: object; peerDependencies?: object; optionalDependencies?: object }} */
  const pkg = JSON.parse(readFileSync(join(root, file), "utf8"));
  if (typeof pkg.name !== "string") throw new Error(`${dir}/package.json has no "name"`);
  const kind = pkg.cx?.kind;
  return {
    name: pkg.name,
    dir,
    kind: typeof kind === "string" ? kind : undefined,
    isPrivate: pkg.private === true,
    dependencies: [pkg.dependencies, pkg.peerDependencies, pkg.optionalDependencies].flatMap((deps) => Object.keys(deps ?? {})),
  };
}
