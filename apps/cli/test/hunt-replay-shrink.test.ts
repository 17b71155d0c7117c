import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runReplay } from "../src/commands/replay.js";
import { runShrinkFile } from "../src/commands/shrink.js";
import { isUserError } from "../src/user-error.js";
import { cx, cxInProcess } from "./run-cli.js";
import { tempDir } from "./temp-dir.js";

const dir = tempDir("cx-cli-");

describe("cx hunt, replay and shrink", () => {
  const repro = join(dir, "repro.json");
  const hunted = cx(["hunt", "--bugs", "vote_twice_in_term", "--budget", "300", "--seed", "1", "--save", repro, "--json", "--shrink-seconds", "30"]);

  it("hunt finds a violation, exits 1, and prints one JSON object with the promised fields", () => {
    expect(hunted.status, hunted.stderr).toBe(1);
    const report = JSON.parse(hunted.stdout) as Record<string, unknown>;
    for (const key of ["found", "trials", "violation", "decisionsBefore", "decisionsAfter", "storySteps", "converged", "shrinkMs", "candidateRuns", "elapsedMs"]) {
      expect(report).toHaveProperty(key);
    }
    expect(report["found"]).toBe(true);
    expect(report["replayed"]).toBe(true);
    expect(report["decisionsAfter"] as number).toBeLessThan(report["decisionsBefore"] as number);
  });

  it("hunt saved a valid reproduction that replay reproduces (exit 0)", async () => {
    const saved = JSON.parse(readFileSync(repro, "utf8")) as { formatVersion: number; choices: number[]; violation: { invariant: string } };
    expect(saved.formatVersion).toBe(1);
    const { exitCode, report } = await runReplay({ file: repro });
    expect(exitCode).toBe(0);
    expect(report.reproduced).toBe(true);
    expect(report.sameMessage).toBe(true);
    expect(report.violation?.invariant).toBe(saved.violation.invariant);
  });

  it("replay exits 1 when the recorded violation does not happen again", async () => {
    const saved = JSON.parse(readFileSync(repro, "utf8")) as Record<string, unknown>;
    const calm = join(dir, "calm.json");
    writeFileSync(calm, JSON.stringify({ ...saved, choices: [] }));
    const { exitCode, report } = await runReplay({ file: calm });
    expect(exitCode).toBe(1);
    expect(report.reproduced).toBe(false);
  });

  it("shrink on an already shrunk reproduction converges and keeps it valid", async () => {
    // The seconds are only an outer cap (the run budget decides); a loaded 2-core machine needs room under the 120 s test timeout.
    const { exitCode, report } = await runShrinkFile({ file: repro, seconds: 100, json: true });
    expect(exitCode).toBe(0);
    expect(report.converged).toBe(true);
    expect(report.decisionsAfter).toBeLessThanOrEqual(report.decisionsBefore);
    expect((await runReplay({ file: repro })).report.reproduced).toBe(true);
    // The JSON report carries each pass's statistics; every run but the input's own belongs to one pass.
    expect(report.passes.map((p) => p.name)).toContain("redraw");
    expect(report.passes.reduce((n, p) => n + p.runs, 0)).toBe(report.candidateRuns - 1);
  });

  it("a malformed reproduction file gets exit 2 and a message naming the field, without a stack trace", async () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ formatVersion: 1, cxVersion: "0.1.0", protocol: "raft", bugs: [], scenario: {}, choices: [1, -2], violation: { invariant: "X", message: "" } }));
    const result = await cxInProcess(["replay", bad]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("choices[1]");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("an unknown defect name, strategy or a negative budget is a usage error (exit 2)", async () => {
    const unknownBug = await cxInProcess(["hunt", "--bugs", "no_such_bug", "--strategy", "random"]);
    expect(unknownBug.status).toBe(2);
    expect(unknownBug.stderr).toContain('unknown defect "no_such_bug"');
    expect((await cxInProcess(["hunt", "--strategy", "psychic"])).status).toBe(2);
    expect((await cxInProcess(["hunt", "--budget", "-5"])).status).toBe(2);
  });

  it("a missing reproduction file is a user error naming the file", async () => {
    let caught: unknown;
    try {
      await runReplay({ file: join(dir, "nope.json") });
    } catch (error) {
      caught = error;
    }
    expect(isUserError(caught)).toBe(true);
    expect(String(caught)).toContain("nope.json");
  });
});
