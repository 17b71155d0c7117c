import { describe, expect, it } from "vitest";
import { builtinProtocol } from "@cx/protocols";
import { mutantBenchmarkTable, mutantBenchmarkTasks, summariseMutantBenchmark, type HuntOutput, type MutantBenchmarkConfig } from "../src/index.js";

const raft = builtinProtocol("raft");
if (raft === undefined) throw new Error("@cx/protocols has no built-in raft");
const mutants = [{ plugin: raft.plugin, module: raft.module }];
const config: MutantBenchmarkConfig = { defects: ["vote_twice_in_term", "no_client_dedup"], strategies: ["explore", "portfolio"], campaigns: 30, budget: 1000 };

/** Campaign outputs that found the mutant in `found` of 30 campaigns (at trial 100), each run costing `msPerRun`. */
function campaigns(found: number, msPerRun: number): HuntOutput[] {
  return Array.from({ length: 30 }, (_, i): HuntOutput => {
    const hit = i < found;
    const trials = hit ? 100 : 1000;
    return { kind: "hunt", seed: i + 1, budget: 1000, found: hit, trials, violation: null, decisions: null, events: 0, ms: trials * msPerRun, choices: null };
  });
}

describe("the mutant benchmark", () => {
  it("plans every strategy on every mutant with the same seeds and budget, random first as the baseline", () => {
    const planned = mutantBenchmarkTasks(mutants, config, {});
    expect(planned.map((p) => `${p.cell.defect}/${p.cell.strategy}`)).toEqual(["vote_twice_in_term/random", "vote_twice_in_term/explore", "vote_twice_in_term/portfolio", "no_client_dedup/random", "no_client_dedup/explore", "no_client_dedup/portfolio"]);
    for (const p of planned) {
      expect(p.tasks.map((t) => t.seed)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(p.tasks.every((t) => t.budget === 1000 && t.bugs.length === 1 && t.bugs[0] === p.cell.defect && t.strategy === p.cell.strategy)).toBe(true);
    }
  });

  it("says a strategy beats random only at twice random's rate with 95% intervals apart, and gives its time per run against random's", () => {
    const planned = mutantBenchmarkTasks(mutants, config, {});
    // vote_twice_in_term: random 1/30, explore 12/30 (beats), portfolio 4/30 (four times, intervals overlap);
    // no_client_dedup: random 8/30, explore 20/30 (2.5 times, intervals apart), portfolio 15/30 (under twice).
    const outputs = [campaigns(1, 1), campaigns(12, 1.5), campaigns(4, 1.2), campaigns(8, 1), campaigns(20, 1.5), campaigns(15, 1.2)].flat();
    const results = summariseMutantBenchmark(config, planned, outputs);
    expect(results.rows.map((r) => [r.defect, r.strategy, r.found, r.beatsRandom])).toEqual([
      ["vote_twice_in_term", "random", 1, false],
      ["vote_twice_in_term", "explore", 12, true],
      ["vote_twice_in_term", "portfolio", 4, false],
      ["no_client_dedup", "random", 8, false],
      ["no_client_dedup", "explore", 20, true],
      ["no_client_dedup", "portfolio", 15, false],
    ]);
    expect(results.costPerRun.map((c) => [c.strategy, Number(c.overRandom?.toFixed(2))])).toEqual([["random", 1], ["explore", 1.5], ["portfolio", 1.2]]);
    const table = mutantBenchmarkTable(results);
    expect(table.columns).toEqual(["Mutant", "random", "explore", "portfolio"]);
    expect(table.rows[0]).toEqual(["vote_twice_in_term (raft)", "1/30 (1–17%), median beyond 1,000", "12/30 (25–58%), median beyond 1,000, beats random", "4/30 (5–30%), median beyond 1,000"]);
    expect(table.caption).toContain("explore on vote_twice_in_term, explore on no_client_dedup");
    expect(table.caption).toContain("explore 1.50x, portfolio 1.20x");
  });

  it("needs twice the rate as well as intervals apart", () => {
    const planned = mutantBenchmarkTasks(mutants, { ...config, defects: ["no_client_dedup"], strategies: ["explore"] }, {});
    // 13/30 against 2/30 is over twice, and apart; 14/30 against 8/30 is neither; 29/30 against 15/30 is apart
    // (83-99% against 33-67%) but under twice; 4/30 against 1/30 is four times but not apart (as in the test above).
    expect(summariseMutantBenchmark(config, planned, [campaigns(2, 1), campaigns(13, 1)].flat()).rows.map((r) => r.beatsRandom)).toEqual([false, true]);
    expect(summariseMutantBenchmark(config, planned, [campaigns(8, 1), campaigns(14, 1)].flat()).rows.map((r) => r.beatsRandom)).toEqual([false, false]);
    expect(summariseMutantBenchmark(config, planned, [campaigns(15, 1), campaigns(29, 1)].flat()).rows.map((r) => r.beatsRandom)).toEqual([false, false]);
  });
});
