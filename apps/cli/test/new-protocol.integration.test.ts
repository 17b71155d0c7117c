import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "./run-cli.js";

/**
 * The contributor's path, end to end: `cx new protocol demo` in a temp copy
 * of the workspace, then the whole `npm test` and what CI runs for the new
 * package, with no other edit. The copy is the checkout as git sees it
 * (tracked files and new ones not ignored: no node_modules, dist or .git),
 * installed with `pnpm install --offline` from the store.
 *
 * `npm test` is turbo: the copy starts with this checkout's turbo cache, so
 * a package whose inputs the new one does not change replays the result the
 * checkout's own `npm test` recorded (CI runs that first), and the new
 * package, the architecture test (whose inputs are every package) and
 * anything else it touches run for real. Without that cache every package
 * runs: about 15 minutes on 2 cores instead of about 2.
 *
 * Each step's time is printed on stderr, with how many test tasks replayed.
 */

const SKIP_DIRS = new Set(["node_modules", "dist", ".git", ".turbo", ".test-results"]);
/** Long enough for a whole `npm test` with no cache to replay; with one it takes a few minutes. */
const WHOLE_SUITE_MS = 40 * 60_000;

/** The files of the checkout as git sees them (tracked, and new files that are not ignored); a plain walk without git. */
function checkoutFiles(root: string): string[] {
  try {
    const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    return listed.split("\0").filter((file) => file !== "" && existsSync(join(root, file)) && !lstatSync(join(root, file)).isDirectory());
  } catch {
    const walk = (prefix: string): string[] =>
      readdirSync(join(root, prefix), { withFileTypes: true }).flatMap((e) =>
        SKIP_DIRS.has(e.name) ? [] : e.isDirectory() ? walk(join(prefix, e.name)) : [join(prefix, e.name)],
      );
    return walk("");
  }
}

/** The environment of a command a user types: none of this test run's tier, report folder or npm script variables. */
function userEnvironment(): NodeJS.ProcessEnv {
  // A loaded test machine can take longer than the 4 s hang limit to compile the new package: not what this test is about.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", CX_PROTOCOL_LOAD_SECONDS: "60" };
  // TURBO_FORCE too: CI forces its own run past the cache, and the copy's npm test must read the cache that run wrote.
  for (const key of Object.keys(env)) if (/^(CX_TEST_|VITEST|npm_lifecycle_|npm_package_|npm_command$|INIT_CWD$|PNPM_SCRIPT_SRC_DIR$|TURBO_FORCE$)/.test(key)) delete env[key];
  return env;
}

const copy = mkdtempSync(join(tmpdir(), "cx-new-protocol-"));
const demo = join(copy, "packages", "demo");
const times: string[] = [];

/** Runs a command in the copy as a user would; its output is kept for the failure message. */
function run(command: string, args: readonly string[], cwd = copy): { status: number; output: string; stdout: string } {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, env: userEnvironment(), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  times.push(`${((performance.now() - started) / 1000).toFixed(1)} s  ${command} ${args.join(" ")} (in ${cwd === copy ? "the root" : cwd.slice(copy.length + 1)})`);
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  return { status: result.status ?? -1, output: `$ ${command} ${args.join(" ")}\n${output.slice(-6000)}`, stdout: result.stdout ?? "" };
}

