import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const probe = new URL("./fixtures/abandon-probe.ts", import.meta.url).pathname;

describe("a node whose handler threw", () => {
  // In a process of its own: the collector must be exposed, and the test runner keeps realms alive itself.
  it("is let go whole: what it left queued reaches nothing, and its realm is freed", () => {
    const out = execFileSync(process.execPath, ["--expose-gc", "--conditions=@cx/source", "--import", "tsx", probe], { encoding: "utf8" });
    expect(JSON.parse(out.trim().split("\n").at(-1) ?? "")).toEqual({ message: "Error: boom", sent: 0, freed: true });
  });
});
