import { describe, expect, it } from "vitest";
import { tellStory } from "../src/index.js";
import { TraceBuilder } from "./fixtures/hand-built.js";

describe("a crash that loses unsynced writes, in the story", () => {
  it("says the node lost what it had written but not synced, and says nothing of the kind for a clean crash", () => {
    const b = new TraceBuilder();
    b.role(100, 0, "candidate 1").role(101, 0, "leader 1");
    b.push({ kind: "crash", time: 200, node: 1, downMs: 100, lostUnsynced: true });
    b.push({ kind: "crash", time: 250, node: 2, downMs: 100 });
    const violation = b.violation(300, { invariant: "ElectionSafety", message: "two leaders in term 1", subjects: { property: "safety", terms: [1], nodes: [1, 2] } });
    const story = tellStory({ protocol: "hand-built", clusterSize: 3, trace: b.trace, violation, endTime: 300 });
    const lines = story.steps.map((s) => s.text);
    expect(lines).toContain("s1 crashes (down for 100 ms), losing what it had written but not synced");
    expect(lines).toContain("s2 crashes (down for 100 ms)");
  });
});

describe("a disk that fails a node at its restart, in the story", () => {
  it("says what the storage layer found and that the node starts blank, as a turn of the story even in the calm phase", () => {
    const b = new TraceBuilder();
    b.role(100, 0, "candidate 1").role(101, 0, "leader 1");
    b.push({ kind: "crash", time: 200, node: 1, downMs: 100 });
    b.push({ kind: "restart", time: 300, node: 1, storageFault: "corrupt" });
    b.push({ kind: "crash", time: 320, node: 2, downMs: 100 });
    b.push({ kind: "phase", time: 400, phase: "calm" });
    b.push({ kind: "restart", time: 400, node: 2, storageFault: "unreadable" });
    const violation = b.violation(450, { invariant: "ElectionSafety", message: "two leaders in term 1", subjects: { property: "safety", terms: [1], nodes: [1, 2] } });
    const lines = tellStory({ protocol: "hand-built", clusterSize: 3, trace: b.trace, violation, endTime: 450 }).steps.map((s) => s.text);
    expect(lines).toContain("s1 restarts; what it had synced reads back corrupt (a checksum mismatch), so it starts as if its disk were blank");
    expect(lines).toContain("s2 restarts; its disk cannot read what it had synced (a latent read error), so it starts as if its disk were blank");
  });
});
