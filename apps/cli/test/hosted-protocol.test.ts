import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cx, repoRoot } from "./run-cli.js";

/** Loading a hosted adapter compiles it and its node code with esbuild: on a loaded test machine that can pass the 4 s hang limit, which is not what these tests are about. */
const LOAD = { CX_PROTOCOL_LOAD_SECONDS: "60" };

describe("a hosted adapter of the user's own, from a folder outside the workspace", () => {
  // A folder as a user would have it: an adapter, its node module, a library of theirs in node_modules, and cx's libraries installed.
  const dir = mkdtempSync(join(tmpdir(), "cx-user-hosted-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "node_modules", "@cx"), { recursive: true });
  for (const name of ["sim", "check", "host"]) symlinkSync(join(repoRoot, "packages", name), join(dir, "node_modules", "@cx", name), "dir");
  const examples = join(repoRoot, "packages", "host", "examples");
  copyFileSync(join(examples, "register-plugin.ts"), join(dir, "my-adapter.ts"));
  copyFileSync(join(examples, "register-node.ts"), join(dir, "register-node.ts"));
  // The user's own library, required by the node module from the adapter's folder, as Node would find it.
  mkdirSync(join(dir, "node_modules", "their-lib"), { recursive: true });
  writeFileSync(join(dir, "node_modules", "their-lib", "package.json"), JSON.stringify({ name: "their-lib", version: "1.0.0", main: "index.js" }));
  writeFileSync(join(dir, "node_modules", "their-lib", "index.js"), "exports.greeting = () => 'hello from ' + require('os').hostname();\n");
  writeFileSync(
    join(dir, "uses-lib.ts"),
    'import type { HostedNodeEnv } from "@cx/host";\nimport { greeting } from "their-lib";\nexport function start(env: HostedNodeEnv) {\n  env.onClientRequest(() => ({ kind: "ok", output: greeting() }));\n}\n',
  );
  writeFileSync(
    join(dir, "lib-adapter.ts"),
    'import { defineHostedPlugin } from "@cx/host";\nimport { registerWorkload } from "@cx/sim";\nexport const protocolPlugin = defineHostedPlugin({ name: "uses-lib", version: "1.0.0", summary: "answers from a library in node_modules", module: new URL("./uses-lib.ts", import.meta.url), workload: registerWorkload, monitors: () => [] });\n',
  );

  it("cx hunt --protocol ./my-adapter.ts hosts the node code, finds its race, shrinks it and replays it", () => {
    const hunted = cx(["hunt", "--protocol", "./my-adapter.ts", "--bugs", "none", "--budget", "100", "--shrink-runs", "500", "--save", "found.json", "--json"], dir, LOAD);
    expect(hunted.status, hunted.stderr).toBe(1);
    const report = JSON.parse(hunted.stdout) as { protocol: string; found: boolean; replayed: boolean; violation: { invariant: string } };
    expect(report.protocol).toBe("my-register");
    expect(report.violation.invariant).toBe("Linearizability");
    expect(report.replayed).toBe(true);
    const replayed = cx(["replay", "found.json", "--protocol", "./my-adapter.ts", "--json"], dir, LOAD);
    expect(replayed.status, replayed.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "found.json"), "utf8")).protocol).toBe("my-register");
  });

  it("the node code's own dependencies resolve from the adapter's folder, in the node's realm", () => {
    const ran = cx(["hunt", "--protocol", "./lib-adapter.ts", "--bugs", "none", "--budget", "5", "--json"], dir, LOAD);
    expect(ran.status, ran.stderr).toBe(0);
    expect((JSON.parse(ran.stdout) as { found: boolean }).found).toBe(false);
  });
});
