import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BehaviourRecorder, GeneratedChoices, hashTrace, huntScenarioOptions, registerWorkload, ReplayedChoices, runScenario, type ChoiceSource } from "../src/index.js";
import { primaryBackup } from "./fixtures/primary-backup.js";

const run = (choices: ChoiceSource, behaviours: boolean) => runScenario({ protocol: primaryBackup, workload: registerWorkload, choices, recordTrace: true, options: huntScenarioOptions, behaviours });

/** A source whose position a test sets by hand. */
const positioned = (position: number) => ({ position }) as unknown as ChoiceSource;

describe("a run's causal behaviours", () => {
  it("are recorded only when asked for, and recording them changes nothing else of the run", () => {
    for (const seed of [1, 7, 42]) {
      const plain = run(new GeneratedChoices(seed), false);
      const recorded = run(new GeneratedChoices(seed), true);
      expect(plain.behaviours).toBeUndefined();
      expect(recorded.behaviours?.length).toBeGreaterThan(0);
      expect(recorded.behavioursAt).toHaveLength(recorded.behaviours?.length ?? -1);
      expect(hashTrace(recorded.trace)).toBe(hashTrace(plain.trace));
      expect(recorded.choices).toEqual(plain.choices);
      expect(recorded.coverage).toEqual(plain.coverage);
    }
  });

  it("are the same on every replay of the same choices, each first reached at a position inside the run", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (seed) => {
        const original = run(new GeneratedChoices(seed), true);
        const replayed = run(new ReplayedChoices(original.choices), true);
        expect(replayed.behaviours).toEqual(original.behaviours);
        expect(replayed.behavioursAt).toEqual(original.behavioursAt);
        const at = original.behavioursAt ?? [];
        expect(at.every((p, i) => p >= 0 && p <= original.choices.length && (i === 0 || p >= (at[i - 1] as number)))).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});

describe("BehaviourRecorder", () => {
  it("names a step by kinds, never by ids or values: two messages of one type from the same context are one behaviour", () => {
    const recorder = new BehaviourRecorder(3, positioned(0));
    recorder.timer(0, "tick");
    recorder.sent(1, 0);
    recorder.sent(2, 0);
    recorder.message(1, 1, { kind: "replicate", value: "a", version: 1 });
    recorder.booted(1);
    recorder.message(1, 2, { kind: "replicate", value: "b", version: 9 });
    // The timer, then one behaviour for both deliveries (same role, same history at the receiver, same kind, same sender context).
    expect(recorder.features).toHaveLength(2);
  });

  it("tells apart what came before at the receiver, what the sender was doing, the kind, and the receiver's role", () => {
    const recorder = new BehaviourRecorder(2, positioned(0));
    const deliver = (id: number, message: unknown) => {
      recorder.sent(id, 0);
      recorder.message(1, id, message);
      recorder.booted(1);
    };
    deliver(1, { type: "Ping" });
    deliver(2, { type: "Pong" });
    recorder.timer(0, "heartbeat");
    deliver(3, { type: "Ping" });
    recorder.observed(1, { kind: "role", role: "leader" });
    recorder.sent(4, 0);
    recorder.message(1, 4, { type: "Ping" });
    expect(new Set(recorder.features).size).toBe(recorder.features.length);
    // Ping, Pong, the timer, Ping from a sender that had handled a timer, Ping to a leader.
    expect(recorder.features).toHaveLength(5);
  });

  it("notes where each behaviour was first reached, and ignores a repeat", () => {
    const source = { position: 4 };
    const recorder = new BehaviourRecorder(1, source as unknown as ChoiceSource);
    recorder.request(0, { op: "write", value: "x" });
    source.position = 9;
    recorder.booted(0);
    recorder.request(0, { op: "write", value: "y" });
    recorder.request(0, { op: "read" });
    expect(recorder.positions).toEqual([4, 9]);
  });
});
