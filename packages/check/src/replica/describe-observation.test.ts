import { describe, expect, it } from "vitest";
import { describeObservation, isReplicaObservation } from "./describe-observation.js";

describe("describeObservation", () => {
  it("puts each observation in words", () => {
    expect(describeObservation({ kind: "role", node: 0, role: "leader", term: 3 })).toBe("s0 becomes leader in term 3");
    expect(describeObservation({ kind: "role", node: 2, role: "candidate", term: 4 })).toBe("s2 stands for election in term 4");
    expect(describeObservation({ kind: "committed", node: 1, index: 4, term: 3 })).toBe("s1 commits up to 4 (term 3)");
    expect(describeObservation({ kind: "appended", node: 1, index: 4, term: 3, id: "c0#2 write 0.2" })).toBe("s1 appends entry 4 (term 3: c0#2 write 0.2)");
    expect(describeObservation({ kind: "truncated", node: 1, fromIndex: 4 })).toBe("s1 deletes its entries from index 4 on");
    expect(describeObservation({ kind: "applied", node: 1, index: 4, id: "c0#2 read", client: 0, seq: 2, effect: false })).toBe("s1 skips entry 4 (c0#2 read): already applied");
    expect(describeObservation({ kind: "restarted", node: 2, term: 5, logLength: 7 })).toBe("s2 restarts in term 5 with 7 entries");
  });

  it("recognises replica observations by their tag", () => {
    expect(isReplicaObservation({ kind: "role", node: 0, role: "leader", term: 1 } as { kind: string })).toBe(true);
    expect(isReplicaObservation({ kind: "booted" })).toBe(false);
  });
});

describe("votes", () => {
  const vote = { kind: "voted", node: 2, term: 3, candidate: 0, lastLogIndex: 3, lastLogTerm: 1, candidateLastLogIndex: 0, candidateLastLogTerm: 0 } as const;

  it("are replica observations, put in words", () => {
    expect(isReplicaObservation(vote)).toBe(true);
    expect(describeObservation(vote)).toBe("s2 votes for s0 in term 3");
  });
});
