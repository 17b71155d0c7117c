import { describe, expect, it } from "vitest";
import { parseProbeReport, type Cell } from "./cells.js";
import { compareRuns, judgeCell, judgeGuard, median, type Sample } from "./verdict.js";

const raftHunt: Cell = { protocol: "raft", scenario: "hunt" };
const sample = (runsPerSecond: number, digest = "d1", outcomes?: readonly string[]): Sample => ({ runsPerSecond, eventsPerSecond: runsPerSecond * 1000, digest, ...(outcomes === undefined ? {} : { outcomes }) });

describe("the guard's verdict", () => {
  it("takes the median of odd and even counts", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it("compares medians over rounds, so one slow round does not fail the guard", () => {
    const verdict = judgeCell(raftHunt, { baseline: [sample(100), sample(101), sample(99)], current: [sample(98), sample(40), sample(97)] });
    expect(verdict.ratio).toBeCloseTo(97 / 100);
    expect(verdict.eventsRatio).toBeCloseTo(97 / 100);
    expect(verdict.slower).toBe(false);
    expect(judgeGuard([verdict], { allowDifferent: false })).toEqual({ ok: true, failures: [], notes: [] });
  });

  it("fails a cell whose runs/s drops more than 10% and names it", () => {
    const verdict = judgeCell(raftHunt, { baseline: [sample(100), sample(100), sample(100)], current: [sample(85), sample(88), sample(89)] });
    expect(verdict.bestRatio).toBeCloseTo(0.89);
    expect(verdict.slower).toBe(true);
    const guard = judgeGuard([verdict], { allowDifferent: false });
    expect(guard.ok).toBe(false);
    expect(guard.failures).toEqual([expect.stringContaining("raft/hunt: runs/s 0.880 of the baseline's (fastest rounds 0.890)")]);
  });

  it("does not fail a cell whose fastest round keeps up, since a busy machine only ever slows a probe down", () => {
    const verdict = judgeCell(raftHunt, { baseline: [sample(100), sample(100), sample(100)], current: [sample(80), sample(85), sample(99)] });
    expect(verdict.ratio).toBeCloseTo(0.85);
    expect(verdict.bestRatio).toBeCloseTo(0.99);
    expect(verdict.slower).toBe(false);
  });

  it("passes a drop of exactly 10%, the floor itself", () => {
    expect(judgeCell(raftHunt, { baseline: [sample(100)], current: [sample(90)] }).slower).toBe(false);
  });

  it("reports runs that differ between the builds with the first seed where they part", () => {
    const runs = compareRuns([sample(1, "aaa", ["1 - 10", "2 - 20"])], [sample(1, "bbb", ["1 - 10", "2 - 21"])]);
    expect(runs).toEqual({ kind: "different", baseline: "aaa", current: "bbb", firstDifference: { seed: 2, baseline: "2 - 20", current: "2 - 21" } });
  });

  it("fails on different runs unless they are allowed, and says so either way", () => {
    const verdict = judgeCell(raftHunt, { baseline: [sample(100, "aaa")], current: [sample(100, "bbb")] });
    const strict = judgeGuard([verdict], { allowDifferent: false });
    expect(strict.ok).toBe(false);
    expect(strict.failures[0]).toContain("--allow-different");
    const allowed = judgeGuard([verdict], { allowDifferent: true });
    expect(allowed.ok).toBe(true);
    expect(allowed.notes).toEqual([expect.stringContaining("raft/hunt: this build runs different runs")]);
  });

  it("always fails a build whose runs change between its own rounds", () => {
    const verdict = judgeCell(raftHunt, { baseline: [sample(100, "aaa"), sample(100, "aaa")], current: [sample(100, "aaa"), sample(100, "ccc")] });
    expect(verdict.runs).toEqual({ kind: "unstable", build: "current", digests: ["aaa", "ccc"] });
    expect(judgeGuard([verdict], { allowDifferent: true }).failures).toEqual([expect.stringContaining("not deterministic")]);
  });

  it("reads a probe's report from the last line of its output and rejects anything else", () => {
    const report = { protocol: "raft", scenario: "hunt", runs: 2, passes: 1, events: 10, seconds: 1, cpuSeconds: 1, runsPerSecond: 2, eventsPerSecond: 10, wallRunsPerSecond: 2, passRunsPerSecond: [2], violations: 0, digest: "d", outcomes: [] };
    expect(parseProbeReport(`warming up\n${JSON.stringify(report)}\n`)).toEqual({ ok: true, value: report });
    expect(parseProbeReport("Error: boom").ok).toBe(false);
    expect(parseProbeReport(JSON.stringify({ ...report, runsPerSecond: "fast" })).ok).toBe(false);
  });
});
