import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const repoRoot = join(import.meta.dirname, "..", "..", "..");

// tsx's loader by absolute URL, so the CLI runs from sources in any working directory (a temp folder too).
const tsxLoader = pathToFileURL(join(repoRoot, "node_modules", "tsx", "dist", "loader.mjs")).href;

/** Runs the real CLI as a user would (`pnpm cx ...`), from the repo root or another folder. */
export function cx(args: readonly string[], cwd = repoRoot): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ["--conditions=@cx/source", "--import", tsxLoader, join(repoRoot, "apps/cli/src/main.ts"), ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
