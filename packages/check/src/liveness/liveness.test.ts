import { describe, expect, it } from "vitest";
import { checkLiveness, createLivenessTracker } from "./liveness.js";

describe("liveness", () => {
  it("is not asked when the run never reached the calm phase", () => {
    expect(checkLiveness({ calmStartedAt: null, endTime: 900, commitIndexAtCalmStart: 3, commitIndexAtEnd: 3 })).toBeUndefined();
  });

  it("fails when nothing was committed during the calm phase", () => {
    expect(checkLiveness({ calmStartedAt: 2000, endTime: 5000, commitIndexAtCalmStart: 12, commitIndexAtEnd: 12 })).toEqual({
      invariant: "Liveness",
      message: "the commit index stayed at 12 for the whole calm phase (3000 ms from 2000 ms): nothing was committed after the network healed",
      subjects: { property: "liveness", nodes: [], terms: [], entries: [], operations: [] },
    });
  });

  it("the tracker counts only commits beyond the pre-calm high-water mark", () => {
    const tracker = createLivenessTracker();
    tracker.observe({ kind: "committed", node: 0, index: 5, term: 2 }, false);
    // A restarted replica relearning old commits is not progress.
    tracker.observe({ kind: "committed", node: 1, index: 5, term: 3 }, true);
    expect(tracker.verdict({ calmStartedAt: 2000, endTime: 2600 })?.invariant).toBe("Liveness");
    tracker.observe({ kind: "committed", node: 1, index: 6, term: 3 }, true);
    expect(tracker.verdict({ calmStartedAt: 2000, endTime: 2600 })).toBeUndefined();
    expect(tracker.commitIndex).toBe(6);
  });
});
