import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseRepro } from "@cx/search";
import { describe, expect, it } from "vitest";
import { baseRepros } from "./hostile-inputs.js";
import { repoRoot } from "./run-cli.js";
import { tempDir } from "./temp-dir.js";

const dir = tempDir("cx-kill-");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts cx, waits until `file` is first written (it exists, or its
 * content changes when it existed already), then kills it with SIGKILL
 * after `delayMs` more (or `waitMs` passed), sampling the file every few milliseconds in
 * between. Returns every sample that was not a valid reproduction.
 */
async function killDuringSaves(args: readonly string[], file: string, { delayMs, waitMs = 60_000 }: { delayMs: number; waitMs?: number }): Promise<string[]> {
  const initial = existsSync(file) ? readFileSync(file, "utf8") : null;
  const child = spawn(process.execPath, ["--conditions=@cx/source", "--import", "tsx", join(repoRoot, "apps/cli/src/main.ts"), ...args], { cwd: repoRoot, stdio: "ignore", env: { ...process.env, NO_COLOR: "1" } });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const bad: string[] = [];
  const sample = (): void => {
    if (!existsSync(file)) return;
    const text = readFileSync(file, "utf8");
    if (!parseRepro(text).ok) bad.push(text.slice(0, 200));
  };
  const deadline = Date.now() + waitMs;
  const written = (): boolean => existsSync(file) && (initial === null || readFileSync(file, "utf8") !== initial);
  while (!written() && child.exitCode === null && Date.now() < deadline) {
    sample();
    await sleep(5);
  }
  const killAt = Date.now() + delayMs;
  while (Date.now() < killAt && child.exitCode === null) {
    sample();
    await sleep(3);
  }
  child.kill("SIGKILL");
  await exited;
  sample();
  return bad;
}

describe("kill -9 during hunt and shrink", () => {
  it("the reproduction on disk is never truncated or corrupt, whenever the process dies", async () => {
    // Kill times drawn once per run of the suite; any time must do.
    const delays = Array.from({ length: 2 }, () => Math.floor(Math.random() * 600));
    const unshrunk = baseRepros.find((r) => r.bugs[0] === "no_client_dedup") ?? (baseRepros[0] as (typeof baseRepros)[number]);
    const shrinkFiles = [0].map((i) => {
      const path = join(dir, `shrink-${i}.json`);
      writeFileSync(path, JSON.stringify(unshrunk));
      return path;
    });
    const runs = await Promise.all([
      killDuringSaves(["hunt", "--bugs", "no_log_up_to_date_check", "--budget", "300", "--shrink-seconds", "20", "--save", join(dir, "hunt-0.json")], join(dir, "hunt-0.json"), { delayMs: delays[0] as number }),
      killDuringSaves(["shrink", shrinkFiles[0] as string, "--seconds", "20"], shrinkFiles[0] as string, { delayMs: delays[1] as number, waitMs: 4000 }),
    ]);
    expect(runs.flat(), `kill delays ${delays.join(", ")} ms`).toEqual([]);
    expect(existsSync(join(dir, "hunt-0.json"))).toBe(true);
  });
});
