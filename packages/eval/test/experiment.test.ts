import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deterministicView, readResults, renderSummaryMarkdown, runExperiment, type ExperimentResults } from "../src/index.js";
import { tinyConfig } from "./tiny-config.js";

const tmp = () => mkdtempSync(join(tmpdir(), "cx-eval-"));

let onOne: ExperimentResults | undefined;
async function resultsOnOneWorker(): Promise<ExperimentResults> {
  onOne ??= await runExperiment({ config: tinyConfig, workers: 1, outDir: null, corpusDir: null });
  return onOne;
}

describe("runExperiment", () => {
  it("gives the same results on one worker, on two, and inline: only wall times differ", async () => {
    const one = await resultsOnOneWorker();
    const two = await runExperiment({ config: tinyConfig, workers: 2, outDir: null, corpusDir: null });
    const inline = await runExperiment({ config: tinyConfig, workers: 0, outDir: null, corpusDir: null });
    expect(two.workers).toBe(2);
    expect(deterministicView(two)).toEqual(deterministicView(one));
    expect(deterministicView(inline)).toEqual(deterministicView(one));
  });

  it("passes the trust run on correct Raft and fills every cell of the trials table", async () => {
    const results = await resultsOnOneWorker();
    expect(results.complete).toBe(true);
    expect(results.trust.passed).toBe(true);
    expect(results.trust.schedules).toBe(tinyConfig.strategies.length * tinyConfig.trustBudget);
    expect(results.trials.cells).toHaveLength(tinyConfig.bugs.length * tinyConfig.strategies.length);
    for (const cell of results.trials.cells) {
      expect(cell.seeds).toBe(2);
      expect(cell.trials).toHaveLength(2);
      expect(cell.found).toBe(cell.trials.filter((t) => t !== null).length);
      // A cell that found nothing in its first round was run again with the larger budget.
      if (cell.rounds[0]?.found === 0) expect(cell.budget).toBe(tinyConfig.escalatedBudget);
      else expect(cell.rounds).toHaveLength(1);
    }
    expect(results.headline.bugsFound).toBeGreaterThan(0);
  });

  it("shrinks one failure per found defect, and the shrunk choices replay the same invariant and message", async () => {
    const results = await resultsOnOneWorker();
    expect(results.shrinks.rows.map((r) => r.bug)).toEqual(tinyConfig.bugs);
    const shrunk = results.shrinks.rows.filter((r) => r.status === "shrunk");
    expect(shrunk.length).toBe(results.headline.bugsFound);
    for (const row of shrunk) {
      expect(row.replaysExactly).toBe(true);
      expect(row.decisionsAfter).toBeLessThanOrEqual(row.decisionsBefore ?? 0);
      expect(row.candidateRuns).toBeLessThanOrEqual(tinyConfig.shrinkCandidatesMax);
      const cx = row.counterexample;
      expect(cx?.svg.startsWith("<svg")).toBe(true);
      expect(cx?.storySteps.length).toBe(row.storySteps);
      expect(cx?.storySteps.at(-1)?.kind).toBe("violation");
      expect(JSON.parse(cx?.repro ?? "{}")).toMatchObject({ formatVersion: 1, protocol: "raft", bugs: [row.bug], choices: cx?.choices });
    }
  });

  it("records the machine, the Node version, the seeds and timestamps", async () => {
    const results = await resultsOnOneWorker();
    expect(results.machine.cores).toBeGreaterThan(0);
    expect(results.machine.nodeVersion).toBe(process.version);
    expect(results.config.trialSeeds).toEqual([1, 2]);
    expect(Date.parse(results.finishedAt)).toBeGreaterThanOrEqual(Date.parse(results.startedAt));
    expect(results.throughput?.runsPerSecond).toBeGreaterThan(0);
  });

  it("stops after a failed trust run, says so, and skips the figures it would make meaningless", async () => {
    // A defect switched on in the trust run's Raft stands in for a broken "correct" Raft.
    const results = await runExperiment({ config: { ...tinyConfig, trustBugs: ["no_client_dedup"], trustBudget: 60, speedupTasks: 0 }, workers: 0, outDir: null, corpusDir: null });
    expect(results.trust.passed).toBe(false);
    expect(results.trust.violations).toBeGreaterThan(0);
    expect(results.trust.firstViolation?.choices.length).toBeGreaterThan(0);
    expect(results.trials.status).toBe("skipped");
    expect(results.shrinks.status).toBe("skipped");
    expect(renderSummaryMarkdown(results)).toContain("The trust run failed");
  });

  it("writes results.json and summary.md as it goes, and resumes an interrupted run from its finished tasks", async () => {
    const outDir = tmp();
    const interrupt = new Error("interrupted");
    await expect(
      runExperiment({
        config: tinyConfig,
        workers: 1,
        outDir,
        corpusDir: null,
        onProgress: (p) => {
          if (p.phase === "trials" && p.done === 3) throw interrupt;
        },
      }),
    ).rejects.toBe(interrupt);
    const partial = readResults(join(outDir, "results.json"));
    expect(partial.complete).toBe(false);
    expect(partial.trust.passed).toBe(true);
    expect(partial.trials.status).toBe("pending");
    expect(existsSync(join(outDir, ".cells"))).toBe(true);

    const resumed = await runExperiment({ config: tinyConfig, workers: 1, outDir, corpusDir: null });
    expect(resumed.resumedTasks).toBeGreaterThanOrEqual(tinyConfig.strategies.length + 3);
    expect(deterministicView(resumed)).toEqual(deterministicView(await resultsOnOneWorker()));
    expect(readResults(join(outDir, "results.json")).complete).toBe(true);
    expect(readFileSync(join(outDir, "summary.md"), "utf8")).toContain("## Trials to first violation");
    // A finished experiment leaves no cache behind: the next run starts afresh.
    expect(existsSync(join(outDir, ".cells"))).toBe(false);
  });
});
