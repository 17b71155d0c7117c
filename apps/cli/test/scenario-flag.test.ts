import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cxInProcess } from "./run-cli.js";
import { testTempDir } from "./temp-dir.js";

describe("cx hunt --scenario", () => {
  it("refuses a bad setting before anything runs: exit 2, one line naming the option and what was expected", async () => {
    for (const [settings, words] of [
      ["diskFaults=2", "diskFaults: expected an integer from 0 to 1"],
      ["clusterSize=12", "clusterSize: expected a whole number of nodes from 1 to 9"],
      ["diskFault=1", "diskFault: unknown scenario option"],
      ["diskFaults", "expected option=whole-number settings"],
      ["clockDriftPpm=-5", "expected option=whole-number settings"],
    ] as const) {
      const { status, stderr, stdout } = await cxInProcess(["hunt", "--bugs", "none", "--budget", "1", "--scenario", settings]);
      expect(status, settings).toBe(2);
      expect(stderr, settings).toContain(words);
      expect(stderr.trim().split("\n"), settings).toHaveLength(1);
      expect(stdout).toBe("");
    }
  });

  it("runs the hunt with the settings over its own scenario and records them in the reproduction", async () => {
    const save = join(testTempDir("cx-scenario-"), "repro.json");
    const { status } = await cxInProcess(["hunt", "--bugs", "none", "--scenario", "diskFaults=1,clusterSize=3", "--seed", "4", "--budget", "50", "--shrink-runs", "50", "--save", save, "--json"]);
    expect(status).toBe(1);
    const repro = JSON.parse(readFileSync(save, "utf8")) as { scenario: Record<string, number> };
    expect(repro.scenario).toMatchObject({ diskFaults: 1, clusterSize: 3, swarm: 2, drawnHorizon: 1 });
  });
});
