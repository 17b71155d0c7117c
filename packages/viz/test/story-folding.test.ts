import type { Observation } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { renderStory, tellStory, type RecordedRun } from "../src/index.js";
import { TraceBuilder } from "./fixtures/hand-built.js";

const appended = (node: number, index: number, id: string): Observation => ({ kind: "appended", node, index, term: Number(/ term (\d+)$/.exec(id)?.[1] ?? 1), id }) as Observation;
const committed = (node: number, index: number, term = 1): Observation => ({ kind: "committed", node, index, term }) as Observation;
/** An applied entry; an id ending in ` (duplicate)` applies without effect. */
const applied = (node: number, index: number, id: string): Observation => {
  const [client, seq] = (/^c(\d+)#(\d+)/.exec(id) ?? []).slice(1).map(Number);
  const effect = !id.endsWith(" (duplicate)");
  return { kind: "applied", node, index, id: id.replace(" (duplicate)", ""), client: client ?? null, seq: seq ?? null, effect } as Observation;
};
const truncated = (node: number, fromIndex: number): Observation => ({ kind: "truncated", node, fromIndex }) as Observation;

/**
 * The liveness failure of truncate_on_every_append, by hand: s0 leads, its
 * followers acknowledge entries 1-3, s0 commits them, then a stale
 * heartbeat makes both followers truncate back to entry 1; every later
 * entry stays on s0 alone and nothing commits again.
 */
function stalledRun(): RecordedRun {
  const b = new TraceBuilder();
  b.role(10, 0, "candidate 1").role(11, 1, "follower 1").role(11, 2, "follower 1").role(12, 0, "leader 1");
  b.heartbeats(0, { from: 20, to: 100, everyMs: 10, clusterSize: 3 });
  for (const index of [1, 2, 3]) b.observe(100, 0, appended(0, index, `c${index - 1}#1 write ${index - 1}.1`));
  for (const node of [1, 2]) for (const index of [1, 2, 3]) b.observe(102, node, appended(node, index, `c${index - 1}#1 write ${index - 1}.1`));
  b.observe(104, 0, committed(0, 2)).observe(104, 0, committed(0, 3));
  for (const index of [1, 2, 3]) b.observe(104, 0, applied(0, index, `c${index - 1}#1 write ${index - 1}.1`));
  for (const node of [1, 2]) b.observe(105, node, truncated(node, 1)).observe(105, node, appended(node, 1, "c0#1 write 0.1"));
  b.observe(300, 0, appended(0, 4, "c0#2 read")).observe(400, 0, appended(0, 5, "c1#2 read"));
  b.heartbeats(0, { from: 400, to: 500, everyMs: 10, clusterSize: 3 });
  b.push({ kind: "phase", time: 500, phase: "calm" });
  b.observe(600, 0, appended(0, 6, "c3#1 write 3.1"));
  b.heartbeats(0, { from: 600, to: 2000, everyMs: 50, clusterSize: 3 });
  const violation = b.violation(2000, {
    invariant: "Liveness",
    message: "the commit index stayed at 3 for the whole calm phase (1500 ms from 500 ms)",
    subjects: { property: "liveness", nodes: [], terms: [], entries: [], operations: [] },
  });
  return { protocol: "stalled (hand-built)", clusterSize: 3, trace: b.trace, violation, endTime: 2000 };
}

describe("the story of a liveness failure", () => {
  const story = tellStory(stalledRun());
  const texts = story.steps.map((s) => s.text);

  it("tells why nothing committed: the last commit, the truncations that erased it, the entries that never reached a majority, where each node stood", () => {
    expect(texts).toEqual([
      "s0 stands for election in term 1 and becomes leader",
      "s0 commits up to entry 3 (in term 1): the last commit of the run",
      "s1 and s2 truncate their log from entry 1, erasing entries 1-3, below the commit index 3",
      "s0 appends entries 4-6: never committed, held by 1 of 3 nodes, never a majority",
      "calm phase begins: faults stop, the network heals, crashed nodes restart",
      "in the end nothing is committed past entry 3: s0 (leader of term 1) has 6 entries, s1 has 1 entry, s2 has 1 entry",
      "Liveness violated: the commit index stayed at 3 for the whole calm phase (1500 ms from 500 ms)",
    ]);
  });

  it("spans the stalled entries from the first append to the last", () => {
    const stalled = story.steps.find((s) => s.text.includes("never committed"));
    expect([stalled?.time, stalled?.timeEnd, stalled?.events]).toEqual([300, 600, 3]);
    expect(story.stepsLeftOut).toBe(0);
  });

  it("leaves the appends and applies of entries that did commit out", () => {
    expect(texts.some((t) => /appl/.test(t))).toBe(false);
    expect(texts.some((t) => /append entr(y|ies) [1-3]\b/.test(t))).toBe(false);
  });

  it("is a liveness story because the subjects say so, whatever the invariant is called", () => {
    const run = stalledRun();
    const renamed = (v: NonNullable<RecordedRun["violation"]>) => ({ ...v, invariant: "Progress", message: "it got stuck" });
    const violation = run.violation === null ? null : renamed(run.violation);
    const told = tellStory({ ...run, violation, trace: run.trace.map((e) => (e.kind === "violation" && violation !== null ? { ...e, violation } : e)) });
    expect(told.steps.slice(0, -1).map((s) => s.text)).toEqual(texts.slice(0, -1));
  });

  it("says when no node leads at the end", () => {
    const run = stalledRun();
    const b = new TraceBuilder();
    // The same run, but s0 steps down just before the check.
    const trace = [...run.trace];
    const last = trace.pop();
    b.trace.push(...trace);
    if (last === undefined || last.kind !== "violation") throw new Error("the run ends with its violation");
    b.trace.push({ kind: "observation", time: 1999, step: last.step, node: 0, observation: { kind: "role", node: 0, role: "follower", term: 2 } as Observation }, last);
    const told = tellStory({ ...run, trace: b.trace });
    expect(told.steps.map((s) => s.text)).toContain("in the end nothing is committed past entry 3 and no node leads: s0 has 6 entries, s1 has 1 entry, s2 has 1 entry");
  });
});

describe("collapsing repetition", () => {
  /** s0 leads; five entries replicate to everyone in one round and commit; the violation names them all. */
  function replicatedRun(): RecordedRun {
    const b = new TraceBuilder();
    b.role(10, 0, "leader 1");
    const id = (index: number): string => `c0#${index} write 0.${index}`;
    for (let index = 5; index <= 9; index++) b.observe(100, 0, appended(0, index, id(index)));
    for (const node of [1, 2]) for (let index = 5; index <= 9; index++) b.observe(102, node, appended(node, index, id(index)));
    b.observe(104, 0, committed(0, 7)).observe(104, 0, committed(0, 9));
    for (let index = 5; index <= 9; index++) b.observe(104, 0, applied(0, index, id(index)));
    b.observe(106, 1, applied(1, 5, `${id(5)} (duplicate)`));
    // A follower that keeps dropping and re-appending entry 8 (truncations that erase nothing are noise).
    for (let t = 200; t <= 203; t++) b.observe(t, 2, truncated(2, 8)).observe(t, 2, appended(2, 8, id(8)));
    b.observe(204, 2, truncated(2, 9)).observe(205, 2, truncated(2, 9));
    const violation = b.violation(300, { invariant: "Made Up", message: "entries 5-9 are wrong", subjects: { entries: [5, 6, 7, 8, 9] } });
    return { protocol: "p", clusterSize: 3, trace: b.trace, violation, endTime: 300 };
  }
  const story = tellStory(replicatedRun());
  const texts = story.steps.map((s) => s.text);

  it("folds appends of consecutive entries by the same nodes into one ranged step", () => {
    expect(texts).toContain("s0, s1 and s2 append entries 5-9 (term 1, c0#5 write 0.5 … c0#9 write 0.9)");
    expect(story.steps.find((s) => s.kind === "appended")?.events).toBe(15);
  });

  it("folds a node's commit advances and the applies they cause into one step, but not a duplicate apply", () => {
    expect(texts).toContain("s0 commits up to entry 9 (in term 1), applying entries 5-9 (c0#5 write 0.5 … c0#9 write 0.9)");
    expect(texts).toContain("s1 applies entry 5 (c0#5 write 0.5) as a duplicate, without effect");
  });

  it("folds a node's repeated truncations, counting them", () => {
    expect(texts).toContain("s2 truncates its log from entry 8 (4 times), erasing entries 8-9");
    expect(texts).toContain("s2 appends entry 8 (term 1, c0#8 write 0.8)");
    expect(story.steps.find((s) => s.kind === "truncated")?.events).toBe(4);
  });

  it("tells 33 of its 35 events in 7 steps, leaving out truncations that erased nothing", () => {
    expect(texts).toHaveLength(7);
    expect(renderStory(story)).toMatch(/7 steps stand for 33 of 35 trace events\.$/);
  });

  it("never folds appends of the same index from different terms", () => {
    const b = new TraceBuilder();
    b.observe(100, 0, appended(0, 4, "c1#1 write 1.1 term 1")).observe(101, 0, appended(0, 5, "c1#2 write 1.2 term 2"));
    const violation = b.violation(110, { invariant: "X", message: "entries 4-5", subjects: { entries: [4, 5] } });
    const told = tellStory({ protocol: "p", clusterSize: 3, trace: b.trace, violation, endTime: 110 });
    expect(told.steps.map((s) => s.text).slice(0, 2)).toEqual(["s0 appends entry 4 (term 1, c1#1 write 1.1 term 1)", "s0 appends entry 5 (term 2, c1#2 write 1.2 term 2)"]);
  });
});
