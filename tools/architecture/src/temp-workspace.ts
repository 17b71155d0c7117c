import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { findWorkspacePackages } from "./workspace-packages.mjs";

/** The root files the lint config and the package map read. */
const ROOT_FILES = ["eslint.config.mjs", "pnpm-workspace.yaml", "package.json", "tsconfig.base.json"];

/**
 * Copies the workspace at `root` into a new temp folder: its root
 * configuration and each package's package.json and sources, reusing the
 * installed node_modules through symlinks (so the copy lints and checks like
 * the original, in about a second).
 *
 * When to use: to try a change to the workspace (a new package, say)
 * without touching the repository. Remove the folder with `removeWorkspace`.
 * @example const copy = copyWorkspace(repoRoot); addFiles(copy, { "packages/p/package.json": "{}" });
 */
export function copyWorkspace(root: string): string {
  const copy = mkdtempSync(join(tmpdir(), "cx-workspace-"));
  for (const file of ROOT_FILES) cpSync(join(root, file), join(copy, file));
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");
  for (const pkg of findWorkspacePackages(root)) {
    mkdirSync(join(copy, pkg.dir), { recursive: true });
    cpSync(join(root, pkg.dir, "package.json"), join(copy, pkg.dir, "package.json"));
    if (existsSync(join(root, pkg.dir, "src"))) cpSync(join(root, pkg.dir, "src"), join(copy, pkg.dir, "src"), { recursive: true });
    if (existsSync(join(root, pkg.dir, "node_modules"))) symlinkSync(join(root, pkg.dir, "node_modules"), join(copy, pkg.dir, "node_modules"), "dir");
  }
  return copy;
}

/**
 * Writes `files` (paths relative to `root`, contents) into the workspace copy.
 *
 * @example addFiles(copy, { "examples/p/src/index.ts": "export const x = 1;\n" })
 */
export function addFiles(root: string, files: Readonly<Record<string, string>>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** Deletes a copy made by `copyWorkspace` (the symlinks, not what they point to). */
export function removeWorkspace(copy: string): void {
  rmSync(copy, { recursive: true, force: true });
}
