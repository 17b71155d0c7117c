import { describe, expect, it } from "vitest";
import { describeObservation } from "./describe-observation.js";
import { isReplicaObservation, recogniseReplicaObservation } from "./recognise-replica-observation.js";

describe("describeObservation", () => {
  it("puts each observation in words", () => {
    expect(describeObservation({ kind: "role", node: 0, role: "leader", term: 3 })).toBe("s0 becomes leader in term 3");
    expect(describeObservation({ kind: "role", node: 2, role: "candidate", term: 4 })).toBe("s2 stands for election in term 4");
    expect(describeObservation({ kind: "role", node: 2, role: "follower", term: 4 })).toBe("s2 is a follower in term 4");
    expect(describeObservation({ kind: "committed", node: 1, index: 4, term: 3 })).toBe("s1 commits up to entry 4 (in term 3)");
    expect(describeObservation({ kind: "appended", node: 1, index: 4, term: 3, id: "c0#2 write 0.2" })).toBe("s1 appends entry 4 (term 3, c0#2 write 0.2)");
    expect(describeObservation({ kind: "truncated", node: 1, fromIndex: 4 })).toBe("s1 truncates its log from entry 4");
    expect(describeObservation({ kind: "applied", node: 1, index: 4, id: "c0#2 read", client: 0, seq: 2, effect: false })).toBe("s1 applies entry 4 (c0#2 read) as a duplicate, without effect");
    expect(describeObservation({ kind: "restarted", node: 2, term: 5, logLength: 7 })).toBe("s2 restarts with term 5 and 7 log entries");
  });
});

describe("recogniseReplicaObservation", () => {
  it("recognises replica observations by every field, not only the tag", () => {
    expect(isReplicaObservation({ kind: "role", node: 0, role: "leader", term: 1 } as { kind: string })).toBe(true);
    expect(isReplicaObservation({ kind: "booted" })).toBe(false);
    // Another protocol's "applied" with other fields is not misread.
    expect(isReplicaObservation({ kind: "applied", node: 0, client: 1, seq: 3 } as { kind: string })).toBe(false);
    expect(isReplicaObservation({ kind: "role", node: 0, role: "primary", term: 1 } as { kind: string })).toBe(false);
  });

  it("takes the node from the trace event when the observation leaves it out", () => {
    const observation = { kind: "committed", index: 2, term: 1 };
    expect(isReplicaObservation(observation)).toBe(false);
    expect(recogniseReplicaObservation(observation, 3)).toEqual({ kind: "committed", node: 3, index: 2, term: 1 });
    const whole = { kind: "committed", node: 3, index: 2, term: 1 };
    expect(recogniseReplicaObservation(whole, 3)).toBe(whole);
  });
});

describe("votes", () => {
  const vote = { kind: "voted", node: 2, term: 3, candidate: 0, lastLogIndex: 3, lastLogTerm: 1, candidateLastLogIndex: 0, candidateLastLogTerm: 0, candidateLogBehind: true } as const;

  it("are replica observations, put in words with what the voter knew", () => {
    expect(isReplicaObservation(vote)).toBe(true);
    expect(describeObservation(vote)).toBe("s2 votes for s0 in term 3, though s0's log is behind s2's");
    expect(describeObservation({ ...vote, candidateLogBehind: false })).toBe("s2 votes for s0 in term 3");
  });

  it("need the protocol's verdict on the candidate's log", () => {
    const { candidateLogBehind: _, ...withoutVerdict } = vote;
    expect(isReplicaObservation(withoutVerdict)).toBe(false);
  });
});
