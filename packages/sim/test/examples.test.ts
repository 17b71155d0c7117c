import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");

describe("the README's example", () => {
  it("runs as written and prints a run summary", () => {
    const out = execFileSync(process.execPath, ["--conditions=@cx/source", "--import", "tsx", "packages/sim/examples/single-node-register.ts"], { cwd: root, encoding: "utf8" });
    expect(out).toMatch(/^\d nodes, \d+ events, \d+ decisions/);
  });
});
