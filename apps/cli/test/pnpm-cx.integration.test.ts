import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "cx-pnpm-cx-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The environment of a command a user types: none of this test run's tier, report folder or npm script variables. */
function userEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" };
  for (const key of Object.keys(env)) if (/^(CX_TEST_|VITEST|npm_lifecycle_|npm_package_|npm_command$|INIT_CWD$|PNPM_SCRIPT_SRC_DIR$)/.test(key)) delete env[key];
  return env;
}

describe("pnpm cx, as a user types it in a clone", () => {
  // At the root a root package.json script named cx would shadow the bin (and pnpm would add its ELIFECYCLE line); below it pnpm finds the root's bin.
  for (const folder of [".", "examples/lease-lock"]) {
    it(`a hunt that finds a violation exits 1 with no ELIFECYCLE line from pnpm, typed in ${folder === "." ? "the root" : folder}`, () => {
      const saved = join(dir, `${folder.replace(/\W/g, "_")}.json`);
      const hunted = spawnSync("pnpm", ["cx", "hunt", "--bugs", "vote_twice_in_term", "--shrink-runs", "1", "--save", saved], {
        cwd: join(repoRoot, folder),
        env: userEnvironment(),
        encoding: "utf8",
      });
      expect(hunted.status, `${hunted.stdout}${hunted.stderr}`).toBe(1);
      expect(hunted.stdout).toContain("ElectionSafety violated in raft+vote_twice_in_term");
      expect(hunted.stderr).not.toMatch(/ELIFECYCLE|Command failed/);
      expect(existsSync(saved)).toBe(true);
    });
  }
});
