import { join } from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import { packageMapProblems } from "./package-map.js";
import { addFiles, copyWorkspace, removeWorkspace } from "./temp-workspace.js";

const root = join(import.meta.dirname, "..", "..", "..");
const copies: string[] = [];
afterAll(() => copies.forEach(removeWorkspace));

/** A copy of this workspace with `files` added and nothing else edited. */
function workspaceWith(files: Readonly<Record<string, string>>): string {
  const copy = copyWorkspace(root);
  copies.push(copy);
  addFiles(copy, files);
  return copy;
}

function manifest(name: string, cx: object | undefined, uses: readonly string[] = ["@cx/sim", "@cx/check"]): string {
  const dependencies = Object.fromEntries(uses.map((dep) => [dep, "workspace:^"]));
  return `${JSON.stringify({ name, version: "0.0.0", type: "module", ...(cx ? { cx } : {}), dependencies }, null, 2)}\n`;
}

/** "rule: message" for every problem ESLint reports in the package's sources. */
async function lint(copy: string, dir: string): Promise<string[]> {
  const results = await new ESLint({ cwd: copy }).lintFiles([`${dir}/src`]);
  return results.flatMap((r) => r.messages.map((m) => `${m.ruleId ?? "parse"}: ${m.message}`));
}

const NONDETERMINISTIC = 'import { runRaft } from "@cx/raft";\nimport { choices } from "@acme/kv-protocol";\nexport const noise = [runRaft, choices, Math.random(), Date.now()];\n';
const CLEAN = 'import { GeneratedChoices } from "@cx/sim";\nimport type { Violation } from "@cx/check";\nexport const none: Violation | null = null;\nexport const choices = (seed: number) => new GeneratedChoices(seed);\n';

describe("a new package gets the rules of its declared kind, with no edit elsewhere", () => {
  it("a protocol package dropped into examples/ gets the determinism rules and the import rule, with their messages", async () => {
    const copy = workspaceWith({
      "examples/my-protocol/package.json": manifest("@acme/my-protocol", { kind: "protocol" }),
      "examples/my-protocol/src/index.ts": NONDETERMINISTIC,
      "packages/kv-protocol/package.json": manifest("@acme/kv-protocol", { kind: "protocol" }),
      "packages/kv-protocol/src/index.ts": CLEAN,
    });
    const broken = await lint(copy, "examples/my-protocol");
    expect(broken).toContainEqual(expect.stringMatching(/^no-restricted-properties: .*Math\.random is ambient randomness: draw it from the choices/));
    expect(broken).toContainEqual(expect.stringMatching(/^no-restricted-properties: .*Date\.now reads the wall clock: draw it from the choices .* read the world's clock/));
    expect(broken).toContainEqual(expect.stringMatching(/^no-restricted-imports: '@cx\/raft' .*a protocol package may use only @cx\/sim and @cx\/check/));
    expect(broken, "another workspace protocol, whatever its scope").toContainEqual(expect.stringMatching(/^no-restricted-imports: '@acme\/kv-protocol' .*a protocol package may use only/));
    const why = "a protocol package may use only @cx/sim and @cx/check: imports flow downward (docs/ARCHITECTURE.md), so the search, the stories and the harnesses stay protocol-neutral and another protocol plugs in without touching them.";
    expect(packageMapProblems(copy)).toEqual([`examples/my-protocol/src/index.ts imports @cx/raft: ${why}`, `examples/my-protocol/src/index.ts imports @acme/kv-protocol: ${why}`]);
  });

  it("a clean new protocol package passes the lint and the architecture check as it is", async () => {
    const copy = workspaceWith({
      "packages/kv-protocol/package.json": manifest("@acme/kv-protocol", { kind: "protocol" }),
      "packages/kv-protocol/src/index.ts": CLEAN,
    });
    expect(await lint(copy, "packages/kv-protocol")).toEqual([]);
    expect(packageMapProblems(copy)).toEqual([]);
  });

  it("a registry may list every protocol package, whatever its scope, and nothing built on them", async () => {
    const copy = workspaceWith({
      "packages/kv-protocol/package.json": manifest("@acme/kv-protocol", { kind: "protocol" }),
      "packages/kv-protocol/src/index.ts": CLEAN,
      "packages/registry/package.json": manifest("@acme/protocols", { kind: "registry" }, ["@cx/sim", "@cx/raft", "@acme/kv-protocol"]),
      "packages/registry/src/index.ts": 'import { choices } from "@acme/kv-protocol";\nimport { raftBugs } from "@cx/raft";\nimport { GeneratedChoices } from "@cx/sim";\nexport const protocols = [choices, raftBugs, GeneratedChoices];\n',
      "packages/registry/src/search.ts": 'import { shrink } from "@cx/search";\nexport const s = shrink;\n',
    });
    const broken = await lint(copy, "packages/registry");
    expect(broken).toEqual([expect.stringMatching(/^no-restricted-imports: '@cx\/search' .*the protocol registry lists the protocols/)]);
    expect(packageMapProblems(copy)).toEqual([expect.stringMatching(/^packages\/registry\/src\/search\.ts imports @cx\/search: the protocol registry/)]);
  });

  it("a package with no declared kind fails the architecture check, naming the field to add, and meanwhile gets the strictest rules", async () => {
    const copy = workspaceWith({
      "packages/mystery/package.json": manifest("@acme/mystery", undefined),
      "packages/mystery/src/index.ts": CLEAN.replace("seed: number", "seed = Date.now()"),
    });
    const problems = packageMapProblems(copy);
    expect(problems).toContain('@acme/mystery (packages/mystery/package.json) declares no kind: add "cx": { "kind": "..." } to its package.json, one of leaf, protocol, host, hosted-protocol, search, viz, harness, registry, app, tool.');
    const broken = await lint(copy, "packages/mystery");
    expect(broken).toContainEqual(expect.stringMatching(/^no-restricted-properties: .*Date\.now reads the wall clock/));
    expect(broken).toContainEqual(expect.stringMatching(/^no-restricted-imports: '@cx\/sim' .*declares no kind.*"cx": \{ "kind": "\.\.\." \}/));
  });

  it("a misspelt kind is reported as one that does not exist, with the kinds to choose from", () => {
    const copy = workspaceWith({
      "packages/typo/package.json": manifest("@acme/typo", { kind: "protocl" }),
      "packages/typo/src/index.ts": CLEAN,
    });
    expect(packageMapProblems(copy)).toContainEqual(expect.stringContaining('@acme/typo (packages/typo/package.json) declares the kind "protocl", which does not exist: set "cx": { "kind": "..." } to one of leaf, protocol'));
  });
});
