import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const repoRoot = join(import.meta.dirname, "..", "..", "..");
const bin = join(import.meta.dirname, "..", "src", "cx.mjs");
const folder = mkdtempSync(join(tmpdir(), "cx-from-source-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const env = { ...process.env, NO_COLOR: "1" };

/** Starts a hunt that would run for hours through the bin, and resolves once cx has printed its first progress line (both processes are up). */
async function longHunt(detached: boolean) {
  const child = spawn(process.execPath, [bin, "hunt", "--bugs", "none", "--budget", "100000000", "--save", join(folder, "none.json")], { cwd: folder, env, detached, stdio: ["ignore", "pipe", "pipe"] });
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("close", (code, signal) => resolve({ code, signal })));
  await new Promise<void>((resolve) => child.stderr.once("data", () => resolve()));
  return { child, closed };
}

/** How it ended, or "cx still running" when something still holds its pipes open after `ms` (a cx left behind). */
function settled<T>(closed: Promise<T>, ms = 60_000): Promise<T | "cx still running"> {
  return Promise.race([closed, new Promise<"cx still running">((resolve) => setTimeout(() => resolve("cx still running"), ms).unref())]);
}

describe("cx from the sources, as `pnpm cx` runs it", () => {
  it("runs cx in the folder it was started in and passes its exit code on", () => {
    copyFileSync(join(repoRoot, "apps/cli/test/fixtures/saved-repros/raft-vote_twice_in_term.json"), join(folder, "repro.json"));
    const replayed = spawnSync(process.execPath, [bin, "replay", "repro.json"], { cwd: folder, env, encoding: "utf8" });
    expect(replayed.status, replayed.stderr).toBe(0);
    expect(replayed.stdout).toContain("Reproduced:");
    const missing = spawnSync(process.execPath, [bin, "replay", "missing.json"], { cwd: folder, env, encoding: "utf8" });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("missing.json");
  });

  it("passes SIGTERM sent to it alone on to cx, then dies of it as cx did", async () => {
    const { child, closed } = await longHunt(false);
    child.kill("SIGTERM");
    // "close" waits for cx too: it holds the same pipes, so a cx left running would keep them open.
    expect(await settled(closed)).toEqual({ code: null, signal: "SIGTERM" });
  });

  it("on Ctrl-C (SIGINT to the whole process group) ends with cx and dies of SIGINT", async () => {
    const { child, closed } = await longHunt(true);
    if (child.pid === undefined) throw new Error("the bin did not start");
    process.kill(-child.pid, "SIGINT");
    expect(await settled(closed)).toEqual({ code: null, signal: "SIGINT" });
  });
});
