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
