import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "./run-cli.js";

/**
 * The contributor's path, end to end, as the issue put it: `cx new protocol
 * demo` in a temp copy of the workspace, then what `npm test` and CI would
 * run for the new package, with no other edit. The copy is the checkout as
 * git sees it (tracked files and new ones not ignored: no node_modules,
 * dist or .git), installed with `pnpm install --offline` from the store.
 *
 * Cost: 80 to 95 s of wall time on the shared 2-core machine (about 30 s
 * of CPU; tsc, the tsup declaration build, the architecture test and the
 * hunt are most of it); each step's time is printed on stderr.
 */

const SKIP_DIRS = new Set(["node_modules", "dist", ".git", ".turbo", ".test-results"]);

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
  for (const key of Object.keys(env)) if (/^(CX_TEST_|VITEST|npm_lifecycle_|npm_package_|npm_command$|INIT_CWD$|PNPM_SCRIPT_SRC_DIR$)/.test(key)) delete env[key];
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
    times.push(`${((performance.now() - started) / 1000).toFixed(1)} s  copy the checkout`);
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

  it("its tests pass: the contract kit, and a short hunt finds each seeded defect while the correct protocol survives", () => {
    const test = run("pnpm", ["test"], demo);
    expect(test.status, test.output).toBe(0);
    expect(test.output).toMatch(/Test Files +2 passed \(2\)/);
  });

  it("the workspace's architecture test passes with it (kinds, imports, cycles, the lint rules by kind)", () => {
    const architecture = run("pnpm", ["test"], join(copy, "tools", "architecture"));
    expect(architecture.status, architecture.output).toBe(0);
  });

  it("it builds and its tarball passes CI's package check (LICENSE, metadata, publint, attw)", () => {
    const build = run("pnpm", ["build"], demo);
    expect(build.status, build.output).toBe(0);
    const checked = run("node", ["scripts/check-packages.mjs", "@cx/demo"]);
    expect(checked.status, checked.output).toBe(0);
    expect(checked.stdout).toContain("ok   @cx/demo");
  });

  it("pnpm -w cx hunt, typed in the package's folder, reads ./src/index.ts there, saves repro.json there, and the hint replays it", () => {
    const hunted = run("pnpm", ["-w", "cx", "hunt", "--protocol", "./src/index.ts", "--bugs", "sync_lazily"], demo);
    expect(hunted.status, hunted.output).toBe(1);
    expect(hunted.stdout).toContain("LogMatching violated in demo+sync_lazily");
    expect(hunted.stdout).toContain("Saved to repro.json; replay with: pnpm -w cx replay repro.json --protocol ./src/index.ts");
    expect(existsSync(join(demo, "repro.json"))).toBe(true);
    const replayed = run("pnpm", ["-w", "cx", "replay", "repro.json", "--protocol", "./src/index.ts"], demo);
    expect(replayed.status, replayed.output).toBe(0);
    expect(replayed.stdout).toContain("Reproduced: LogMatching");
  });
});
