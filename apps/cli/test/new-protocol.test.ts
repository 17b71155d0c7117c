import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { identifierFor, nameProblem, NAME_MAX, runNewProtocol, type NewProtocolReport } from "../src/commands/new-protocol.js";
import { isWorkspaceFolder, workspaceGlobs } from "../src/workspace-layout.js";
import { cx, cxInProcess, repoRoot } from "./run-cli.js";

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A small cx workspace in a temp folder: the root configs the template extends, one package, @cx/sim and @cx/check installed. */
function workspace(files: Readonly<Record<string, string>> = {}): string {
  const root = mkdtempSync(join(tmpdir(), "cx-new-"));
  made.push(root);
  const all: Record<string, string> = {
    "pnpm-workspace.yaml": "packages:\n  - packages/*\n  - examples/*   # the examples\n",
    "tsconfig.base.json": "{}\n",
    "tsup.shared.ts": "export {};\n",
    "vitest.shared.ts": "export {};\n",
    LICENSE: "MIT License (the workspace's)\n",
    "packages/taken/package.json": JSON.stringify({ name: "@cx/taken" }),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  mkdirSync(join(root, "node_modules", "@cx"), { recursive: true });
  for (const name of ["sim", "check"]) symlinkSync(join(repoRoot, "packages", name), join(root, "node_modules", "@cx", name), "dir");
  return root;
}

const FILES = [
  "LICENSE",
  "README.md",
  "package.json",
  "src/defects.ts",
  "src/index.ts",
  "src/plugin.ts",
  "src/primary-node.ts",
  "test/contract.test.ts",
  "test/defects.test.ts",
  "tsconfig.json",
  "tsup.config.ts",
  "vitest.config.ts",
];

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(dir, join(prefix, e.name)) : [join(prefix, e.name)]))
    .sort();
}

describe("cx new protocol <name>", () => {
  const root = workspace();
  const created = cx(["new", "protocol", "demo"], root);
  const dir = join(root, "packages", "demo");
  const read = (path: string): string => readFileSync(join(dir, path), "utf8");

  it("writes packages/<name> at the workspace root from the template, and prints the next steps", () => {
    expect(created.status, created.stderr).toBe(0);
    expect(filesUnder(dir)).toEqual(FILES);
    expect(created.stdout).toContain("Created @cx/demo in ./packages/demo (12 files)");
    expect(created.stdout).toMatch(/pnpm install +# link it into the workspace/);
    expect(created.stdout).toContain("pnpm --filter @cx/demo test");
    expect(created.stdout).toContain("pnpm cx hunt --protocol ./packages/demo/src/index.ts --bugs sync_lazily");
    expect(created.stdout).toContain('import { protocolPlugin as demoProtocol } from "@cx/demo";');
    expect(created.stdout).toContain('{ plugin: demoProtocol, module: import.meta.resolve("@cx/demo") },');
    expect(readdirSync(join(root, "packages")).sort(), "no temp folder is left beside it").toEqual(["demo", "taken"]);
  });

  it("makes a protocol package of the workspace: its kind, exports with the @cx/source condition, scripts, workspace dependencies", () => {
    const pkg = JSON.parse(read("package.json")) as Record<string, unknown>;
    expect(pkg).toMatchObject({
      name: "@cx/demo",
      version: "0.0.0",
      license: "MIT",
      type: "module",
      cx: { kind: "protocol" },
      repository: { directory: "packages/demo" },
      exports: { ".": { "@cx/source": "./src/index.ts", import: { default: "./dist/index.js" }, require: { default: "./dist/index.cjs" } } },
      scripts: { build: "tsup", test: "vitest run", lint: "eslint src test", typecheck: "tsc -p tsconfig.json" },
      dependencies: { "@cx/check": "workspace:^", "@cx/sim": "workspace:^" },
      devDependencies: { "@cx/search": "workspace:^", "@cx/vitest": "workspace:^" },
    });
    expect(pkg["private"]).toBeUndefined();
    expect(JSON.parse(read("tsconfig.json"))).toEqual({ extends: "../../tsconfig.base.json", include: ["src", "test"] });
    expect(read("vitest.config.ts")).toContain('from "../../vitest.shared.js"');
    expect(read("tsup.config.ts")).toContain('from "../../tsup.shared.js"');
    expect(read("LICENSE")).toBe("MIT License (the workspace's)\n");
    expect(read("src/plugin.ts")).toContain('name: "demo",');
    expect(read("README.md")).toContain("pnpm cx hunt --protocol ./packages/demo/src/index.ts --bugs sync_lazily");
    for (const file of FILES) expect(read(file), `${file} keeps a placeholder`).not.toMatch(/__[A-Z]+__/);
  });

  it("the package's plug-in loads through --protocol, relative to the folder cx runs in (the one pnpm cx was typed in)", () => {
    // A loaded test machine can take longer than the 4 s hang limit to compile the new package: not what this test is about.
    const listed = cx(["bugs", "--protocol", "./src/index.ts", "--json"], dir, { CX_PROTOCOL_LOAD_SECONDS: "60" });
    expect(listed.status, listed.stderr).toBe(0);
    const report = JSON.parse(listed.stdout) as { protocol: string; bugs: { name: string; caughtBy: string }[] };
    expect(report.protocol).toBe("demo");
    expect(report.bugs.map((b) => `${b.name}: ${b.caughtBy}`)).toEqual(["serve_reads_anywhere: Linearizability", "sync_lazily: LogMatching"]);
    const atRoot = cx(["bugs", "--protocol", "./src/index.ts"], repoRoot, { npm_lifecycle_event: "cx", INIT_CWD: dir });
    expect(atRoot.status, "in the checkout root the path is the root's, whatever pnpm's INIT_CWD says").toBe(2);
    expect(atRoot.stderr).toMatch(/no such file .*src\/index\.ts/);
  });

  it("refuses a folder that exists, whatever is in it, and leaves it as it was (exit 2)", async () => {
    const again = await cxInProcess(["new", "protocol", "demo", "--dir", dir]);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/^cx: --dir: .*packages\/demo already exists; cx new protocol writes a new folder and never overwrites one/);
    mkdirSync(join(root, "packages", "empty"));
    expect((await cxInProcess(["new", "protocol", "empty", "--dir", join(root, "packages", "empty")])).status).toBe(2);
    expect(readdirSync(join(root, "packages", "empty"))).toEqual([]);
    expect(filesUnder(dir)).toEqual(FILES);
  });
});

