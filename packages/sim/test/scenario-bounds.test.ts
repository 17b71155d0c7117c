import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  defaultScenarioOptions,
  isRunLimitError,
  isScenarioOptionsError,
  MAX_FAULT_TICKS,
  MAX_SIMULATED_MS,
  registerWorkload,
  ReplayedChoices,
  runScenario,
  scenarioOptionRanges,
  validateScenarioOptions,
  type Protocol,
  type RegisterInput,
  type RegisterOutput,
} from "../src/index.js";
import { primaryBackup } from "./fixtures/primary-backup.js";

const caught = (thunk: () => unknown): unknown => {
  try {
    thunk();
  } catch (error) {
    return error;
  }
  return undefined;
};

/** A node that re-arms a zero-delay timer forever: the clock never advances. */
const spinner: Protocol<never, RegisterInput, RegisterOutput, null> = {
  name: "spinner",
  start(ctx) {
    ctx.setTimer("spin", 0);
    return { onMessage() {}, onClientRequest() {}, onTimer: () => ctx.setTimer("spin", 0) };
  },
};

/** A node that re-arms a 1 ms timer forever: the clock advances, the events pile up. */
const ticker: Protocol<never, RegisterInput, RegisterOutput, null> = {
  name: "ticker",
  start(ctx) {
    ctx.setTimer("tick", 1);
    return { onMessage() {}, onClientRequest() {}, onTimer: () => ctx.setTimer("tick", 1) };
  },
};

describe("scenario bounds", () => {
  it("accepts the defaults and fills in what is missing", () => {
    expect(validateScenarioOptions(defaultScenarioOptions)).toEqual({ ok: true, value: defaultScenarioOptions });
    expect(validateScenarioOptions({})).toEqual({ ok: true, value: defaultScenarioOptions });
    expect(validateScenarioOptions({ clusterSize: 5 })).toEqual({ ok: true, value: { ...defaultScenarioOptions, clusterSize: 5 } });
  });

  it("takes any cluster size from 1 to 9 and refuses others, naming the field and the range", () => {
    for (let size = 1; size <= 9; size++) expect(validateScenarioOptions({ clusterSize: size })).toEqual({ ok: true, value: { ...defaultScenarioOptions, clusterSize: size } });
    for (const size of [0, 10, 2.5, "3"]) {
      const checked = validateScenarioOptions({ clusterSize: size });
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.errors).toEqual([{ path: "clusterSize", message: expect.stringContaining("from 1 to 9") as unknown as string }]);
    }
  });

  it("refuses a fault tick of 0 ms and huge durations, naming the option and its range", () => {
    const zero = validateScenarioOptions({ faultTickMs: 0 });
    expect(zero.ok).toBe(false);
    if (!zero.ok) expect(zero.errors).toEqual([{ path: "faultTickMs", message: expect.stringContaining("from 1 to 60000") as unknown as string }]);
    const huge = validateScenarioOptions({ faultPhaseMs: 1e15, calmMinMs: 1e15, calmMaxMs: 1e15, clients: 1_000_000 });
    expect(huge.ok).toBe(false);
    if (!huge.ok) expect(huge.errors.map((e) => e.path).sort()).toEqual(["calmMaxMs", "calmMinMs", "clients", "faultPhaseMs"]);
  });

  it("refuses unknown options, non-integers, a bad cluster size and a calm phase whose minimum exceeds its maximum", () => {
    const checked = validateScenarioOptions({ faultTickMS: 100, clients: 2.5, messageDelayMsMin: "1", clusterSize: 10 });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.map((e) => e.path).sort()).toEqual(["clients", "clusterSize", "faultTickMS", "messageDelayMsMin"]);
    const calm = validateScenarioOptions({ calmMinMs: 4000, calmMaxMs: 3000 });
    expect(calm.ok ? [] : calm.errors.map((e) => e.path)).toEqual(["calmMinMs"]);
    expect(validateScenarioOptions([1, 2]).ok).toBe(false);
    expect(validateScenarioOptions(null).ok).toBe(false);
  });

  it("caps the run's simulated length at faultPhaseMs + calmMaxMs and its number of fault ticks", () => {
    expect(validateScenarioOptions({ faultPhaseMs: MAX_SIMULATED_MS, calmMinMs: 0, calmMaxMs: 0 }).ok).toBe(true);
    expect(validateScenarioOptions({ faultPhaseMs: MAX_SIMULATED_MS, calmMinMs: 0, calmMaxMs: 1 }).ok).toBe(false);
    expect(validateScenarioOptions({ faultPhaseMs: MAX_FAULT_TICKS, faultTickMs: 1 }).ok).toBe(true);
    expect(validateScenarioOptions({ faultPhaseMs: MAX_FAULT_TICKS + 1, faultTickMs: 1 }).ok).toBe(false);
  });

  it("accepts every value inside each documented range and refuses one just outside", () => {
    const keys = Object.keys(scenarioOptionRanges) as (keyof typeof scenarioOptionRanges)[];
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.double({ min: 0, max: 1, noNaN: true }), (key, at) => {
        const { min, max } = scenarioOptionRanges[key];
        const inside = Math.round(min + at * (max - min));
        // Room for the cross-field rules, so that only the one option decides.
        const base = key === "calmMinMs" ? { calmMaxMs: MAX_SIMULATED_MS, faultPhaseMs: 0 } : key === "calmMaxMs" || key === "faultPhaseMs" ? { calmMinMs: 0, calmMaxMs: 0, faultPhaseMs: 0, faultTickMs: 60_000 } : key === "faultTickMs" ? { faultPhaseMs: 0 } : {};
        expect(validateScenarioOptions({ ...base, [key]: inside }).ok).toBe(true);
        expect(validateScenarioOptions({ ...base, [key]: max + 1 }).ok).toBe(false);
        expect(validateScenarioOptions({ ...base, [key]: min - 1 }).ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it("runScenario refuses options outside their ranges with a typed error", () => {
    const error = caught(() => runScenario({ protocol: primaryBackup, workload: registerWorkload, choices: new ReplayedChoices([]), options: { faultTickMs: 0 } }));
    expect(isScenarioOptionsError(error)).toBe(true);
    expect(String(error)).toContain("faultTickMs");
  });
});

describe("run limits", () => {
  it("a protocol that reschedules itself with no delay ends with a stalled-clock error, not a hang", () => {
    const error = caught(() => runScenario({ protocol: spinner, workload: registerWorkload, choices: new ReplayedChoices([]) }));
    expect(isRunLimitError(error)).toBe(true);
    expect(isRunLimitError(error) && error.limit).toBe("stalled-clock");
    expect(String(error)).toContain("without the clock advancing");
  });

  it("a run that dispatches more events than its cap ends with an events error", () => {
    const error = caught(() => runScenario({ protocol: ticker, workload: registerWorkload, choices: new ReplayedChoices([]), limits: { maxEvents: 1000 } }));
    expect(isRunLimitError(error) && error.limit).toBe("events");
  });

  it("a run that goes past its simulated-time cap ends with a simulated-time error", () => {
    const error = caught(() => runScenario({ protocol: ticker, workload: registerWorkload, choices: new ReplayedChoices([]), limits: { maxSimulatedMs: 500 } }));
    expect(isRunLimitError(error) && error.limit).toBe("simulated-time");
  });

  it("a normal run is far inside the default caps", () => {
    const result = runScenario({ protocol: primaryBackup, workload: registerWorkload, choices: new ReplayedChoices([]) });
    expect(result.violation).toBeNull();
    expect(result.endTime).toBeLessThan(MAX_SIMULATED_MS);
  });
});
