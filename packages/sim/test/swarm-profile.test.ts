import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calmSwarm, GeneratedChoices, hashTrace, huntScenarioOptions, registerWorkload, ReplayedChoices, runScenario, SWARM_DRAWS, type ChoiceSource, type ScenarioOptions } from "../src/index.js";
import { primaryBackup } from "./fixtures/primary-backup.js";

const run = (choices: ChoiceSource, options: Partial<ScenarioOptions>) => runScenario({ protocol: primaryBackup, workload: registerWorkload, choices, recordTrace: true, options });
const withoutSwarm = { ...huntScenarioOptions, swarm: 0 };

/** The head of a run with a swarm profile: 3 nodes, fault levels, the longest horizon, then the swarm levels given. */
const head = (faults: { drop?: number; delay?: number; crash?: number; partition?: number }, swarm: readonly number[]): number[] => [
  0,
  faults.drop ?? 0,
  0,
  faults.delay ?? 0,
  faults.crash ?? 0,
  faults.partition ?? 0,
  99,
  99,
  ...swarm,
  ...new Array<number>(SWARM_DRAWS - swarm.length).fill(0),
];

describe("the swarm profile", () => {
  it("is off unless asked for: a run without the option draws no swarm span and gets the calm swarm", () => {
    const result = run(new GeneratedChoices(5), withoutSwarm);
    expect(result.spans.some((s) => s.label === "swarm profile")).toBe(false);
    expect(result.swarm).toEqual(calmSwarm);
  });

  it("at level 0 everywhere is the world without it: the same run once its ten draws are taken out", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        const before = run(new GeneratedChoices(seed), withoutSwarm);
        const choices = [...before.choices.slice(0, 8), ...new Array<number>(SWARM_DRAWS).fill(0), ...before.choices.slice(8)];
        const after = run(new ReplayedChoices(choices), huntScenarioOptions);
        expect(after.swarm).toEqual(calmSwarm);
        expect(hashTrace(after.trace)).toBe(hashTrace(before.trace));
        expect(after.violation).toEqual(before.violation);
      }),
      { numRuns: 8 },
    );
  });

  it("keeps every run a pure function of its choices: a drawn profile replays to the same trace", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const original = run(new GeneratedChoices(seed), huntScenarioOptions);
      const replay = run(new ReplayedChoices(original.choices), huntScenarioOptions);
      expect(hashTrace(replay.trace)).toBe(hashTrace(original.trace));
    }
  });

  it("holds some messages for 0.1 to 3 s beyond the longest ordinary delay, and none without it", () => {
    const delays = (hold: number) =>
      run(new ReplayedChoices(head({}, [0, hold]), { kind: "random", seed: 9 }), huntScenarioOptions)
        .trace.flatMap((e) => (e.kind === "send" && e.fate === "delivered" && !e.duplicate ? [e.deliverAt - e.time] : []));
    const held = delays(3).filter((d) => d > 1);
    expect(held.length).toBeGreaterThan(0);
    for (const d of held) expect(d >= 101 && d <= 3001).toBe(true);
    expect(delays(0).every((d) => d === 1)).toBe(true);
  });

  it("lets a partition replace an active one at once when repartitioning is on", () => {
    const replaced = (repartition: number) => {
      const trace = run(new ReplayedChoices(head({ partition: 3 }, [0, 0, repartition, 0, 0, 3]), { kind: "random", seed: 4 }), huntScenarioOptions).trace;
      return trace.some((e, i) => e.kind === "heal" && trace[i + 1]?.kind === "partition" && trace[i + 1]?.time === e.time);
    };
    expect(replaced(1)).toBe(true);
    expect(replaced(0)).toBe(false);
  });

  it("loses a crashed node's messages still in flight only under power-loss crashes", () => {
    const lost = (losesSends: number) =>
      run(new ReplayedChoices(head({ crash: 3, delay: 3 }, [0, 0, 0, 0, losesSends, 3]), { kind: "random", seed: 2 }), huntScenarioOptions).trace.filter((e) => e.kind === "deliver" && e.fate === "dropped").length;
    expect(lost(1)).toBeGreaterThan(0);
    expect(lost(0)).toBe(0);
  });

  it("adds clients and operations, and the all-zeros swarm run stays healthy", () => {
    const more = run(new ReplayedChoices(head({}, [0, 0, 0, 0, 0, 0, 0, 2, 2])), huntScenarioOptions);
    const calm = run(new ReplayedChoices([]), huntScenarioOptions);
    expect(calm.violation).toBeNull();
    expect(more.violation).toBeNull();
    expect(new Set(more.history.map((op) => op.client)).size).toBeGreaterThan(new Set(calm.history.map((op) => op.client)).size);
    expect(more.history.length).toBeGreaterThan(4 * calm.history.length);
  });
});
