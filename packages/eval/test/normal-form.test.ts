import { GeneratedChoices, huntScenarioOptions, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { failureEvidentAt, measureNormalForm, normalFormRow, type NormalFormFind } from "../src/normal-form.js";
import { normalFormSummary, sharedFailureAgreement } from "../src/normal-form-summary.js";
import { protocolPlugin } from "./fixtures/primary-backup-plugin.js";

const defect = protocolPlugin.defects[0]?.name ?? "";

describe("failureEvidentAt", () => {
  it("is the violation's own time for a property checked as the run goes", () => {
    const target = protocolPlugin.createTarget({ defects: [defect] });
    let run = target.run(new GeneratedChoices(1));
    for (let seed = 2; run.violation === null && seed < 200; seed++) run = target.run(new GeneratedChoices(seed));
    expect(run.violation).not.toBeNull();
    if (run.violation?.invariant !== "Linearizability") expect(failureEvidentAt(run)).toBe(run.violation?.time);
    else expect(failureEvidentAt(run)).toBeLessThanOrEqual(run.endTime);
  });

  it("is the end of a healthy run", () => {
    const run = protocolPlugin.run({ choices: new ReplayedChoices([]) });
    expect(failureEvidentAt(run)).toBe(run.endTime);
  });
});

describe("measureNormalForm", () => {
  it("counts finds and the share reaching the most common shrunk list", () => {
    const [row] = measureNormalForm({ plugin: protocolPlugin, bugs: [defect], seeds: 2, huntBudget: 100, strategy: "random", scenario: huntScenarioOptions, shrink: { candidateRunsMax: 60 } });
    expect(row?.hunts).toBe(2);
    expect(row?.finds).toBeGreaterThan(0);
    expect(row?.normalFormRate).toBeGreaterThan(0);
    expect(row?.normalFormRate).toBeLessThanOrEqual(1);
    expect(row?.distinctLists).toBeLessThanOrEqual(row?.finds ?? 0);
  });

  it("hunts the seeds from firstSeed on, so a held-out range gives other finds", () => {
    const hunted: number[] = [];
    const spec = { plugin: protocolPlugin, bugs: [defect], seeds: 3, huntBudget: 100, strategy: "random" as const, scenario: huntScenarioOptions, shrink: { candidateRunsMax: 1 } };
    measureNormalForm({ ...spec, firstSeed: 21, onHunt: (find) => hunted.push(find.seed) });
    expect(hunted.length).toBeGreaterThan(0);
    expect(hunted.every((seed) => seed >= 21 && seed <= 23)).toBe(true);
    const first: number[] = [];
    measureNormalForm({ ...spec, onHunt: (find) => first.push(find.seed) });
    expect(first.every((seed) => seed >= 1 && seed <= 3)).toBe(true);
  });
});

describe("normalFormRow", () => {
  const find = (invariant: string, choices: number[]): NormalFormFind => ({ invariant, choices, decisions: choices.length, nonZero: choices.filter((v) => v !== 0).length, candidateRuns: 10, shrinkMs: null, converged: true, tailMs: 0, endMs: 100, storySteps: 5, faultShape: "crash x1", passes: [] });

  it("gives the rate over all finds and, apart, within the invariant most finds broke", () => {
    const row = normalFormRow("d", 5, [find("A", [1]), find("A", [1]), find("A", [2]), find("B", [3]), find("B", [3])]);
    expect(row.normalFormRate).toBeCloseTo(2 / 5);
    expect(row.mainInvariant).toBe("A");
    expect(row.normalFormRateMainInvariant).toBeCloseTo(2 / 3);
    expect(row.invariants).toEqual({ A: 3, B: 2 });
  });

  it("counts the failures and, over the finds of the failures two or more share, the share on their failure's most common list", () => {
    const shaped = (invariant: string, choices: number[], faultShape: string): NormalFormFind => ({ ...find(invariant, choices), faultShape });
    const row = normalFormRow("d", 6, [shaped("A", [1], "crash x1"), shaped("A", [1], "crash x1"), shaped("A", [2], "crash x1"), shaped("A", [3], "no fault"), shaped("A", [4], "no fault"), shaped("B", [5], "crash x1")]);
    expect(row.failures).toBe(3);
    expect(row.findsSharingAFailure).toBe(5);
    expect(row.normalFormRateWithinFailure).toBeCloseTo(3 / 5);
  });

  it("has no main invariant and rates of 0 when nothing was found", () => {
    const row = normalFormRow("d", 3, []);
    expect(row.mainInvariant).toBeNull();
    expect(row.normalFormRate).toBe(0);
    expect(row.normalFormRateMainInvariant).toBe(0);
  });
});

describe("normalFormSummary", () => {
  it("gives the share reaching the most common list, the distinct lists and the spread of decisions", () => {
    const summary = normalFormSummary([
      { choices: [1, 2], candidateRuns: 10 },
      { choices: [1, 2], candidateRuns: 30 },
      { choices: [3], candidateRuns: 20 },
      { choices: [0, 0, 4, 4], candidateRuns: 40 },
    ]);
    expect(summary).toEqual({ finds: 4, normalFormRate: 0.5, distinctLists: 3, decisionsMin: 1, decisionsMedian: 2, decisionsMax: 4, candidateRunsMedian: 25 });
  });

  it("counts each find that did not reproduce as a list of its own, and is null for no finds", () => {
    const summary = normalFormSummary([
      { choices: null, candidateRuns: 1 },
      { choices: null, candidateRuns: 1 },
      { choices: [5], candidateRuns: 3 },
    ]);
    expect(summary?.distinctLists).toBe(3);
    expect(summary?.normalFormRate).toBeCloseTo(1 / 3);
    expect(summary?.decisionsMax).toBe(1);
    expect(normalFormSummary([])).toBeNull();
  });

  it("splits the figures by the invariant each find broke, most finds first, when the finds say it", () => {
    const summary = normalFormSummary([
      { choices: [1, 2], candidateRuns: 1, invariant: "B" },
      { choices: [3], candidateRuns: 1, invariant: "A" },
      { choices: [1, 2], candidateRuns: 1, invariant: "B" },
      { choices: [4, 4, 4], candidateRuns: 1, invariant: "B" },
      { choices: null, candidateRuns: 1, invariant: "A" },
    ]);
    expect(summary?.normalFormRate).toBeCloseTo(2 / 5);
    expect(summary?.byInvariant).toEqual([
      { invariant: "B", finds: 3, normalFormRate: 2 / 3, distinctLists: 2, decisionsMin: 2, decisionsMax: 3 },
      { invariant: "A", finds: 2, normalFormRate: 1 / 2, distinctLists: 2, decisionsMin: 1, decisionsMax: 1 },
    ]);
    expect(normalFormSummary([{ choices: [1], candidateRuns: 5 }])).not.toHaveProperty("byInvariant");
  });

  it("splits the figures by failure, invariant and fault shape together, when the finds say both; a find that did not reproduce is in none", () => {
    const summary = normalFormSummary([
      { choices: [1, 2], candidateRuns: 1, invariant: "B", faultShape: "crash x1" },
      { choices: [3], candidateRuns: 1, invariant: "B", faultShape: "no fault" },
      { choices: [1, 2], candidateRuns: 1, invariant: "B", faultShape: "crash x1" },
      { choices: [4, 4], candidateRuns: 1, invariant: "A", faultShape: "crash x1" },
      { choices: null, candidateRuns: 1, invariant: "A" },
    ]);
    expect(summary?.byFailure).toEqual([
      { invariant: "B", faultShape: "crash x1", finds: 2, normalFormRate: 1, distinctLists: 1, decisionsMin: 2, decisionsMax: 2 },
      { invariant: "A", faultShape: "crash x1", finds: 1, normalFormRate: 1, distinctLists: 1, decisionsMin: 2, decisionsMax: 2 },
      { invariant: "B", faultShape: "no fault", finds: 1, normalFormRate: 1, distinctLists: 1, decisionsMin: 1, decisionsMax: 1 },
    ]);
    expect(normalFormSummary([{ choices: [1], candidateRuns: 5, invariant: "A" }])).not.toHaveProperty("byFailure");
  });

  it("counts the shrinks that converged when the shrinks say, and leaves the count out when they do not", () => {
    const summary = normalFormSummary([
      { choices: [1], candidateRuns: 5, converged: true },
      { choices: [1], candidateRuns: 9, converged: false },
      { choices: [2], candidateRuns: 7, converged: true },
    ]);
    expect(summary?.converged).toBe(2);
    expect(normalFormSummary([{ choices: [1], candidateRuns: 5 }])).not.toHaveProperty("converged");
  });
});

describe("sharedFailureAgreement", () => {
  it("pools the failures two finds or more share and leaves the failures found once out", () => {
    expect(sharedFailureAgreement([{ finds: 4, normalFormRate: 0.75 }, { finds: 2, normalFormRate: 0.5 }, { finds: 1, normalFormRate: 1 }])).toEqual({ sharing: 6, agreeing: 4 });
    expect(sharedFailureAgreement([{ finds: 1, normalFormRate: 1 }])).toEqual({ sharing: 0, agreeing: 0 });
  });
});