describe("cx new protocol demo, in a temp copy of the workspace, is green with no other edit", () => {
  let created: ReturnType<typeof run>;

  beforeAll(() => {
    const started = performance.now();
    for (const file of checkoutFiles(repoRoot)) {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      copyFileSync(join(repoRoot, file), join(copy, file));
    }
    const cache = join(repoRoot, ".turbo", "cache");
    if (existsSync(cache)) cpSync(cache, join(copy, ".turbo", "cache"), { recursive: true });
    times.push(`${((performance.now() - started) / 1000).toFixed(1)} s  copy the checkout${existsSync(cache) ? " and its turbo cache" : " (no turbo cache: npm test will run every package)"}`);
    // Not frozen (pnpm freezes the lockfile by default when CI is set): a working tree may hold a package its author
    // has not installed yet, and the new package is itself a change to the lockfile.
    const installed = run("pnpm", ["install", "--offline", "--no-frozen-lockfile"]);
    if (installed.status !== 0) throw new Error(installed.output);
    created = run("pnpm", ["cx", "new", "protocol", "demo"]);
    if (created.status === 0) {
      const linked = run("pnpm", ["install", "--offline", "--no-frozen-lockfile"]);
      if (linked.status !== 0) throw new Error(linked.output);
    }
  });

  afterAll(() => {
    process.stderr.write(`cx new protocol, integration: ${times.length} steps\n${times.map((t) => `  ${t}`).join("\n")}\n`);
    rmSync(copy, { recursive: true, force: true });
  });

  it("the copy's own cx writes packages/demo, and pnpm install --offline links it and records it in the lockfile", () => {
    expect(created.status, created.output).toBe(0);
    expect(created.stdout).toContain("Created @cx/demo in ./packages/demo");
    expect(readFileSync(join(copy, "pnpm-lock.yaml"), "utf8")).toContain("\n  packages/demo:\n");
    expect(existsSync(join(demo, "node_modules", "@cx", "vitest", "package.json"))).toBe(true);
  });

  it("the new package type-checks and lints (the determinism and import rules of a protocol package)", () => {
    const typecheck = run("pnpm", ["typecheck"], demo);
    expect(typecheck.status, typecheck.output).toBe(0);
    const lint = run("pnpm", ["lint"], demo);
    expect(lint.status, lint.output).toBe(0);
  });

  it(
    "npm test passes in the copy: the new package's contract kit and hunts, the architecture test with it, and every other package",
    () => {
      // Before it runs: the new package's tests and the architecture test must run for real, whatever the cache holds.
      const planned = run("pnpm", ["exec", "turbo", "run", "test", "--dry=json"]);
      expect(planned.status, planned.output).toBe(0);
      const tests = (JSON.parse(planned.stdout) as { tasks: { taskId: string; cache: { status: string } }[] }).tasks.filter((t) => t.taskId.endsWith("#test"));
      const fresh = tests.filter((t) => t.cache.status !== "HIT").map((t) => t.taskId);
      expect(fresh).toEqual(expect.arrayContaining(["@cx/architecture#test", "@cx/demo#test"]));
      times.push(`       npm test will run ${fresh.length} of ${tests.length} test tasks and replay the rest from the cache: ${fresh.join(", ")}`);
      const test = run("npm", ["test"]);
      expect(test.status, test.output).toBe(0);
      const tasks = /Tasks: +(\d+) successful, (\d+) total/.exec(test.output);
      expect(tasks?.[1]).toBe(tasks?.[2]);
    },
    WHOLE_SUITE_MS,
  );

  it("it builds and its tarball passes CI's package check (LICENSE, metadata, publint, attw)", () => {
    const build = run("pnpm", ["build"], demo);
    expect(build.status, build.output).toBe(0);
    const checked = run("node", ["scripts/check-packages.mjs", "@cx/demo"]);
    expect(checked.status, checked.output).toBe(0);
    expect(checked.stdout).toContain("ok   @cx/demo");
  });

  it("pnpm cx hunt, typed in the package's folder, reads ./src/index.ts there, saves repro.json there, and the hint replays it", () => {
    const hunted = run("pnpm", ["cx", "hunt", "--protocol", "./src/index.ts", "--bugs", "sync_lazily"], demo);
    expect(hunted.status, hunted.output).toBe(1);
    expect(hunted.stdout).toContain("LogMatching violated in demo+sync_lazily");
    expect(hunted.stdout).toContain("Saved to repro.json; replay with: pnpm cx replay repro.json --protocol ./src/index.ts");
    expect(existsSync(join(demo, "repro.json"))).toBe(true);
    const replayed = run("pnpm", ["cx", "replay", "repro.json", "--protocol", "./src/index.ts"], demo);
    expect(replayed.status, replayed.output).toBe(0);
    expect(replayed.stdout).toContain("Reproduced: LogMatching");
  });
});
