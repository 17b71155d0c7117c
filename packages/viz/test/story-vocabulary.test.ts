import type { Observation, ProtocolVocabulary } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { renderDiagram, renderStory, tellStory, type RecordedRun } from "../src/index.js";
import { TraceBuilder } from "./fixtures/hand-built.js";

/** Viewstamped Replication's words: views, a primary per view, backups, view changes. */
const vrWords: ProtocolVocabulary = {
  epoch: "view",
  leader: "primary",
  follower: "backup",
  candidate: "view changer",
  campaign: ["starts a view change", "start a view change"],
  support: ["backs", "back", "backing"],
};

const status = (node: number, state: { role: "leader" | "candidate" | "follower"; view: number; word?: string }): Observation =>
  ({ kind: "role", node, role: state.role, term: state.view, ...(state.word === undefined ? {} : { status: state.word }) }) as Observation;

const backs = (node: number, view: number, candidate: number): Observation =>
  ({ kind: "voted", node, term: view, candidate, lastLogIndex: 1, lastLogTerm: 1, candidateLastLogIndex: 1, candidateLastLogTerm: 1, candidateLogBehind: false }) as Observation;

/**
 * A VR-shaped failure, told in VR's words: s0 is primary of view 1 and
 * commits op 1; s1 starts a view change to view 2 and becomes primary
 * without it; s2 crashes and comes back recovering; s1 commits a different
 * op at the same position (s2, back from a crash and recovered, backs it).
 */
function vrShapedRun(vocabulary: ProtocolVocabulary | undefined): RecordedRun {
  const b = new TraceBuilder();
  b.observe(10, 0, status(0, { role: "leader", view: 1, word: "primary" }));
  b.observe(10, 1, status(1, { role: "follower", view: 1 }));
  b.observe(10, 2, status(2, { role: "follower", view: 1 }));
  b.observe(40, 0, { kind: "appended", node: 0, index: 1, term: 1, id: "c0#1 write 7" } as Observation);
  b.observe(45, 2, { kind: "appended", node: 2, index: 1, term: 1, id: "c0#1 write 7" } as Observation);
  b.observe(50, 0, { kind: "committed", node: 0, index: 1, term: 1 } as Observation);
  b.push({ kind: "partition", time: 60, shape: "s0 isolated", blocked: [] });
  b.push({ kind: "crash", time: 70, node: 2, downMs: 100 });
  b.restart(170, 2, [status(2, { role: "follower", view: 1, word: "recovering" })]);
  b.observe(190, 2, status(2, { role: "follower", view: 1, word: "normal" }));
  b.observe(200, 1, status(1, { role: "candidate", view: 2, word: "view-change" }));
  b.observe(201, 2, backs(2, 2, 1));
  b.observe(205, 1, status(1, { role: "leader", view: 2 }));
  b.observe(300, 1, { kind: "appended", node: 1, index: 1, term: 2, id: "c1#1 write 9" } as Observation);
  b.observe(310, 1, { kind: "committed", node: 1, index: 1, term: 2 } as Observation);
  const violation = b.violation(310, {
    invariant: "StateMachineSafety",
    message: "op 1 committed as c0#1 in view 1 and as c1#1 in view 2",
    subjects: { property: "safety", entries: [1], terms: [2] },
  });
  return { protocol: "vr-shaped (hand-built)", ...(vocabulary === undefined ? {} : { vocabulary }), clusterSize: 3, trace: b.trace, violation, endTime: 310 };
}

describe("a protocol's own words", () => {
  it("tell a VR-shaped story in views, primaries and view changes, never in elections, terms or candidates", () => {
    const story = tellStory(vrShapedRun(vrWords));
    const text = renderStory(story);
    expect(text).toContain("s1 starts a view change in view 2 and becomes primary");
    expect(text).toContain("s2 backs s1 in view 2");
    expect(text).toContain("(view 1, c0#1 write 7)");
    expect(text).toContain("s1 commits up to entry 1 (in view 2)");
    expect(text).not.toMatch(/election|term|candidate/i);
  });

  it("show a status of the protocol's own (recovering) in the story and on the diagram's lanes", () => {
    const run = vrShapedRun(vrWords);
    const story = tellStory(run, { maxSteps: 40 });
    expect(story.steps.map((s) => s.text)).toContain("s2 is now normal in view 1");
    const svg = renderDiagram(run, { story });
    expect(svg).toContain("s2 recovering in view 1");
    expect(svg).toContain("s1 view-change in view 2");
    expect(svg).toContain(">primary v2<");
    // The legend names the roles in the protocol's words.
    for (const word of ["primary", "view changer", "backup"]) expect(svg).toContain(`>${word}<`);
    const words = [...svg.matchAll(/>([^<>]*)</g)].map((m) => m[1] ?? "").join("\n");
    expect(words).not.toMatch(/election|\bterm\b|candidate|leader/i);
  });

  it("fall back to Raft's words for a protocol that declares none, and for a word that is not a short line", () => {
    const plain = renderStory(tellStory(vrShapedRun(undefined)));
    expect(plain).toContain("s1 stands for election in term 2 and becomes leader");
    const slipped = renderStory(tellStory(vrShapedRun({ epoch: "view\nterm", leader: "", campaign: ["starts a view change", "start a view change"] })));
    expect(slipped).toContain("s1 starts a view change in term 2 and becomes leader");
  });
});
