import { GeneratedChoices, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { protocolPlugin, raftAbstractState, runRaft } from "../src/index.js";
import { view } from "./hand-built-cluster.js";

// Slots: leaders, term gap, conflicting indices, commits against logs, leader's old uncommitted entries, leader commit of an older term, a log fresher than a leader's.
describe("Raft's abstract state", () => {
  it("is all zeros but the leader for a healthy cluster in one term", () => {
    const state = raftAbstractState(
      view([
        { role: "leader", currentTerm: 2, terms: [2, 2], commitIndex: 2 },
        { role: "follower", currentTerm: 2, terms: [2, 2], commitIndex: 2 },
        { role: "follower", currentTerm: 2, terms: [2], commitIndex: 1 },
      ]),
    );
    expect(state).toEqual([1, 0, 0, 0, 0, 0, 0]);
  });

  it("sees Figure 8's danger: a node missing a committed entry that a majority would still elect", () => {
    // Node 0 (term 4) committed index 2 (term 2) by counting replicas; node 2 holds a term-3 entry there, fresher than every other log.
    const state = raftAbstractState(
      view([
        { role: "leader", currentTerm: 4, terms: [1, 2], commitIndex: 2 },
        { role: "follower", currentTerm: 4, terms: [1, 2], commitIndex: 1 },
        { role: "follower", currentTerm: 4, terms: [1, 3], commitIndex: 1 },
      ]),
    );
    expect(state).toEqual([1, 0, 1, 2, 0, 1, 1]);
  });

  it("tells that danger from a stale node whose conflicting entry will be overwritten, and counts a down node's persisted log", () => {
    // Node 2 is down with an older-term entry at a committed index: no majority prefers its log.
    const state = raftAbstractState(
      view([
        { role: "leader", currentTerm: 3, terms: [1, 3], commitIndex: 2 },
        { role: "follower", currentTerm: 3, terms: [1, 3], commitIndex: 2 },
        { role: "follower", currentTerm: 2, terms: [1, 2], commitIndex: 1, down: true },
      ]),
    );
    expect(state).toEqual([1, 1, 1, 1, 0, 0, 0]);
  });

  it("marks the endangering node when it is campaigning", () => {
    const state = raftAbstractState(
      view([
        { role: "leader", currentTerm: 4, terms: [1, 2], commitIndex: 2 },
        { role: "follower", currentTerm: 4, terms: [1, 2], commitIndex: 1 },
        { role: "candidate", currentTerm: 5, terms: [1, 3], commitIndex: 1 },
      ]),
    );
    expect(state[3]).toBe(3);
  });

  it("sees a leader holding uncommitted entries of an older term, and a commit index past the log without failing", () => {
    const state = raftAbstractState(
      view([
        { role: "leader", currentTerm: 5, terms: [1, 2, 2], commitIndex: 1 },
        { role: "follower", currentTerm: 5, terms: [1], commitIndex: 4 },
        { role: "follower", currentTerm: 5, terms: [1], commitIndex: 1 },
      ]),
    );
    expect(state[4]).toBe(1);
    expect(state[6]).toBe(0);
  });

  it("gives every coverage feature of a plug-in run the choice position where it was first reached, and replaying up to there reaches it again", () => {
    const calm = protocolPlugin.run({ choices: new ReplayedChoices([]) });
    expect(calm.coverageAt?.length).toBe(calm.coverage.length);
    const run = protocolPlugin.run({ choices: new GeneratedChoices(9) });
    expect(run.coverageAt?.length).toBe(run.coverage.length);
    const positions = run.coverageAt ?? [];
    for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThanOrEqual(positions[i - 1] as number);
    expect(positions.at(-1)).toBeLessThanOrEqual(run.choices.length);
    for (const i of [0, Math.floor(positions.length / 2), positions.length - 1]) {
      const again = protocolPlugin.run({ choices: new ReplayedChoices(run.choices.slice(0, positions[i])) });
      expect(again.coverage).toContain(run.coverage[i]);
    }
    // runRaft feeds search the same features as the plug-in.
    expect(runRaft({ choices: new GeneratedChoices(9) }).coverage).toEqual(run.coverage);
  });
});
