import { GeneratedChoices, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { raftCoverage, runRaft } from "../src/index.js";
import { view, type FakeNode } from "./hand-built-cluster.js";

const healthy: FakeNode[] = [
  { role: "leader", currentTerm: 2, terms: [1, 2], commitIndex: 2 },
  { role: "follower", currentTerm: 2, terms: [1, 2], commitIndex: 2 },
  { role: "follower", currentTerm: 2, terms: [1], commitIndex: 1 },
];

describe("the coverage probe", () => {
  it("gives the same features for the same choices", () => {
    expect(runRaft({ choices: new GeneratedChoices(5) }).coverage).toEqual(runRaft({ choices: new GeneratedChoices(5) }).coverage);
  });

  it("sees few kinds of state in the calm run and many under faults", () => {
    const calm = new Set(runRaft({ choices: new ReplayedChoices([]) }).coverage);
    const hostile = new Set<number>();
    for (let seed = 1; seed <= 50; seed++) for (const f of runRaft({ choices: new GeneratedChoices(seed) }).coverage) hostile.add(f);
    // The probe's features and the abstract states the calm run passes through.
    expect(calm.size).toBeLessThanOrEqual(12);
    expect(hostile.size).toBeGreaterThan(8 * calm.size);
  });

  it("describes one state as four features, one per group, so that progress in one aspect is visible alone", () => {
    const features = raftCoverage(view(healthy));
    expect(features).toHaveLength(4);
    expect(new Set(features).size).toBe(4);
  });

  it("tells a conflict at or below the commit index from one above it, through a down node's persisted log", () => {
    const above = raftCoverage(view([healthy[0] as FakeNode, { role: "follower", currentTerm: 2, terms: [1, 2, 2], commitIndex: 2 }, { role: "follower", currentTerm: 3, terms: [1, 2, 3], commitIndex: 1, down: true }]));
    const below = raftCoverage(view([healthy[0] as FakeNode, healthy[1] as FakeNode, { role: "follower", currentTerm: 2, terms: [1, 1], commitIndex: 1, down: true }]));
    const none = raftCoverage(view([healthy[0] as FakeNode, healthy[1] as FakeNode, { role: "follower", currentTerm: 2, terms: [1], commitIndex: 1, down: true }]));
    // Same roles, nodes down and spreads: only the log group differs.
    expect(below[0]).toBe(none[0]);
    expect(new Set([above[2], below[2], none[2]]).size).toBe(3);
  });

  it("notices a leader whose log is less up to date than another node's", () => {
    const behind = raftCoverage(view([
      { role: "leader", currentTerm: 4, terms: [1, 1, 1], commitIndex: 1 },
      { role: "follower", currentTerm: 4, terms: [1, 3], commitIndex: 1 },
      { role: "follower", currentTerm: 4, terms: [1, 1, 1], commitIndex: 1 },
    ]));
    const ahead = raftCoverage(view([
      { role: "leader", currentTerm: 4, terms: [1, 3, 4], commitIndex: 1 },
      { role: "follower", currentTerm: 4, terms: [1, 3], commitIndex: 1 },
      { role: "follower", currentTerm: 4, terms: [1, 3, 4], commitIndex: 1 },
    ]));
    expect(behind[3]).not.toBe(ahead[3]);
  });
});
