import { GeneratedChoices, ReplayedChoices, type TraceEvent } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { faultShape } from "../src/fault-shape.js";
import { protocolPlugin } from "./fixtures/primary-backup-plugin.js";

/** A message `id` sent at `time` and due at `deliverAt`, from node 0 to node 1 unless `extra` says otherwise. */
const send = (id: number, [time, deliverAt]: readonly [number, number], extra: Partial<{ from: number; to: number; fate: "delivered" | "dropped"; duplicate: boolean }> = {}): TraceEvent => ({
  kind: "send",
  time,
  step: id,
  id,
  from: extra.from ?? 0,
  to: extra.to ?? 1,
  message: "m",
  fate: extra.fate ?? "delivered",
  deliverAt,
  duplicate: extra.duplicate ?? false,
});

describe("faultShape", () => {
  it("says no fault for a run of all zeros", () => {
    const run = protocolPlugin.run({ choices: new ReplayedChoices([]), recordTrace: true });
    expect(faultShape(run.trace, run.endTime)).toBe("no fault");
  });

  it("counts each crash and partition of a run's trace, names partitions without their nodes, and sorts the kinds", () => {
    const trace: TraceEvent[] = [
      { kind: "partition", time: 10, step: 1, shape: "s2 isolated", blocked: [] },
      { kind: "crash", time: 20, step: 2, node: 1, downMs: 100 },
      { kind: "partition", time: 30, step: 3, shape: "{s0,s3} split from the rest", blocked: [] },
      { kind: "crash", time: 40, step: 4, node: 0, downMs: 100 },
      { kind: "partition", time: 50, step: 5, shape: "s0 isolated", blocked: [] },
    ];
    expect(faultShape(trace, 100)).toBe("crash x2, partition (2 nodes split from the rest) x1, partition (a node isolated) x2");
  });

  it("leaves out what happened after the failure", () => {
    const trace: TraceEvent[] = [
      { kind: "crash", time: 20, step: 1, node: 1, downMs: 100 },
      { kind: "crash", time: 80, step: 2, node: 0, downMs: 100 },
    ];
    expect(faultShape(trace, 50)).toBe("crash x1");
  });

  it("counts a message overtaken on its link once, however many pass it, and not messages on other links", () => {
    const trace = [send(1, [0, 50]), send(2, [1, 3]), send(3, [2, 4]), send(4, [3, 5], { to: 2 }), send(5, [4, 6], { to: 2 })];
    expect(faultShape(trace, 100)).toBe("overtaken message x1");
  });

  it("counts dropped and duplicated messages", () => {
    expect(faultShape([send(1, [0, 2], { fate: "dropped" }), send(2, [1, 3], { duplicate: true })], 100)).toBe("dropped message x1, duplicated message x1");
  });

  it("names the faults of a real failing run, and only faults the trace holds", () => {
    const defects = [protocolPlugin.defects[0]?.name ?? ""];
    let traced = protocolPlugin.run({ defects, choices: new GeneratedChoices(1), recordTrace: true });
    for (let seed = 2; traced.violation === null && seed < 200; seed++) traced = protocolPlugin.run({ defects, choices: new GeneratedChoices(seed), recordTrace: true });
    expect(traced.violation).not.toBeNull();
    const shape = faultShape(traced.trace, traced.violation?.time ?? traced.endTime);
    // The defect loses the register in a crash: its failure needs one.
    expect(shape).toMatch(/crash x\d+/);
    for (const part of shape.split(", ")) expect(part).toMatch(/^(crash|partition \([a-z0-9 (),-]+\)|dropped message|duplicated message|overtaken message) x\d+$/);
  });
});
