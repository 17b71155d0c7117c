import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientCadence, defaultScenarioOptions, GeneratedChoices, huntScenarioOptions, nextOperationAt, registerWorkload, ReplayedChoices, runScenario, type ChoiceSource, type ScenarioOptions, type TraceEvent } from "../src/index.js";
import { primaryBackup } from "./fixtures/primary-backup.js";

const run = (choices: ChoiceSource, options: Partial<ScenarioOptions>) => runScenario({ protocol: primaryBackup, workload: registerWorkload, choices, recordTrace: true, options });

/** Where the horizon's "fault periods" draw sits: after the cluster size and the five fault levels. */
const FAULT_PERIODS_AT = 6;

/** The trace before `time`, by value. */
const before = (trace: readonly TraceEvent[], time: number): string => JSON.stringify(trace.filter((e) => e.time < time));

describe("the clients' steady cadence", () => {
  it("is off unless asked for: without the option operations are spread over the run's own fault phase", () => {
    const timing = { ...huntScenarioOptions, clientCadence: 0, faultPhaseMs: 200 };
    expect(clientCadence({ ...huntScenarioOptions, clientCadence: 0 }, timing)).toEqual({ phaseMs: 200, calmAtMs: 200, hurryInCalm: false });
    expect(clientCadence(huntScenarioOptions, timing)).toEqual({ phaseMs: huntScenarioOptions.faultPhaseMs, calmAtMs: 200, hurryInCalm: true });
  });

  it("spaces operations by the full fault phase and hurries them once the calm phase has begun", () => {
    const cadence = { phaseMs: 2000, calmAtMs: 1000, hurryInCalm: true };
    expect(nextOperationAt(cadence, { nowMs: 250, startMs: 200, seq: 1, ops: 5 })).toBe(600);
    expect(nextOperationAt(cadence, { nowMs: 700, startMs: 200, seq: 3, ops: 5 })).toBe(1000);
    expect(nextOperationAt(cadence, { nowMs: 1200, startMs: 200, seq: 4, ops: 5 })).toBe(1201);
    expect(nextOperationAt({ ...cadence, hurryInCalm: false }, { nowMs: 700, startMs: 200, seq: 3, ops: 5 })).toBe(1400);
  });

  it("keeps the all-zeros run healthy: every operation returns and nothing is violated", () => {
    const result = run(new ReplayedChoices([]), huntScenarioOptions);
    expect(result.violation).toBeNull();
    expect(result.history.length).toBe(defaultScenarioOptions.clients * defaultScenarioOptions.opsPerClient + 1);
    expect(result.history.every((op) => op.return !== null)).toBe(true);
  });

  it("makes cutting the horizon a cut: a shorter fault phase leaves the run before its calm phase exactly as it was", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.nat(40), (seed, lower) => {
        const long = run(new GeneratedChoices(seed), huntScenarioOptions);
        const drawn = long.choices[FAULT_PERIODS_AT] ?? 0;
        const cut = long.choices.slice();
        cut[FAULT_PERIODS_AT] = Math.min(drawn, lower);
        const short = run(new ReplayedChoices(cut), huntScenarioOptions);
        const calmAt = Math.min(short.calmStartedAt ?? short.endTime, long.violation?.time ?? Infinity, short.violation?.time ?? Infinity);
        expect(before(short.trace, calmAt)).toBe(before(long.trace, calmAt));
      }),
      { numRuns: 25 },
    );
  });

  it("without it, a shorter fault phase moves the clients' operations (what the option fixes)", () => {
    const options = { ...huntScenarioOptions, clientCadence: 0, swarm: 0 };
    const long = run(new ReplayedChoices([0, 0, 0, 0, 0, 0, 37]), options);
    const short = run(new ReplayedChoices([0, 0, 0, 0, 0, 0, 10]), options);
    const calls = (trace: readonly TraceEvent[]) => trace.filter((e) => e.kind === "client-call" && e.time < 1000).map((e) => e.time);
    expect(calls(short.trace)).not.toEqual(calls(long.trace).slice(0, calls(short.trace).length));
  });
});
