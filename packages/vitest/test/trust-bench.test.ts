import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { protocolPlugin } from "@cx/raft";
import { GeneratedChoices, huntScenarioOverrides } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { OptionsError, runTrustBench, trustBenchLines, writeTrustBenchReport } from "../src/index.js";

// A tiny budget: what is checked is what the bench counts and prints, not the protocol.
const result = runTrustBench(protocolPlugin, { schedules: 4, defectSchedules: 3, firstSeed: 10 });

describe("the trust bench", () => {
  it("counts the correct protocol's schedules in the hunt's scenario, from the first seed on", () => {
    expect(result.scenario).toEqual({ ...protocolPlugin.scenario, ...huntScenarioOverrides });
    expect(result.trust).toMatchObject({ schedules: 4, firstSeed: 10, violations: 0, examples: [] });
    const runs = [10, 11, 12, 13].map((seed) => protocolPlugin.run({ choices: new GeneratedChoices(seed), options: huntScenarioOverrides }));
    expect(result.trust.clientOperations).toBe(runs.reduce((n, run) => n + run.history.length, 0));
    expect(result.trust.events).toBe(runs.reduce((n, run) => n + run.counters.events, 0));
  });

  it("runs every seeded defect over its own schedules and counts each violation by invariant", () => {
    expect(result.defects.map((d) => d.defect)).toEqual(protocolPlugin.defects.map((d) => d.name));
    for (const d of result.defects) {
      expect(d.schedules).toBe(3);
      expect(Object.values(d.violations).reduce((n, count) => n + count, 0)).toBeLessThanOrEqual(3);
    }
    const first = protocolPlugin.defects[0];
    if (first === undefined) throw new Error("Raft has seeded defects");
    const violated = [10, 11, 12].flatMap((seed) => protocolPlugin.run({ defects: [first.name], choices: new GeneratedChoices(seed), options: huntScenarioOverrides }).violation?.invariant ?? []);
    const counted: Record<string, number> = {};
    for (const invariant of violated) counted[invariant] = (counted[invariant] ?? 0) + 1;
    expect(result.defects[0]?.violations).toEqual(counted);
  });

  it("prints the trust run, then each defect's rate for the invariant it should break", () => {
    const lines = trustBenchLines(result, "protocol");
    expect(lines[0]).toBe(`trust run (4 schedules)       0 violations on the correct protocol, ${result.trust.clientOperations} client operations, ${result.trust.seconds} s`);
    expect(lines).toHaveLength(1 + result.defects.length);
    const d = result.defects[0];
    if (d === undefined) throw new Error("Raft has seeded defects");
    const rate = (((d.violations[d.caughtBy] ?? 0) / 3) * 100).toFixed(1);
    expect(lines[1]).toBe(`${`  ${d.defect}`.padEnd(30)}${rate}% of 3 schedules break ${d.caughtBy}; all: ${JSON.stringify(d.violations)}`);
  });

  it("shows the first violations of the correct protocol under the trust line", () => {
    const broken = { ...result, trust: { ...result.trust, violations: 1, examples: ["seed 3: Linearizability: stale read"] } };
    expect(trustBenchLines(broken, "service").slice(0, 2)).toEqual([expect.stringContaining("1 violations on the correct service"), "  ! seed 3: Linearizability: stale read"]);
  });

  it("writes the report as JSON, named and marked quick or not, with the figures it printed", () => {
    const dir = mkdtempSync(join(tmpdir(), "cx-trust-bench-"));
    try {
      const path = join(dir, "results", "raft-bench.json");
      writeTrustBenchReport(path, { benchmark: "raft", quick: true, result });
      const text = readFileSync(path, "utf8");
      expect(text.endsWith("}\n")).toBe(true);
      const written = JSON.parse(text) as Record<string, unknown>;
      expect(Object.keys(written)).toEqual(["benchmark", "node", "quick", "scenario", "trust", "defects"]);
      expect(written).toEqual({ benchmark: "raft", node: process.version, quick: true, ...JSON.parse(JSON.stringify(result)) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("rejects a budget below one schedule, naming the field", () => {
    expect(() => runTrustBench(protocolPlugin, { schedules: 0, defectSchedules: 1 })).toThrow(OptionsError);
    expect(() => runTrustBench(protocolPlugin, { schedules: 1, defectSchedules: 0 })).toThrow(/defectSchedules: expected an integer of at least 1, got 0/);
    expect(() => runTrustBench(protocolPlugin, { schedules: 1, defectSchedules: 1, firstSeed: 0.5 })).toThrow(/firstSeed: expected an integer/);
  });
});
