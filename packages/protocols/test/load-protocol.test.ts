import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtinProtocolNames, importProtocolModule, isProtocolLoadError, loadProtocol } from "../src/index.js";

const dir = mkdtempSync(join(tmpdir(), "cx-protocols-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A plug-in written by hand, without @cx/sim: what the contract check sees is the shape, not the origin. */
const handMade = (name: string, extra = "") => `
const run = () => { throw new Error("not run in this test"); };
export const protocolPlugin = {
  kind: "cx-protocol-plugin", contract: 1, name: ${JSON.stringify(name)}, version: "1.0.0", summary: "hand-made",
  defects: [{ name: "oops", mistake: "a mistake", caughtBy: "Linearizability" }],
  scenario: {}, run, createTarget: () => ({ name: ${JSON.stringify(name)}, run }),
};
${extra}`;

const write = (relative: string, text: string): string => {
  const file = join(dir, relative);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
  return file;
};

describe("loadProtocol", () => {
  it("finds the built-in protocols by short name, with a module URL a worker can import again", async () => {
    expect(builtinProtocolNames()).toContain("raft");
    const raft = await loadProtocol("raft", dir);
    expect(raft.builtin).toBe(true);
    expect(raft.plugin.name).toBe("raft");
    expect(raft.module).toMatch(/^file:/);
    expect((await importProtocolModule(raft.module)).name).toBe("raft");
  });

  it("loads a JavaScript module file by relative or absolute path", async () => {
    const file = write("js/hand.mjs", handMade("hand-js"));
    expect((await loadProtocol("./js/hand.mjs", dir)).plugin.name).toBe("hand-js");
    const loaded = await loadProtocol(file, "/");
    expect(loaded.builtin).toBe(false);
    expect(loaded.plugin.defects[0]?.name).toBe("oops");
  });

  it("loads a TypeScript module file through tsx", async () => {
    write("ts/proto.ts", `${handMade("hand-ts")}\nconst typed: number = 3;\nexport const unused = typed;\n`);
    expect((await loadProtocol("ts/proto.ts", dir)).plugin.name).toBe("hand-ts");
  });

  it("loads an installed package by name, through its exports map", async () => {
    write("app/node_modules/@acme/cx-proto/package.json", JSON.stringify({ name: "@acme/cx-proto", type: "module", exports: { ".": { import: "./dist/main.js" } } }));
    write("app/node_modules/@acme/cx-proto/dist/main.js", handMade("acme"));
    mkdirSync(join(dir, "app", "src"), { recursive: true });
    expect((await loadProtocol("@acme/cx-proto", join(dir, "app", "src"))).plugin.name).toBe("acme");
  });

  it("loads a package's subpath through its exports map, and refuses a subpath the package does not export", async () => {
    write("app/node_modules/@acme/cx-many/package.json", JSON.stringify({ name: "@acme/cx-many", type: "module", exports: { ".": "./main.js", "./variant": { import: "./variant.js" } } }));
    write("app/node_modules/@acme/cx-many/main.js", handMade("acme-main"));
    write("app/node_modules/@acme/cx-many/variant.js", handMade("acme-variant"));
    const from = join(dir, "app", "src");
    expect((await loadProtocol("@acme/cx-many/variant", from)).plugin.name).toBe("acme-variant");
    expect((await loadProtocol("@acme/cx-many", from)).plugin.name).toBe("acme-main");
    expect(await refusal("@acme/cx-many/missing", from)).toMatch(/package "@acme\/cx-many" exports no "\.\/missing"/);
  });

  const refusal = async (ref: string, from = dir): Promise<string> => {
    try {
      await loadProtocol(ref, from);
    } catch (error) {
      expect(isProtocolLoadError(error)).toBe(true);
      return (error as Error).message;
    }
    throw new Error(`${ref} was accepted`);
  };

  it("refuses, with a message saying what was expected, an empty name, a missing file, a directory and a package that is not installed", async () => {
    expect(await refusal(" ")).toMatch(/expected a protocol: one of raft/);
    expect(await refusal("./nope.ts")).toMatch(/no such file .*nope\.ts/);
    expect(await refusal("./js")).toMatch(/is a directory; expected a module file/);
    expect(await refusal("@acme/not-there")).toMatch(/no package "@acme\/not-there" is installed/);
    expect(await refusal("not a name!")).toMatch(/expected a built-in protocol name, a path to a module file, or a package name/);
  });

  it("refuses a module that exports no plug-in, an invalid one, or one that fails to import", async () => {
    write("bad/none.mjs", "export const nothing = 1;\n");
    write("bad/invalid.mjs", handMade("Bad Name"));
    write("bad/throws.mjs", 'throw new Error("boom at import");\n');
    expect(await refusal("./bad/none.mjs")).toMatch(/exports no protocol plug-in: export one as "protocolPlugin"/);
    expect(await refusal("./bad/invalid.mjs")).toMatch(/protocolPlugin\.name: expected a short lower-case name/);
    expect(await refusal("./bad/throws.mjs")).toMatch(/importing .*throws\.mjs failed: boom at import/);
  });
});