describe("cx new protocol's checks, before anything is written", () => {
  it("accepts lower-case letters, digits and single dashes, starting with a letter, at most 40 characters", () => {
    for (const good of ["demo", "vr", "raft2", "my-protocol", "a".repeat(NAME_MAX)]) expect(nameProblem(good), good).toBeUndefined();
    for (const bad of ["", "Demo", "2pc", "-demo", "demo-", "my--protocol", "my_protocol", "my.protocol", "../up", "a b", "@cx/demo"]) {
      expect(nameProblem(bad), bad).toMatch(/is not lower-case letters, digits and single dashes/);
    }
    expect(nameProblem("a".repeat(NAME_MAX + 1))).toMatch(/is 41 characters long; at most 40/);
    expect(identifierFor("my-2nd-protocol")).toBe("my2ndProtocolProtocol");
    expect(identifierFor("delete")).toBe("deleteProtocol");
  });

  it("cx new without what to make, or with something else, is a usage error; cx new protocol --help shows the exit codes", async () => {
    for (const [args, message] of [
      [["new"], "cx: cx new makes a protocol package: cx new protocol <name>\n"],
      [["new", "library"], 'cx: cx new makes a protocol package: cx new protocol <name>; "library" is not something it makes\n'],
      [["new", "protocol"], "cx: missing required argument 'name' (run pnpm cx new protocol --help for usage)\n"],
    ] as const) {
      const run = await cxInProcess(args);
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr).toBe(message);
    }
    const help = await cxInProcess(["new", "protocol", "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Usage: cx new protocol [options] <name>");
    expect(help.stdout).toContain("Exit codes:");
  });

  it("refuses a bad name, a taken package, a built-in's name and a bad scope with exit 2, writing nothing", async () => {
    const root = workspace();
    const at = (name: string) => join(root, "packages", name);
    const cases: [args: string[], message: RegExp][] = [
      [["new", "protocol", "Demo", "--dir", at("Demo")], /^cx: cx new protocol: the name "Demo" is not lower-case letters/],
      [["new", "protocol", "x".repeat(41), "--dir", at("x")], /is 41 characters long; at most 40/],
      [["new", "protocol", "taken", "--dir", at("taken2")], /the workspace already has a package named @cx\/taken \(in packages\/taken\)/],
      [["new", "protocol", "raft", "--dir", at("raft")], /"raft" is the name of a built-in protocol/],
      [["new", "protocol", "demo", "--dir", at("demo"), "--scope", "acme"], /--scope: expected an npm scope like @acme/],
    ];
    for (const [args, message] of cases) {
      const run = await cxInProcess(args);
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect(readdirSync(join(root, "packages"))).toEqual(["taken"]);
  });

  it("refuses a folder pnpm would not see, one outside the workspace, and a workspace that is not a cx checkout (exit 2)", async () => {
    const root = workspace();
    const nested = await cxInProcess(["new", "protocol", "demo", "--dir", join(root, "packages", "taken", "demo")]);
    expect(nested.status).toBe(2);
    expect(nested.stderr).toContain("packages/taken/demo is not a folder pnpm-workspace.yaml includes (packages/*, examples/*)");
    const outside = mkdtempSync(join(tmpdir(), "cx-new-outside-"));
    made.push(outside);
    const lost = await cxInProcess(["new", "protocol", "demo", "--dir", join(outside, "demo")]);
    expect(lost.status).toBe(2);
    expect(lost.stderr).toMatch(/there is no pnpm-workspace\.yaml in .* or above: run it inside the checkout/);
    const foreign = workspace();
    rmSync(join(foreign, "tsup.shared.ts"));
    const notCx = await cxInProcess(["new", "protocol", "demo", "--dir", join(foreign, "packages", "demo")]);
    expect(notCx.status).toBe(2);
    expect(notCx.stderr).toMatch(/is a pnpm workspace but not a cx checkout: it has no tsup\.shared\.ts/);
    expect(existsSync(join(foreign, "packages", "demo"))).toBe(false);
  });

  it("--dir and --scope place and name the package; --json reports what was written", async () => {
    const root = workspace();
    const run = await cxInProcess(["new", "protocol", "kv-store", "--dir", join(root, "examples", "kv"), "--scope", "@acme", "--json"]);
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as NewProtocolReport;
    expect(report).toMatchObject({ package: "@acme/kv-store", protocol: "kv-store", dir: join(root, "examples", "kv"), files: FILES });
    expect(report.nextSteps[0]).toBe("pnpm install");
    expect(report.builtin[1]?.add[0]).toBe('import { protocolPlugin as kvStoreProtocol } from "@acme/kv-store";');
    const pkg = JSON.parse(readFileSync(join(root, "examples", "kv", "package.json"), "utf8")) as { name: string; repository: { directory: string } };
    expect(pkg.name).toBe("@acme/kv-store");
    expect(pkg.repository.directory).toBe("examples/kv");
    const direct = await runNewProtocol({ name: "other", cwd: join(root, "packages", "taken") });
    expect(direct.report.dir, "by default in packages/ of the workspace cx runs in").toBe(join(root, "packages", "other"));
  });
});

describe("the folders of a pnpm workspace", () => {
  it("reads the package globs of pnpm-workspace.yaml, as a block or a flow list", () => {
    expect(workspaceGlobs("packages:\n  - packages/*\n  - 'apps/*' # apps\n  - \"!**/test/**\"\nallowBuilds:\n  esbuild: true\n")).toEqual(["packages/*", "apps/*", "!**/test/**"]);
    expect(workspaceGlobs("packages: [packages/*, 'tools/*']\n")).toEqual(["packages/*", "tools/*"]);
    expect(workspaceGlobs("onlyBuiltDependencies:\n  - esbuild\n")).toEqual([]);
  });

  it("tells which folders the globs include", () => {
    const globs = ["packages/*", "libs/**", "!libs/**/fixtures"];
    expect(isWorkspaceFolder("packages/demo", globs)).toBe(true);
    expect(isWorkspaceFolder("packages/demo/sub", globs)).toBe(false);
    expect(isWorkspaceFolder("demo", globs)).toBe(false);
    expect(isWorkspaceFolder("libs/a/b", globs)).toBe(true);
    expect(isWorkspaceFolder("libs/a/fixtures", globs)).toBe(false);
  });
});
