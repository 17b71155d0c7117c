import type { Observation, TraceEvent } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { describeEvent, tellStory } from "../src/index.js";
import { TraceBuilder } from "./fixtures/hand-built.js";

/**
 * `node` votes for `candidate` in `term`; `own` and `theirs` are (last log
 * index, last log term), and `behind` the protocol's verdict on the candidate's log.
 */
const vote = (node: number, term: number, v: { candidate: number; own: [number, number]; theirs: [number, number]; behind?: boolean }): Observation =>
  ({
    kind: "voted",
    node,
    term,
    candidate: v.candidate,
    lastLogIndex: v.own[0],
    lastLogTerm: v.own[1],
    candidateLastLogIndex: v.theirs[0],
    candidateLastLogTerm: v.theirs[1],
    candidateLogBehind: v.behind ?? false,
  }) as Observation;

function run(b: TraceBuilder, about: { message: string; terms: number[] }) {
  const violation = b.violation(300, { invariant: "ElectionSafety", message: about.message, subjects: { property: "safety", terms: about.terms } });
  return { protocol: "raft-shaped (hand-built)", clusterSize: 3, trace: b.trace, violation, endTime: 300 };
}

describe("votes in the story", () => {
  it("tells the votes of the term the violation names, and says when a node votes twice in a term", () => {
    const b = new TraceBuilder();
    b.observe(10, 2, vote(2, 1, { candidate: 1, own: [0, 0], theirs: [0, 0] }));
    b.role(11, 1, "leader 1");
    b.observe(200, 2, vote(2, 1, { candidate: 0, own: [0, 0], theirs: [0, 0] }));
    b.role(201, 0, "leader 1");
    const story = tellStory(run(b, { message: "s0 became leader in term 1, but s1 was already leader of term 1", terms: [1] }));
    const texts = story.steps.map((s) => s.text);
    expect(texts).toContain("s2 votes for s1 in term 1");
    expect(texts).toContain("s2 votes for s0 in term 1, after voting for s1 in the same term");
  });

  it("says when a vote went to a candidate whose log was behind the voter's, and leaves out votes of other terms", () => {
    const b = new TraceBuilder();
    b.observe(50, 1, vote(1, 2, { candidate: 2, own: [1, 1], theirs: [1, 1] }));
    b.observe(100, 1, vote(1, 3, { candidate: 0, own: [3, 1], theirs: [0, 0], behind: true }));
    b.role(101, 0, "leader 3");
    const story = tellStory(run(b, { message: "s0 became leader in term 3 without entry 1, which was committed in term 1", terms: [3] }));
    const texts = story.steps.map((s) => s.text);
    expect(texts).toContain("s1 votes for s0 in term 3, though s0's log (0 entries, last term 0) is behind its own (3, last term 1)");
    expect(texts.some((t) => t.includes("term 2"))).toBe(false);
  });

  it("takes the protocol's word on whose log was behind: this package knows no election rule", () => {
    // Same log positions, but a protocol whose rule judges the candidate behind (and one that does not).
    for (const behind of [true, false]) {
      const b = new TraceBuilder();
      b.observe(100, 1, vote(1, 3, { candidate: 0, own: [2, 2], theirs: [5, 2], behind }));
      b.role(101, 0, "leader 3");
      const texts = tellStory(run(b, { message: "any words", terms: [3] })).steps.map((s) => s.text);
      expect(texts.some((t) => t.includes("is behind its own")), `behind: ${behind}`).toBe(behind);
    }
  });

  it("puts a vote into words on its own", () => {
    const event: TraceEvent = { kind: "observation", time: 0, step: 0, node: 1, observation: vote(1, 4, { candidate: 2, own: [0, 0], theirs: [0, 0] }) };
    expect(describeEvent(event)).toBe("s1 votes for s2 in term 4");
  });
});
