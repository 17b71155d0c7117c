import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calmSwarm, GeneratedChoices, hashTrace, huntScenarioOptions, registerWorkload, ReplayedChoices, runScenario, SWARM_DRAWS, SWARM_DRAWS_MAX, type ChoiceSource, type ScenarioOptions } from "../src/index.js";
import { primaryBackup } from "./fixtures/primary-backup.js";

const run = (choices: ChoiceSource, options: Partial<ScenarioOptions>) => runScenario({ protocol: primaryBackup, workload: registerWorkload, choices, recordTrace: true, options });
const withoutSwarm = { ...huntScenarioOptions, swarm: 0 };

/** The head of a run with the hunt's swarm profile: 3 nodes, fault levels, the longest horizon, then the swarm levels given (the rest 0). */
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
  ...new Array<number>(SWARM_DRAWS_MAX - swarm.length).fill(0),
];

describe("the swarm profile", () => {
  it("is off unless asked for: a run without the option draws no swarm span and gets the calm swarm", () => {
    const result = run(new GeneratedChoices(5), withoutSwarm);
    expect(result.spans.some((s) => s.label === "swarm profile")).toBe(false);
    expect(result.swarm).toEqual(calmSwarm);
  });

  it("at level 0 everywhere is the world without it: the same run once its twelve draws are taken out", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        const before = run(new GeneratedChoices(seed), withoutSwarm);
        const choices = [...before.choices.slice(0, 8), ...new Array<number>(SWARM_DRAWS_MAX).fill(0), ...before.choices.slice(8)];
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

  it("keeps the layout of files saved with the first swarm profile: ten draws, and neither the nemesis nor cut links", () => {
    const first = { ...huntScenarioOptions, swarm: 1 };
    for (const seed of [3, 4, 5]) {
      const result = run(new GeneratedChoices(seed), first);
      const span = result.spans.find((s) => s.label === "swarm profile");
      expect(span === undefined ? 0 : span.end - span.start).toBe(SWARM_DRAWS);
      expect(result.swarm.strikePercent).toBe(0);
      expect(result.swarm.partitionsCutInFlight).toBe(false);
      expect(result.spans.some((s) => s.label === "nemesis strike")).toBe(false);
    }
  });

  it("strikes only nodes a client request just reached, only when the nemesis is on, and only in the fault phase", () => {
    const strikes = (level: number) => {
      // Every fault level is 0, so the fault clock does nothing: each partition or crash is the nemesis's.
      const result = run(new ReplayedChoices(head({}, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, level]), { kind: "random", seed: 11 }), huntScenarioOptions);
      const calls = result.trace.flatMap((e) => (e.kind === "client-call" ? [e] : []));
      const faults = result.trace.flatMap((e) => (e.kind === "crash" ? [{ time: e.time, node: e.node }] : e.kind === "partition" ? [{ time: e.time, node: Number(/^s(\d) isolated$/.exec(e.shape)?.[1] ?? -1) }] : []));
      return { spans: result.spans.filter((s) => s.label === "nemesis strike"), faults, calls, calmAt: result.calmStartedAt ?? Infinity };
    };
    const off = strikes(0);
    expect(off.spans).toHaveLength(0);
    expect(off.faults).toHaveLength(0);
    const on = strikes(3);
    expect(on.spans.length).toBeGreaterThan(0);
    expect(on.faults.length).toBeGreaterThan(0);
    for (const fault of on.faults) {
      expect(fault.time).toBeLessThan(on.calmAt);
      // The struck node is one a client sent a request to just before (within the longest ordinary delay).
      expect(on.calls.some((call) => call.node === fault.node && call.time <= fault.time && fault.time - call.time <= 200)).toBe(true);
    }
  });

  it("loses messages in flight across a partition only when partitions cut in flight", () => {
    const cut = (flag: number) =>
      run(new ReplayedChoices(head({ partition: 3, delay: 3 }, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, flag]), { kind: "random", seed: 6 }), huntScenarioOptions).trace.filter(
        (e) => e.kind === "deliver" && e.fate === "partitioned",
      ).length;
    expect(cut(1)).toBeGreaterThan(0);
    expect(cut(0)).toBe(0);
  });
});
