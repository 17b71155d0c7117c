import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { packageKinds, ruleOf } from "./package-kinds.mjs";
import { findWorkspacePackages } from "./workspace-packages.mjs";

const root = join(import.meta.dirname, "..", "..", "..");
const eslint = new ESLint({ cwd: root });
const workspace = findWorkspacePackages(root);
const deterministic = workspace.filter((p) => ruleOf(p).deterministic);
const free = workspace.filter((p) => !ruleOf(p).deterministic);

/** The rule ids ESLint reports for `code` as if it were the file at `path`. */
async function rulesBroken(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? "parse"}: ${m.message}`);
}

const AMBIENT = "export const x = Math.random() + Date.now() + performance.now();\nexport const d = new Date();\nsetTimeout(() => {}, 1);\n";

describe("the lint rules that guard determinism and the package map, by declared kind", () => {
  it("applies to the deterministic core as the kinds say: the leaves, the protocols and the search", () => {
    expect(deterministic.map((p) => p.name)).toEqual(expect.arrayContaining(["@cx/sim", "@cx/check", "@cx/raft", "@cx/search"]));
  });

  it("rejects ambient randomness and the wall clock in every package of a deterministic kind, saying what to use instead", async () => {
    for (const pkg of deterministic) {
      const broken = await rulesBroken(AMBIENT, `${pkg.dir}/src/probe.ts`);
      expect(broken.filter((m) => m.startsWith("no-restricted-properties")).length, pkg.name).toBe(3);
      expect(broken.some((m) => m.startsWith("no-restricted-syntax") && m.includes("new Date()")), pkg.name).toBe(true);
      expect(broken.some((m) => m.startsWith("no-restricted-globals") && m.includes("ctx.setTimer")), pkg.name).toBe(true);
      expect(broken.every((m) => !m.startsWith("no-restricted-properties") || m.includes("draw it from the choices")), pkg.name).toBe(true);
    }
  });

  it("leaves the tests of the deterministic core free to time themselves", async () => {
    expect(await rulesBroken("export const t = Date.now();\n", "packages/raft/src/probe.test.ts")).toEqual([]);
  });

  it("allows the wall clock where it belongs: apps, harnesses, the renderer and tools", async () => {
    expect(free.map((p) => p.name)).toEqual(expect.arrayContaining(["@cx/cli", "@cx/eval"]));
    for (const pkg of free) {
      expect(await rulesBroken("export const t = Date.now();\n", `${pkg.dir}/src/probe.ts`), pkg.name).toEqual([]);
    }
  });

  it("rejects an upward import with the message of the importer's kind", async () => {
    const search = await rulesBroken('import { runRaft } from "@cx/raft";\nexport const r = runRaft;\n', "packages/search/src/probe.ts");
    expect(search).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*never import a protocol/));
    const check = await rulesBroken('import { runScenario } from "@cx/sim";\nexport const r = runScenario;\n', "packages/check/src/probe.ts");
    expect(check).toContainEqual(`no-restricted-imports: '@cx/sim' import is restricted from being used by a pattern. ${packageKinds.leaf.why}`);
    const viz = await rulesBroken('import { shrink } from "@cx/search";\nexport const s = shrink;\n', "packages/viz/src/probe.ts");
    expect(viz).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*must not depend on a protocol or on search/));
  });

  it("rejects a @cx package that is not in the workspace yet, and allows what the kind names", async () => {
    const raft = await rulesBroken('import { a } from "@cx/paxos";\nimport { b } from "@cx/sim";\nimport { c } from "@cx/check";\nexport const r = [a, b, c];\n', "packages/raft/src/probe.ts");
    expect(raft).toEqual([`no-restricted-imports: '@cx/paxos' import is restricted from being used by a pattern. ${packageKinds.protocol.why}`]);
  });

  it("lets a test use more than its package ships with, but never an app", async () => {
    expect(await rulesBroken('import { runRaft } from "@cx/raft";\nexport const r = runRaft;\n', "packages/search/src/probe.test.ts")).toEqual([]);
    const broken = await rulesBroken('import { main } from "@cx/cli";\nexport const m = main;\n', "packages/eval/src/probe.test.ts");
    expect(broken).toEqual(["no-restricted-imports: '@cx/cli' import is restricted from being used by a pattern. Nothing imports an app: an app is a command, not an API; move what is shared into a library."]);
  });

  it("rejects an import of an app from anywhere, and a reach into another package's sources", async () => {
    for (const path of ["packages/eval/src/probe.ts", "tools/architecture/src/probe.ts"]) {
      const broken = await rulesBroken('import { main } from "@cx/cli";\nexport const m = main;\n', path);
      expect(broken, path).toEqual(["no-restricted-imports: '@cx/cli' import is restricted from being used by a pattern. Nothing imports an app: an app is a command, not an API; move what is shared into a library."]);
    }
    const reach = await rulesBroken('import { x } from "../../sim/src/index.js";\nexport const r = x;\n', "packages/raft/src/probe.ts");
    expect(reach).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*never by a path into its sources/));
  });
});

describe("the size bar", () => {
  const longFunction = `export function long(): number {\n  let n = 0;\n${"  n++;\n".repeat(120)}  return n;\n}\n`;
  const longFile = "export const n = 0;\n".repeat(451);

  it("rejects a source file over 450 lines and a source function over 120, in every kind of package", async () => {
    for (const path of ["packages/sim/src/probe.ts", "packages/eval/src/probe.ts", "apps/cli/src/probe.ts"]) {
      expect(await rulesBroken(longFunction, path), path).toEqual([expect.stringMatching(/^max-lines-per-function: /)]);
      expect(await rulesBroken(longFile, path), path).toEqual([expect.stringMatching(/^max-lines: /)]);
    }
  });

  it("holds tests to the file size too, but lets a test's describe callback run longer than 120 lines", async () => {
    for (const path of ["packages/sim/src/probe.test.ts", "packages/sim/test/probe.ts"]) {
      expect(await rulesBroken(longFunction, path), path).toEqual([]);
      expect(await rulesBroken(longFile, path), path).toEqual([expect.stringMatching(/^max-lines: /)]);
    }
  });
});
