import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const repoRoot = join(import.meta.dirname, "..", "..", "..");

// tsx's loader by absolute URL, so the CLI runs from sources in any working directory (a temp folder too).
const tsxLoader = pathToFileURL(join(repoRoot, "node_modules", "tsx", "dist", "loader.mjs")).href;

/** Runs the real CLI as a user would (`pnpm cx ...`), from the repo root or another folder, with `env` over this process's environment. */
export function cx(args: readonly string[], cwd = repoRoot, env: Readonly<Record<string, string>> = {}): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ["--conditions=@cx/source", "--import", tsxLoader, join(repoRoot, "apps/cli/src/main.ts"), ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", ...env },
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Runs the CLI in this process (no start-up cost): the same `runCli` the
 * binary runs, with stdout and stderr captured. Paths must be absolute (the
 * working directory is the test's).
 */
export async function cxInProcess(args: readonly string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const { runCli } = await import("../src/cli.js");
  let stdout = "";
  let stderr = "";
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
  }) as typeof process.stderr.write;
  try {
    const status = await runCli(args);
    return { status, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}
