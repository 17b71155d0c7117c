import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultScenarioOptions, drawHorizon, GeneratedChoices, hashTrace, huntScenarioOptions, registerWorkload, ReplayedChoices, runLayout, runScenario, type ChoiceSource, type ScenarioOptions } from "../src/index.js";
import { primaryBackup } from "./fixtures/primary-backup.js";

const run = (choices: ChoiceSource, options?: Partial<ScenarioOptions>) =>
  runScenario({ protocol: primaryBackup, workload: registerWorkload, choices, recordTrace: true, ...(options === undefined ? {} : { options }) });

describe("the drawn horizon", () => {
  it("is off unless asked for: a run without the option keeps the fixed phases and draws nothing for them", () => {
    const result = run(new ReplayedChoices([]));
    expect(result.calmStartedAt).toBe(defaultScenarioOptions.faultPhaseMs);
    expect(result.spans.some((s) => s.label === "horizon")).toBe(false);
  });

  it("makes the all-zeros run the shortest healthy one: calm after one fault tick, every operation returns", () => {
    const fixed = run(new ReplayedChoices([]));
    const drawn = run(new ReplayedChoices([]), huntScenarioOptions);
    expect(drawn.violation).toBeNull();
    expect(drawn.calmStartedAt).toBe(2 * huntScenarioOptions.faultTickMs);
    expect(drawn.history.length).toBe(fixed.history.length);
    expect(drawn.history.every((op) => op.return !== null)).toBe(true);
    expect(drawn.endTime).toBeLessThan(fixed.endTime);
    expect(drawn.spans.find((s) => s.label === "horizon")).toEqual({ label: "horizon", start: 6, end: 8 });
  });

  it("draws right after the fault profile, within the settings the run layout announces", () => {
    // Every settings span drawn at its longest: five nodes, the swarm profile with the nemesis, clocks that drift and jump.
    const drawn = run(new GeneratedChoices(3), { ...huntScenarioOptions, clusterSize: 5, clockDriftPpm: 10_000, clockJumps: 1 });
    const settings = drawn.spans.filter((s) => runLayout.settingsSpans.includes(s.label));
    expect(settings.map((s) => s.label)).toEqual([...runLayout.settingsSpans]);
    expect(Math.max(...settings.map((s) => s.end))).toBe(runLayout.settingsDrawsMax);
  });

  it("never lasts longer than the fixed phases, and the largest draws give exactly them", () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), (fault, calm) => {
        const options = drawHorizon(new ReplayedChoices([fault, calm]), huntScenarioOptions);
        expect(options.faultPhaseMs).toBeLessThanOrEqual(huntScenarioOptions.faultPhaseMs);
        expect(options.faultPhaseMs).toBeGreaterThanOrEqual(2 * huntScenarioOptions.faultTickMs);
        expect(options.calmMinMs).toBeLessThanOrEqual(huntScenarioOptions.calmMinMs);
        expect(options.calmMinMs).toBeGreaterThanOrEqual(0);
      }),
    );
    const longest = drawHorizon(new ReplayedChoices([1_000, 1_000]), huntScenarioOptions);
    expect([longest.faultPhaseMs, longest.calmMinMs]).toEqual([huntScenarioOptions.faultPhaseMs, huntScenarioOptions.calmMinMs]);
  });

  it("a lower draw never makes the fault phase longer", () => {
    fc.assert(
      fc.property(fc.nat(60), fc.nat(60), (a, b) => {
        const lo = drawHorizon(new ReplayedChoices([Math.min(a, b)]), huntScenarioOptions);
        const hi = drawHorizon(new ReplayedChoices([Math.max(a, b)]), huntScenarioOptions);
        expect(lo.faultPhaseMs).toBeLessThanOrEqual(hi.faultPhaseMs);
      }),
    );
  });

  it("replays exactly from the recorded choices", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (seed) => {
        const original = run(new GeneratedChoices(seed), huntScenarioOptions);
        const replay = run(new ReplayedChoices(original.choices), huntScenarioOptions);
        expect(hashTrace(replay.trace)).toBe(hashTrace(original.trace));
        expect(replay.endTime).toBe(original.endTime);
      }),
      { numRuns: 20 },
    );
  });
});
