import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The folders of a cx checkout that hold workspace packages (pnpm-workspace.yaml's globs). */
const WORKSPACE_FOLDERS = ["packages", "apps", "tools", "examples"] as const;

function packageJsonOf(root: string, name: string): string {
  for (const folder of WORKSPACE_FOLDERS) {
    let entries: string[];
    try {
      entries = readdirSync(join(root, folder));
    } catch {
      continue;
    }
    for (const entry of entries) {
      const file = join(root, folder, entry, "package.json");
      try {
        if ((JSON.parse(readFileSync(file, "utf8")) as { name?: unknown }).name === name) return file;
      } catch {
        // Not a package folder.
      }
    }
  }
  throw new Error(`no workspace package named ${name} under ${root}`);
}

/**
 * Imports the workspace package `name` of the checkout at `root`, through
 * its own export map (with `--conditions=@cx/source`, its sources), so that
 * everything it imports in turn resolves inside that checkout too: two
 * checkouts side by side never share a module.
 */
export async function importWorkspacePackage(root: string, name: string): Promise<unknown> {
  const entry = createRequire(packageJsonOf(root, name)).resolve(name);
  return import(pathToFileURL(entry).href);
}
