import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runReplay } from "../src/commands/replay.js";
import { cx, cxInProcess, repoRoot } from "./run-cli.js";

const fixtures = join(import.meta.dirname, "fixtures");
/** A loaded test machine can take longer than the 4 s hang limit to compile a module: not what these tests are about. */
const LOAD = { CX_PROTOCOL_LOAD_SECONDS: "60" };

describe("a protocol of the user's own, from a module file outside the workspace", () => {
  // A folder as a user would have it: their protocol and the two cx libraries it imports, installed.
  const dir = mkdtempSync(join(tmpdir(), "cx-user-protocol-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "node_modules", "@cx"), { recursive: true });
  for (const name of ["sim", "check"]) symlinkSync(join(repoRoot, "packages", name), join(dir, "node_modules", "@cx", name), "dir");
  copyFileSync(join(repoRoot, "examples", "primary-copy", "src", "primary-copy.ts"), join(dir, "mine.ts"));
  const hunted = cx(["hunt", "--protocol", "./mine.ts", "--bugs", "serve_reads_anywhere", "--budget", "300", "--save", "found.json", "--json"], dir, LOAD);

  it("cx hunt --protocol ./mine.ts finds its seeded defect, shrinks it and replays it", () => {
    expect(hunted.status, hunted.stderr).toBe(1);
    const report = JSON.parse(hunted.stdout) as { protocol: string; found: boolean; replayed: boolean; converged: boolean; violation: { invariant: string } };
    expect(report.protocol).toBe("primary-copy");
    expect(report.found).toBe(true);
    expect(report.violation.invariant).toBe("Linearizability");
    expect(report.replayed).toBe(true);
    const saved = JSON.parse(readFileSync(join(dir, "found.json"), "utf8")) as { protocol: string; bugs: string[] };
    expect(saved.protocol).toBe("primary-copy");
    expect(saved.bugs).toEqual(["serve_reads_anywhere"]);
  });

  it("cx replay reproduces the saved file through the same --protocol, and says what to pass without it", async () => {
    const replayed = cx(["replay", "found.json", "--protocol", "./mine.ts", "--json"], dir, LOAD);
    expect(replayed.status, replayed.stderr).toBe(0);
    expect((JSON.parse(replayed.stdout) as { reproduced: boolean }).reproduced).toBe(true);
    const bare = await cxInProcess(["replay", join(dir, "found.json")]);
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain('protocol: "primary-copy" is not a built-in protocol');
    expect(bare.stderr).toContain("pass --protocol");
    expect(bare.stderr).not.toMatch(/\n\s+at /);
  });

  it("the correct version of that protocol survives a hunt", () => {
    const clean = cx(["hunt", "--protocol", "./mine.ts", "--bugs", "none", "--budget", "100", "--json"], dir, LOAD);
    expect(clean.status, clean.stderr).toBe(0);
    expect((JSON.parse(clean.stdout) as { found: boolean }).found).toBe(false);
  });

  it("a --protocol that names nothing usable is a usage error saying what was expected", async () => {
    const missing = await cxInProcess(["hunt", "--protocol", join(dir, "nope.ts")]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/no such file .*nope\.ts/);
    const typo = await cxInProcess(["bugs", "--protocol", "rafft"]);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/no package "rafft" is installed/);
  });
});

describe("reproduction files saved before the protocol plug-in", () => {
  for (const file of readdirSync(join(fixtures, "saved-repros"))) {
    it(`${file} still replays with the same violation`, async () => {
      const { exitCode, report } = await runReplay({ file: join(fixtures, "saved-repros", file) });
      expect(exitCode).toBe(0);
      expect(report.protocol).toBe("raft");
      expect(report.reproduced).toBe(true);
      // Safety messages are unchanged; a linearizability message now names the read no order can place.
      if (report.expected.invariant === "Linearizability") expect(report.violation?.message).toMatch(/no order explains client \d+'s read/);
      else expect(report.sameMessage).toBe(true);
    });
  }
});

describe("cx protocols and cx bugs --protocol", () => {
  it("list the built-in protocols, and a protocol's defects", async () => {
    const listed = await cxInProcess(["protocols", "--json"]);
    expect(listed.status).toBe(0);
    expect((JSON.parse(listed.stdout) as { protocols: { name: string }[] }).protocols.map((p) => p.name)).toContain("raft");
    const bugs = await cxInProcess(["bugs", "--protocol", "raft", "--json"]);
    expect((JSON.parse(bugs.stdout) as { protocol: string; bugs: unknown[] }).bugs).toHaveLength(9);
  });
});
