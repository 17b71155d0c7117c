import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildProtocolTables, deterministicView, readResults, renderSummaryMarkdown, resultsSchema, runExperiment, type ExperimentResults, type ProtocolResults } from "../src/index.js";
import { testTempDir } from "./temp-dir.js";
import { testProtocols, tinyConfig } from "./tiny-config.js";

const tmp = () => testTempDir("cx-eval-");
const base = { config: tinyConfig, protocols: testProtocols, outDir: null, corpusDir: null } as const;

// Inline (no worker thread) is the cheap way to the results most tests read; the
// first test holds the worker-thread path to the same figures.
let inlineRun: ExperimentResults | undefined;
async function resultsInline(): Promise<ExperimentResults> {
  inlineRun ??= await runExperiment({ ...base, workers: 0 });
  return inlineRun;
}

const section = (results: ExperimentResults, name: string): ProtocolResults => {
  const found = results.protocols.find((p) => p.name === name);
  if (found === undefined) throw new Error(`no section ${name}`);
  return found;
};

describe("runExperiment", () => {
  it("gives the same results on two worker threads as inline, for every protocol: only wall times differ", async () => {
    const inline = await resultsInline();
    const two = await runExperiment({ ...base, workers: 2 });
    expect(inline.workers).toBe(0);
    expect(two.workers).toBe(2);
    expect(inline.protocols.map((p) => p.name)).toEqual(["raft", "primary-backup"]);
    expect(deterministicView(two)).toEqual(deterministicView(inline));
  });

  it("gives each protocol its own trust run, trials table and shrink table, with the defects the filter selects", async () => {
    const results = await resultsInline();
    expect(results.complete).toBe(true);
    expect(results.trustPassed).toBe(true);
    expect(section(results, "raft").bugs.map((b) => b.name)).toEqual(["vote_twice_in_term", "no_client_dedup"]);
    expect(section(results, "primary-backup").bugs.map((b) => b.name)).toEqual(["forget_on_restart"]);
    for (const p of results.protocols) {
      expect(p.trust.passed).toBe(true);
      expect(p.trust.schedules).toBe(tinyConfig.strategies.length * tinyConfig.trustBudget);
      expect(p.trials.cells).toHaveLength(p.bugs.length * tinyConfig.strategies.length);
      for (const cell of p.trials.cells) {
        expect(cell.seeds).toBe(2);
        expect(cell.trials).toHaveLength(2);
        expect(cell.found).toBe(cell.trials.filter((t) => t !== null).length);
        // A cell that found nothing in its first round was run again with the larger budget.
        if (cell.rounds[0]?.found === 0) expect(cell.budget).toBe(tinyConfig.escalatedBudget);
        else expect(cell.rounds).toHaveLength(1);
      }
      expect(p.shrinks.rows.map((r) => r.bug)).toEqual(p.bugs.map((b) => b.name));
      expect(p.throughput?.runsPerSecond).toBeGreaterThan(0);
    }
    // The seeded defect of the test protocol is found by every strategy.
    expect(section(results, "primary-backup").headline.bugsFound).toBe(1);
    expect(results.headline.bugsFound).toBe(results.protocols.reduce((n, p) => n + p.headline.bugsFound, 0));
    expect(results.headline.bugsTotal).toBe(3);
    expect(results.headline.protocols).toEqual(["raft", "primary-backup"]);
  });

  it("shrinks one failure per found defect of each protocol; the shrunk choices replay the same invariant and message on that protocol", async () => {
    const results = await resultsInline();
    for (const p of results.protocols) {
      const shrunk = p.shrinks.rows.filter((r) => r.status === "shrunk");
      expect(shrunk.length).toBe(p.headline.bugsFound);
      for (const row of shrunk) {
        expect(row.replaysExactly).toBe(true);
        expect(row.decisionsAfter).toBeLessThanOrEqual(row.decisionsBefore ?? 0);
        expect(row.candidateRuns).toBeLessThanOrEqual(tinyConfig.shrinkCandidatesMax);
        const cx = row.counterexample;
        expect(cx?.svg.startsWith("<svg")).toBe(true);
        expect(cx?.storySteps.at(-1)?.kind).toBe("violation");
        expect(JSON.parse(cx?.repro ?? "{}")).toMatchObject({ formatVersion: 1, protocol: p.name, bugs: [row.bug], choices: cx?.choices });
        // Its progress: from the found length at 0 runs, decisions never growing, to the result at the last run.
        const progress = row.progress ?? [];
        expect(progress[0]).toEqual([0, row.decisionsBefore]);
        expect(progress.at(-1)).toEqual([row.candidateRuns, row.decisionsAfter]);
        for (let i = 1; i < progress.length; i++) {
          expect(progress[i]?.[0]).toBeGreaterThanOrEqual(progress[i - 1]?.[0] ?? 0);
          expect(progress[i]?.[1]).toBeLessThanOrEqual(progress[i - 1]?.[1] ?? 0);
        }
      }
    }
  });

  it("shrinks every find of each found defect one by one and reports its normal-form rate and spread of decisions", async () => {
    const results = await resultsInline();
    for (const p of results.protocols) {
      for (const row of p.shrinks.rows.filter((r) => r.status === "shrunk")) {
        const nf = row.normalForm;
        const found = p.trials.cells.filter((c) => c.bug === row.bug).reduce((n, c) => n + c.found, 0);
        expect(nf?.finds).toBe(Math.min(found, tinyConfig.normalFormFinds ?? 0));
        expect(nf?.normalFormRate).toBeGreaterThanOrEqual(1 / (nf?.finds ?? 1));
        expect(nf?.distinctLists).toBeLessThanOrEqual(nf?.finds ?? 0);
        expect(nf?.decisionsMin).toBeLessThanOrEqual(nf?.decisionsMax ?? 0);
        // Every find is counted under the invariant it broke, and no invariant's finds share a list with another's.
        const byInvariant = nf?.byInvariant ?? [];
        expect(byInvariant.reduce((n, v) => n + v.finds, 0)).toBe(nf?.finds);
        expect(byInvariant.reduce((n, v) => n + v.distinctLists, 0)).toBe(nf?.distinctLists);
      }
      for (const row of p.shrinks.rows.filter((r) => r.status === "not-found")) expect(row.normalForm).toBeNull();
    }
  });

  it("adds a table of the finds split by invariant only for the defects whose finds broke more than one", async () => {
    const results = await resultsInline();
    const p = results.protocols[0] as ProtocolResults;
    const shrunk = p.shrinks.rows.find((r) => r.normalForm !== null && r.normalForm !== undefined);
    expect(shrunk).toBeDefined();
    const split = { invariant: "B", finds: 1, normalFormRate: 1, distinctLists: 1, decisionsMin: 7, decisionsMax: 7 };
    const rows = p.shrinks.rows.map((r) => (r === shrunk && r.normalForm ? { ...r, normalForm: { ...r.normalForm, byInvariant: [{ invariant: "A", finds: 2, normalFormRate: 0.5, distinctLists: 2, decisionsMin: 3, decisionsMax: 6 }, split] } } : r));
    const edited = { ...p, shrinks: { ...p.shrinks, rows } };
    const table = buildProtocolTables(results, edited).find((t) => t.id.endsWith("-normal-form-by-invariant"));
    expect(table?.rows).toEqual([
      [shrunk?.bug, "A", "2", "50%", "2", "3 / 6", "2.00x"],
      [shrunk?.bug, "B", "1", "100%", "1", "7 / 7", "1.00x"],
    ]);
    const single = p.shrinks.rows.map((r) => (r.normalForm ? { ...r, normalForm: { ...r.normalForm, byInvariant: [split] } } : r));
    expect(buildProtocolTables(results, { ...p, shrinks: { ...p.shrinks, rows: single } }).some((t) => t.id.endsWith("-normal-form-by-invariant"))).toBe(false);
  });

  it("counts every story step, and separately the steps shown under the display cap", async () => {
    const config = { ...tinyConfig, bugs: ["no_client_dedup", "forget_on_restart"], storyStepsMax: 2 };
    const results = await runExperiment({ ...base, config, workers: 0 });
    const rows = results.protocols.flatMap((p) => p.shrinks.rows).filter((r) => r.status === "shrunk");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.storyStepsShown).toBe(row.counterexample?.storySteps.length);
      expect(row.storyStepsShown).toBeLessThanOrEqual(2);
      expect(row.storyStepsTotal).toBe(row.counterexample?.storyStepsTotal);
      expect(row.storyStepsTotal ?? 0).toBeGreaterThanOrEqual(row.storyStepsShown ?? 0);
    }
    // Stories were cut here: the total is more than what was shown, and the headline uses the total.
    expect(rows.some((r) => (r.storyStepsTotal ?? 0) > (r.storyStepsShown ?? 0))).toBe(true);
    expect(results.headline.medianStorySteps).toBeGreaterThan(results.headline.medianStoryStepsShown ?? 0);
  });

  it("records the machine, the Node version, the seeds and timestamps", async () => {
    const results = await resultsInline();
    expect(results.machine.cores).toBeGreaterThan(0);
    expect(results.machine.nodeVersion).toBe(process.version);
    expect(results.config.trialSeeds).toEqual([1, 2]);
    expect(Date.parse(results.finishedAt)).toBeGreaterThanOrEqual(Date.parse(results.startedAt));
  });

  it("writes a results document the schema accepts, and the schema refuses one with a field missing or unknown", async () => {
    const results = await resultsInline();
    // Through JSON, as a reader of results.json sees it.
    const document = JSON.parse(JSON.stringify(results)) as Record<string, unknown>;
    const checked = resultsSchema.safeParse(document);
    expect(checked.success ? [] : checked.error.issues).toEqual([]);
    const { trustPassed, ...missing } = document;
    void trustPassed;
    expect(resultsSchema.safeParse(missing).success).toBe(false);
    expect(resultsSchema.safeParse({ ...document, extra: 1 }).success).toBe(false);
  });

  it("skips the figures a failed trust run makes meaningless, for that protocol only, and says so", async () => {
    // A defect switched on in the trust run stands in for a broken "correct" protocol.
    const results = await runExperiment({ ...base, config: { ...tinyConfig, trustBugs: ["no_client_dedup"], trustBudget: 60, speedupTasks: 0 }, workers: 0 });
    const raft = section(results, "raft");
    expect(results.trustPassed).toBe(false);
    expect(raft.trust.passed).toBe(false);
    expect(raft.trust.violations).toBeGreaterThan(0);
    expect(raft.trust.firstViolation?.choices.length).toBeGreaterThan(0);
    expect(raft.trials.status).toBe("skipped");
    expect(raft.shrinks.status).toBe("skipped");
    const other = section(results, "primary-backup");
    expect(other.trust.passed).toBe(true);
    expect(other.trials.status).toBe("done");
    expect(renderSummaryMarkdown(results)).toContain("The trust run failed");
  });

  it("accounts for every shrink pass over each protocol's shrinks, the normal form's included, and shows it per protocol", async () => {
    const results = await resultsInline();
    for (const p of results.protocols) {
      const shrinks = p.shrinks.rows.filter((r) => r.candidateRuns !== null).length + p.shrinks.rows.reduce((n, r) => n + (r.normalForm?.finds ?? 0), 0);
      expect(p.passes?.shrinks).toBe(shrinks);
      const rows = p.passes?.rows ?? [];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.runs)).toEqual([...rows.map((r) => r.runs)].sort((a, b) => b - a));
      for (const r of rows) {
        expect(r.accepted).toBeLessThanOrEqual(r.tried);
        expect(r.runs).toBeLessThanOrEqual(r.tried);
        expect(r.findsHelped).toBeLessThanOrEqual(shrinks);
      }
      // Something was shrunk, so some pass made a new best.
      expect(rows.some((r) => r.accepted > 0)).toBe(true);
    }
    expect(renderSummaryMarkdown(results)).toContain("### raft: what each shrink pass did");
  });

  it("hunts the mutant protocols given with every strategy of the mutant benchmark, and reports it in the summary", async () => {
    const config = { ...tinyConfig, bugs: ["forget_on_restart"], normalFormFinds: 0, mutantBenchmark: { defects: ["vote_twice_in_term"], strategies: ["portfolio" as const], campaigns: 3, budget: 40 } };
    const mutants = [testProtocols[0] as (typeof testProtocols)[number]];
    const results = await runExperiment({ ...base, config, mutants, workers: 0 });
    const m = results.mutants;
    if (m === undefined || m === null) throw new Error("no search-power results");
    expect(m.strategies).toEqual(["random", "portfolio"]);
    expect(m.rows.map((r) => [r.protocol, r.defect, r.strategy, r.campaigns])).toEqual([
      ["raft", "vote_twice_in_term", "random", 3],
      ["raft", "vote_twice_in_term", "portfolio", 3],
    ]);
    for (const row of m.rows) expect(row.runs).toBeGreaterThanOrEqual(row.found);
    expect(resultsSchema.safeParse(JSON.parse(JSON.stringify(results))).success).toBe(true);
    expect(renderSummaryMarkdown(results)).toContain("## Search power on the mutant benchmark");
    // Without mutant protocols the phase is skipped.
    expect((await resultsInline()).mutants).toBeNull();
    await expect(runExperiment({ ...base, config: { ...config, mutantBenchmark: { ...config.mutantBenchmark, defects: ["m_none"] } }, mutants, workers: 0 })).rejects.toThrow(/mutantBenchmark.defects: m_none is not a defect of any mutant protocol/);
  });

  it("refuses a defect that belongs to no protocol before running anything, naming the field", async () => {
    await expect(runExperiment({ ...base, config: { ...tinyConfig, bugs: ["vote_twice"] }, workers: 0 })).rejects.toThrow(/bugs: "vote_twice" is not a defect of any protocol given/);
    await expect(runExperiment({ ...base, protocols: [], workers: 0 })).rejects.toThrow(/protocols: expected at least one protocol/);
  });

  it("writes results.json and summary.md as it goes, and resumes an interrupted run from its finished tasks", async () => {
    // Inline (the cache does not depend on where tasks run; worker threads are covered above).
    const outDir = tmp();
    const interrupt = new Error("interrupted");
    await expect(
      runExperiment({
        ...base,
        workers: 0,
        outDir,
        onProgress: (p) => {
          if (p.phase === "trials" && p.done === 3) throw interrupt;
        },
      }),
    ).rejects.toBe(interrupt);
    const partial = readResults(join(outDir, "results.json"));
    expect(partial.complete).toBe(false);
    expect(partial.trustPassed).toBe(true);
    expect(partial.protocols.map((p) => p.trials.status)).toEqual(["pending", "pending"]);
    expect(existsSync(join(outDir, ".cells"))).toBe(true);

    const resumed = await runExperiment({ ...base, workers: 0, outDir });
    expect(resumed.resumedTasks).toBeGreaterThanOrEqual(2 * tinyConfig.strategies.length + 3);
    expect(deterministicView(resumed)).toEqual(deterministicView(await resultsInline()));
    expect(readResults(join(outDir, "results.json")).complete).toBe(true);
    const summary = readFileSync(join(outDir, "summary.md"), "utf8");
    expect(summary).toContain("## Protocol raft");
    expect(summary).toContain("## Protocol primary-backup");
    expect(summary).toContain("### primary-backup: trials to first violation");
    // A finished experiment leaves no cache behind: the next run starts afresh.
    expect(existsSync(join(outDir, ".cells"))).toBe(false);
  });
});
