import { spawnSync } from "node:child_process";
import { join } from "node:path";

export const repoRoot = join(import.meta.dirname, "..", "..", "..");

/** Runs the real CLI as a user would (`pnpm cx ...`), from the repo root. */
export function cx(args: readonly string[], cwd = repoRoot): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ["--conditions=@cx/source", "--import", "tsx", join(repoRoot, "apps/cli/src/main.ts"), ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
