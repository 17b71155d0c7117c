import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fullExperiment, type ExperimentConfig } from "@cx/eval";
import { Command } from "commander";
import { afterEach, describe, expect, it, vi } from "vitest";
import { registerBenchCommand } from "../src/commands/bench-command.js";
import { resolveBenchProtocols, runBench } from "../src/commands/bench.js";
import { registerReportCommand } from "../src/commands/report-command.js";
import { runReport } from "../src/commands/report.js";
import { isUserError } from "../src/user-error.js";
import { testTempDir } from "./temp-dir.js";

const tiny: ExperimentConfig = {
  ...fullExperiment,
  strategies: ["portfolio", "random"],
  bugs: ["vote_twice_in_term"],
  trustSeeds: [101],
  trustBudget: 10,
  trialBudget: 20,
  trialSeeds: [1],
  escalatedBudget: 30,
  escalatedSeeds: [1],
  shrinkCandidatesMax: 40,
  throughputRuns: 3,
  throughputBatches: 1,
  corpusBudgetSteps: null,
  speedupTasks: 0,
};

const tmp = () => testTempDir("cx-bench-");

function program(): Command {
  const p = new Command().exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
  registerBenchCommand(p);
  registerReportCommand(p);
  return p;
}

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

describe("cx bench", () => {
  it("runs the experiment, writes results.json, its schema and summary.md, and exits 0 when the trust run passes", async () => {
    const out = tmp();
    const { exitCode, report, text } = await runBench({ quick: true, config: tiny, protocols: ["raft"], workers: 1, out, json: false, corpusDir: null });
    expect(exitCode).toBe(0);
    expect(report.trustPassed).toBe(true);
    expect(report.mode).toBe("custom");
    for (const file of ["results.json", "results.schema.json", "summary.md"]) expect(existsSync(join(out, file))).toBe(true);
    expect(JSON.parse(readFileSync(join(out, "results.json"), "utf8")).kind).toBe("cx-experiment");
    expect(text).toContain("trust: 20 schedules against raft with no defect, no violation");
  });

  it("covers the protocols --protocol names, a module file among them, each in its own section", async () => {
    const module = join(import.meta.dirname, "fixtures", "single-register-protocol.ts");
    const { exitCode, results, text } = await runBench({ quick: true, config: tiny, protocols: ["raft", module], workers: 0, out: tmp(), json: true, corpusDir: null });
    expect(exitCode).toBe(0);
    expect(results.protocols.map((p) => p.name)).toEqual(["raft", "single-register"]);
    expect(results.protocols[1]?.bugs).toEqual([]);
    expect(text).toContain("trust: 20 schedules against single-register with no defect, no violation");
  });

  it("takes every built-in protocol by default, and refuses an unknown --protocol as a user error", async () => {
    expect((await resolveBenchProtocols(undefined, process.cwd())).map((p) => p.plugin.name)).toContain("raft");
    const refused = await resolveBenchProtocols(["no-such-protocol"], tmp()).catch((error: unknown) => error);
    expect(isUserError(refused)).toBe(true);
    expect((refused as Error).message).toMatch(/--protocol "no-such-protocol"/);
    await expect(program().parseAsync(["node", "cx", "bench", "--protocol", "raft,"])).rejects.toThrow(/--protocol expects a protocol/);
  });

  it("exits 1 when the trust run finds a violation", async () => {
    const { exitCode, text } = await runBench({ quick: true, config: { ...tiny, trustBugs: ["no_client_dedup"], trustBudget: 60 }, protocols: ["raft"], workers: 0, out: tmp(), json: true, corpusDir: null });
    expect(exitCode).toBe(1);
    expect(text).toContain("trust: FAILED");
  });

  it("rejects a bad --workers value as a usage error", async () => {
    await expect(program().parseAsync(["node", "cx", "bench", "--workers", "two"])).rejects.toThrow(/--workers must be a non-negative integer, got "two"/);
  });
});

describe("cx report", () => {
  it("turns results.json into report.html and summary.md and, under --json, prints exactly one JSON document", async () => {
    const out = tmp();
    await runBench({ quick: true, config: tiny, protocols: ["raft"], workers: 0, out, json: true, corpusDir: null });
    const printed: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    await program().parseAsync(["node", "cx", "report", "--results", join(out, "results.json"), "--json"]);
    vi.restoreAllMocks();
    const report = JSON.parse(printed.join("")) as { html: string; summary: string };
    expect(report.html).toBe(join(out, "report.html"));
    // Its counterexamples replay on this build: drawn inline, linked to their stories.
    expect(readFileSync(report.html, "utf8")).toContain('<svg class="cx-diagram"');
    expect(readFileSync(report.summary, "utf8")).toContain("### raft: shrinking");
  });

  it("names the missing file and what to run, as a user error", () => {
    try {
      runReport({ results: join(tmp(), "nope.json") });
      expect.unreachable();
    } catch (error) {
      expect(isUserError(error)).toBe(true);
      expect((error as Error).message).toMatch(/no results file at .*nope\.json: run "(?:[\w-]+ )*cx bench"/);
    }
  });

  it("refuses a file that is not a results file, as a user error", () => {
    const path = join(tmp(), "results.json");
    writeFileSync(path, "{ not json");
    expect(() => runReport({ results: path })).toThrow(/cannot make a report from/);
  });
});
