import { describe, expect, it } from "vitest";
import { describeEvent, renderDiagram, tellStory } from "../src/index.js";
import { TraceBuilder } from "./fixtures/hand-built.js";

/** Two drawn clocks at setup, a leader, a jump back on s2 and a violation at 40 s naming the nodes given. */
function clockedRun(named: readonly number[]) {
  const b = new TraceBuilder();
  b.push({ kind: "clock", time: 0, node: 1, offsetMs: 0, driftPpm: 10_000 });
  b.push({ kind: "clock", time: 0, node: 2, offsetMs: 80, driftPpm: -5_000 });
  b.role(100, 0, "candidate 1").role(101, 0, "leader 1");
  b.push({ kind: "clock-jump", time: 2000, node: 2, jumpMs: -300, readsMs: 1770 });
  const violation = b.violation(40_000, { invariant: "ElectionSafety", message: "two leaders in term 1", subjects: { property: "safety", terms: [1], nodes: named } });
  return { protocol: "hand-built", clusterSize: 3, trace: b.trace, violation, endTime: 40_000 };
}

describe("drawn clocks and clock jumps, in the story", () => {
  it("names each drawn clock once, with how far it strayed by the violation, and each jump", () => {
    const story = tellStory(clockedRun([1, 2]));
    const lines = story.steps.map((s) => s.text);
    expect(lines).toContain("s1's clock runs 1.0% fast (reads 400 ms ahead of the world after 40 s); s2's clock runs 0.5% slow, starting 80 ms ahead (reads 120 ms behind the world after 40 s)");
    expect(lines).toContain("s2's clock jumps 300 ms back, to 1770 ms");
    const clocks = story.steps.find((s) => s.kind === "clock");
    expect(clocks?.nodes).toEqual([1, 2]);
    expect(clocks?.time).toBe(0);
    expect(clocks?.traceEvents).toEqual([0, 1]);
  });

  it("tells a clock the violation names as a turn of the story, and lets others give way first when the story is too long", () => {
    // Named: the clocks and the jump weigh as much as the new leader (the earliest of equals goes first).
    expect(tellStory(clockedRun([1, 2]), { maxSteps: 2 }).steps.map((s) => s.kind)).toEqual(["clock-jump", "violation"]);
    // Not named: both give way before the leader.
    expect(tellStory(clockedRun([0]), { maxSteps: 2 }).steps.map((s) => s.kind)).toEqual(["leader", "violation"]);
    expect(tellStory(clockedRun([0])).steps.map((s) => s.kind)).toEqual(["clock", "leader", "clock-jump", "violation"]);
  });

  it("describes the events line by line, and a diagram still draws", () => {
    expect(describeEvent({ kind: "clock", time: 0, step: 0, node: 0, offsetMs: 320, driftPpm: 0 })).toBe("s0's clock reads 320 ms ahead of the world");
    expect(describeEvent({ kind: "clock", time: 0, step: 0, node: 1, offsetMs: 0, driftPpm: 50 })).toBe("s1's clock runs 50 ppm fast");
    expect(describeEvent({ kind: "clock-jump", time: 300, step: 9, node: 2, jumpMs: 1000, readsMs: 1300 })).toBe("s2's clock jumps 1000 ms forward, to 1300 ms");
    expect(renderDiagram(clockedRun([1, 2]))).toContain("<svg");
  });

  it("says nothing of clocks in a run without them", () => {
    const b = new TraceBuilder();
    b.role(100, 0, "candidate 1").role(101, 0, "leader 1");
    const violation = b.violation(200, { invariant: "ElectionSafety", message: "two leaders in term 1", subjects: { property: "safety", terms: [1], nodes: [0] } });
    const story = tellStory({ protocol: "hand-built", clusterSize: 3, trace: b.trace, violation, endTime: 200 });
    expect(story.steps.some((s) => s.kind === "clock" || s.kind === "clock-jump" || s.text.includes("clock"))).toBe(false);
  });
});
