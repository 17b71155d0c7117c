import { describe, expect, it } from "vitest";
import { replicaAbstractState, type PluginReplicaView } from "../src/index.js";

type Role = PluginReplicaView["role"];

/** A replica `[node, role, term]` whose log holds entries of the given terms. */
function replica(who: readonly [number, Role, number], terms: readonly number[], commitIndex = 0): PluginReplicaView {
  const [node, role, term] = who;
  return { node, role, term, log: terms.map((t, i) => ({ term: t, id: `${node}.${i}` })), commitIndex, appliedIndex: commitIndex };
}

describe("replicaAbstractState", () => {
  it("sees a calm cluster with one leader and agreeing logs as the plainest state", () => {
    const views = [replica([0, "leader", 2], [1, 2], 2), replica([1, "follower", 2], [1, 2], 2), replica([2, "follower", 2], [1, 2], 1)];
    expect(replicaAbstractState(views)).toEqual([1, 0, 0, 0, 0, 0, 0]);
  });

  it("counts live leaders and the term gap, down replicas' terms included, capped", () => {
    const views = [replica([0, "leader", 1], []), replica([1, "leader", 2], []), replica([2, "leader", 3], []), replica([3, "down", 9], [])];
    const [leaders, gap] = replicaAbstractState(views);
    expect(leaders).toBe(2);
    expect(gap).toBe(3);
  });

  it("counts indices where two logs disagree on the term, and flags one below the highest commit", () => {
    const agreeingCommit = [replica([0, "follower", 3], [1, 1, 2], 1), replica([1, "follower", 3], [1, 3, 3]), replica([2, "follower", 3], [1])];
    expect(replicaAbstractState(agreeingCommit).slice(2, 4)).toEqual([2, 0]);
    // s2 disagrees at index 2, which s0 committed, but holds the stalest log: no majority would vote for it.
    const conflictBelow = [replica([0, "follower", 3], [1, 2], 2), replica([1, "follower", 3], [1, 2]), replica([2, "follower", 3], [1, 1])];
    expect(replicaAbstractState(conflictBelow).slice(2, 4)).toEqual([1, 1]);
  });

  it("marks the step before a committed entry is lost: a replica without it whose log a majority would vote for, a candidate above all", () => {
    // s0 committed [1, 2]; s1 and s2 lack index 2 but hold a fresher last term, so a majority would vote for either.
    const follower = [replica([0, "follower", 3], [1, 2], 2), replica([1, "follower", 3], [1, 3]), replica([2, "follower", 3], [1, 3])];
    expect(replicaAbstractState(follower)[3]).toBe(2);
    const candidate = [replica([0, "follower", 3], [1, 2], 2), replica([1, "candidate", 4], [1, 3]), replica([2, "follower", 3], [1, 3])];
    expect(replicaAbstractState(candidate)[3]).toBe(3);
  });

  it("flags a leader's uncommitted entries of older terms, a commit index on an older term's entry, and a fresher log than a leader's", () => {
    const views = [replica([0, "leader", 3], [1, 1, 2], 2), replica([1, "follower", 3], [1, 1, 2, 2]), replica([2, "follower", 3], [1])];
    expect(replicaAbstractState(views).slice(4)).toEqual([1, 1, 1]);
  });

  it("answers for no replicas at all", () => {
    expect(replicaAbstractState([])).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
