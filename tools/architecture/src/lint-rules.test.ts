import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `path`. */
async function rulesBroken(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? "parse"}: ${m.message}`);
}

describe("the lint rules that guard determinism and the package map", () => {
  it("rejects ambient randomness and the wall clock in the deterministic core, saying what to use instead", async () => {
    for (const pkg of ["sim", "raft", "check", "search"]) {
      const broken = await rulesBroken("export const x = Math.random() + Date.now() + performance.now();\nexport const d = new Date();\nsetTimeout(() => {}, 1);\n", `packages/${pkg}/src/probe.ts`);
      expect(broken.filter((m) => m.startsWith("no-restricted-properties")).length, pkg).toBe(3);
      expect(broken.some((m) => m.startsWith("no-restricted-syntax") && m.includes("new Date()")), pkg).toBe(true);
      expect(broken.some((m) => m.startsWith("no-restricted-globals") && m.includes("ctx.setTimer")), pkg).toBe(true);
      expect(broken.every((m) => !m.startsWith("no-restricted-properties") || m.includes("draw it from the choices")), pkg).toBe(true);
    }
  });

  it("allows the wall clock where it belongs: apps and the experiment", async () => {
    expect(await rulesBroken("export const t = Date.now();\n", "apps/cli/src/probe.ts")).toEqual([]);
    expect(await rulesBroken("export const t = Date.now();\n", "packages/eval/src/probe.ts")).toEqual([]);
  });

  it("rejects an upward import with a message that says why", async () => {
    const search = await rulesBroken('import { runRaft } from "@cx/raft";\nexport const r = runRaft;\n', "packages/search/src/probe.ts");
    expect(search.some((m) => m.startsWith("no-restricted-imports") && m.includes("never import a protocol"))).toBe(true);
    const check = await rulesBroken('import { runScenario } from "@cx/sim";\nexport const r = runScenario;\n', "packages/check/src/probe.ts");
    expect(check.some((m) => m.startsWith("no-restricted-imports") && m.includes("leaf"))).toBe(true);
  });
});
