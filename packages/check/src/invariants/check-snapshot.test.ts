import { describe, expect, it } from "vitest";
import type { ReplicaView } from "../replica/replica-view.js";
import { checkElectionSafety, checkLeaderCompleteness, checkLogMatching, checkSnapshot, checkStateMachineSafety } from "./check-snapshot.js";

const view = (node: number, fields: Partial<ReplicaView> & { ids?: string }): ReplicaView => ({
  node,
  role: fields.role ?? "follower",
  term: fields.term ?? 1,
  // "a1 b1 c2": ids a, b, c with terms 1, 1, 2.
  log: (fields.ids ?? "").split(" ").filter((s) => s !== "").map((s) => ({ id: s.slice(0, -1), term: Number(s.slice(-1)) })),
  commitIndex: fields.commitIndex ?? 0,
  appliedIndex: fields.appliedIndex ?? 0,
});

describe("snapshot invariants", () => {
  it("accept agreeing replicas", () => {
    const views = [view(0, { role: "leader", term: 2, ids: "a1 b1 c2", appliedIndex: 3 }), view(1, { term: 2, ids: "a1 b1", appliedIndex: 2 }), view(2, { role: "down", ids: "a1 y3" })];
    expect(checkSnapshot(views, [{ index: 1, id: "a", term: 1 }])).toBeUndefined();
  });

  it("ElectionSafety fails on two live leaders of one term", () => {
    expect(checkElectionSafety([view(0, { role: "leader", term: 2 }), view(1, { role: "leader", term: 2 })])?.message).toBe("s0 and s1 are both leader of term 2");
    expect(checkElectionSafety([view(0, { role: "leader", term: 2 }), view(1, { role: "leader", term: 2 })])?.subjects).toEqual({ property: "safety", nodes: [0, 1], terms: [2], entries: [], operations: [] });
  });

  it("LogMatching fails when equal entries have different prefixes", () => {
    expect(checkLogMatching([view(0, { ids: "a1 c2" }), view(1, { ids: "b1 c2" })])?.message).toBe('s0 and s1 both hold entry 2 of term 2, but their entries 1 differ: "a" (term 1) and "b" (term 1)');
    expect(checkLogMatching([view(0, { ids: "a1 c2" }), view(1, { ids: "b1 c2" })])?.subjects).toMatchObject({ nodes: [0, 1], terms: [2], entries: [1, 2] });
  });

  it("StateMachineSafety fails when applied entries differ", () => {
    expect(checkStateMachineSafety([view(0, { ids: "a1", appliedIndex: 1 }), view(1, { ids: "b2", appliedIndex: 1 })])?.invariant).toBe("StateMachineSafety");
    expect(checkStateMachineSafety([view(0, { ids: "a1", appliedIndex: 1 }), view(1, { ids: "b2", appliedIndex: 1 })])?.subjects).toMatchObject({ nodes: [0, 1], entries: [1] });
    expect(checkStateMachineSafety([view(0, { ids: "a1", appliedIndex: 1 }), view(1, { ids: "b2", appliedIndex: 0 })])).toBeUndefined();
  });

  it("LeaderCompleteness binds only leaders of later terms", () => {
    const committed = [{ index: 1, id: "a", term: 3 }];
    expect(checkLeaderCompleteness([view(0, { role: "leader", term: 4, ids: "z4" })], committed)?.message).toBe("s0 is leader of term 4 without entry 1, which was committed in term 3");
    expect(checkLeaderCompleteness([view(0, { role: "leader", term: 4, ids: "z4" })], committed)?.subjects).toMatchObject({ nodes: [0], terms: [4], entries: [1] });
    expect(checkLeaderCompleteness([view(0, { role: "leader", term: 3, ids: "z3" })], committed)).toBeUndefined();
  });
});
