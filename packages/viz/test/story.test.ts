import type { Observation, TraceEvent } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { describeEvent, formatChoices, renderStory, renderStoryMarkdown, tellStory, type RecordedRun } from "../src/index.js";
import { fixtureRun } from "./fixtures/fixture-run.js";
import { raftShapedRun, TraceBuilder } from "./fixtures/hand-built.js";

const HOSTILE = `<script>alert("x")</script>&'`;

describe("tellStory", () => {
  const run = raftShapedRun();
  const story = tellStory(run);

  it("keeps the crash, the partition and the leaders and leaves the heartbeat noise out", () => {
    const kinds = story.steps.map((s) => s.kind);
    expect(kinds).toContain("crash");
    expect(kinds).toContain("partition");
    expect(kinds).toContain("heal");
    expect(story.steps.filter((s) => s.kind === "leader").map((s) => s.text)).toEqual(["s0 stands for election in term 1 and becomes leader", "s2 stands for election in term 4 and becomes leader"]);
    expect(story.steps.some((s) => /heartbeat/i.test(s.text))).toBe(false);
    expect(story.eventsTotal).toBeGreaterThan(200);
    expect(story.steps.length).toBeLessThanOrEqual(15);
  });

  it("numbers the steps 1, 2, 3, ... in time order", () => {
    expect(story.steps.map((s) => s.number)).toEqual(story.steps.map((_, i) => i + 1));
    const times = story.steps.map((s) => s.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("ends with the violation, at the time and step the property broke", () => {
    const last = story.steps[story.steps.length - 1];
    expect(last?.kind).toBe("violation");
    expect(last?.time).toBe(905);
    expect(last?.step).toBe(run.violation?.step);
    expect(last?.text).toBe("Leader Completeness violated: entry 3 committed in term 1 is missing from s2, leader of term 4");
    expect(story.headline).toMatch(/^Leader Completeness violated at t=905 \(step \d+\)/);
  });

  it("collapses elections in a row into one step with a range of terms", () => {
    expect(story.steps.map((s) => s.text)).toContain("s1 and s2 stand for election in terms 2-3");
    const merged = story.steps.find((s) => s.text.startsWith("s1 and s2 stand"));
    expect(merged?.events).toBe(3);
    expect([merged?.time, merged?.timeEnd]).toEqual([450, 520]);
  });

  it("follows the log entry the violation names: its appends (merged across nodes), commit and truncation", () => {
    expect(story.entries).toEqual([3]);
    const texts = story.steps.map((s) => s.text);
    expect(texts).toContain("s0 and s1 append entry 3 (term 1, c1#3 write 1.3)");
    expect(texts).toContain("s0 commits up to entry 3 (in term 1)");
    expect(texts).toContain("s2 truncates its log from entry 3");
  });

  it("folds what a restarted node reports into its restart step", () => {
    const restarts = story.steps.filter((s) => s.kind === "restart");
    expect(restarts.map((s) => s.text)).toEqual(["s0 restarts with term 1 and 3 log entries"]);
    expect(restarts[0]?.events).toBe(2);
  });

  it("renders an observation kind it does not know as its kind and fields", () => {
    expect(story.steps.map((s) => s.text)).toContain("s0 mood: feeling calm");
    const observed = (node: number, observation: Observation): TraceEvent => ({ kind: "observation", time: 0, step: 0, node, observation });
    expect(describeEvent(observed(2, { kind: "booted", boot: 2, restoredVersion: null, extra: { a: [1] } }))).toBe('s2 booted: boot 2, restoredVersion null, extra {"a":[1]}');
    // A known kind with unexpected fields is rendered generically, not misread.
    expect(describeEvent(observed(0, { kind: "applied", client: 1, seq: 3 }))).toBe("s0 applied: client 1, seq 3");
    // A replica observation without its node (the trace event carries it) reads as one.
    expect(describeEvent(observed(1, { kind: "committed", index: 4, term: 2 }))).toBe("s1 commits up to entry 4 (in term 2)");
  });

  it("leaves out the least important and earliest steps first, never the violation", () => {
    const short = tellStory(run, { maxSteps: 5 });
    expect(short.steps).toHaveLength(5);
    expect(short.stepsLeftOut).toBe(story.steps.length - 5);
    expect(short.steps.map((s) => s.kind)).toEqual(["appended", "committed", "leader", "truncated", "violation"]);
    expect(short.steps.map((s) => s.number)).toEqual([1, 2, 3, 4, 5]);
    // Every step of the untrimmed story is accounted for, at the place it was left out.
    expect(short.steps.map((s) => s.leftOutBefore)).toEqual([1, 0, 4, 0, 2]);
    expect(short.steps.length + short.stepsLeftOut).toBe(story.steps.length);
    const text = renderStory(short);
    expect(text).toContain("   … 4 less important steps left out\n3. t=610-640  s2 stands for election in term 4 and becomes leader");
    expect(text).toContain("7 less important steps left out of 12 (raise maxSteps to see them)");
    // The figures: every step counted before the display cap, and how many were shown.
    expect([short.stepsTotal, short.stepsShown]).toEqual([story.stepsTotal, 5]);
    expect(story.stepsTotal).toBe(12);
    expect(story.stepsShown).toBe(story.steps.length);
    expect(renderStoryMarkdown(short)).toMatch(/^3\. \*\(after 4 less important steps left out\)\* `t=610-640` s2 stands/m);
  });

  it("follows the operation no order can place, named by client and call time, from call to return", () => {
    const b = new TraceBuilder();
    b.role(10, 0, "leader 1");
    b.push({ kind: "client-call", time: 100, client: 0, seq: 1, node: 0, operation: "write 0.1", attempt: 1 });
    b.push({ kind: "client-call", time: 200, client: 1, seq: 2, node: 0, operation: "read", attempt: 1 });
    b.push({ kind: "client-response", time: 110, client: 0, seq: 1, node: 0, response: { kind: "ok", output: null } });
    b.push({ kind: "client-call", time: 450, client: 1, seq: 2, node: 1, operation: "read", attempt: 2 });
    b.push({ kind: "client-response", time: 460, client: 1, seq: 2, node: 1, response: { kind: "ok", output: "stale" } });
    const message = 'not linearizable.\nLongest linearizable prefix: 0 operations\nThen none of these could come next (state empty):\n  #1 client 1 [200, 460] read() -> "stale": illegal in this state';
    const violation = b.violation(2500, { invariant: "Linearizability", message, subjects: { property: "safety", operations: [{ client: 1, call: 200, role: "unplaceable" }] } });
    const lin = tellStory({ protocol: "p", clusterSize: 3, trace: b.trace, violation, endTime: 2500 });
    const texts = lin.steps.map((s) => s.text);
    expect(texts).toContain("client 1 calls read, trying s0 and s1 over 2 attempts");
    expect(texts).toContain("client 1's read returns ok stale (from s1): no order of the client history explains this answer");
    expect(texts.some((t) => t.includes("write 0.1"))).toBe(false);
    expect(lin.headline).toBe("Linearizability violated at t=2500 (step 6): not linearizable. …");
  });

  it("tells a real recorded run of the sim fixture, ending at its violation", () => {
    const real = fixtureRun({ seed: 1 });
    expect(real.violation).not.toBeNull();
    const told = tellStory(real);
    const last = told.steps[told.steps.length - 1];
    expect(last?.time).toBe(real.violation?.time);
    expect(told.steps.map((s) => s.kind)).toContain("crash");
    expect(told.steps.some((s) => s.text.startsWith("client 1 calls write 1."))).toBe(true);
    expect(renderStory(told)).toContain("second line: <b>detail</b>");
  });

  it("refuses a run recorded without a trace", () => {
    expect(() => tellStory({ ...raftShapedRun(), trace: [] })).toThrow(/recordTrace: true/);
  });
});

describe("a story is built from the violation's subjects, never its message", () => {
  /** The same run with the violation's message (and invariant name) replaced. */
  const reworded = (run: RecordedRun, words: { invariant: string; message: string }): RecordedRun => {
    if (run.violation === null) return run;
    const violation = { ...run.violation, ...words };
    return { ...run, violation, trace: run.trace.map((e) => (e.kind === "violation" ? { ...e, violation } : e)) };
  };
  /** Everything a story says except the violation's own words. */
  const told = (run: RecordedRun) => {
    const story = tellStory(run);
    return { steps: story.steps.slice(0, -1), entries: story.entries, stepsTotal: story.stepsTotal, eventsShown: story.eventsShown };
  };

  it("tells the same story when the message is worded differently", () => {
    const run = raftShapedRun();
    const other = reworded(run, { invariant: "Leader Completeness", message: "the new leader s9 misses index 77 from term 12 (c4#4)" });
    expect(told(other)).toEqual(told(run));
    const real = fixtureRun({ seed: 1 });
    expect(told(reworded(real, { invariant: "Forbidden Write", message: "nothing to see at entry 1 or c0#1" }))).toEqual(told(real));
  });

  it("follows the stale read the subjects name, not the legal read another protocol's message names", () => {
    const b = new TraceBuilder();
    b.role(10, 0, "leader 1");
    b.push({ kind: "client-call", time: 100, client: 0, seq: 1, node: 0, operation: "write 0.1", attempt: 1 });
    b.push({ kind: "client-response", time: 110, client: 0, seq: 1, node: 0, response: { kind: "ok", output: null } });
    b.push({ kind: "client-call", time: 200, client: 2, seq: 1, node: 0, operation: "read", attempt: 1 });
    b.push({ kind: "client-response", time: 210, client: 2, seq: 1, node: 0, response: { kind: "ok", output: "0.1" } });
    b.push({ kind: "client-call", time: 300, client: 1, seq: 3, node: 1, operation: "read", attempt: 1 });
    b.push({ kind: "client-response", time: 310, client: 1, seq: 3, node: 1, response: { kind: "ok", output: "0.0" } });
    // The message blames client 2's legal read, in a wording of its own; the subjects name the stale read.
    const violation = b.violation(2500, {
      invariant: "Linearizability",
      message: "history rejected: stuck at client 2 [200, 210] read() -> 0.1 (legal here, but no continuation works)",
      subjects: { property: "safety", operations: [{ client: 1, seq: 3, role: "unplaceable" }, { client: 0, seq: 1, role: "preceding" }] },
    });
    const texts = tellStory({ protocol: "p", clusterSize: 3, trace: b.trace, violation, endTime: 2500 }).steps.map((s) => s.text);
    expect(texts).toContain("client 1 calls read on s1");
    expect(texts).toContain("client 1's read returns ok 0.0 (from s1): no order of the client history explains this answer");
    expect(texts).toContain("client 0's write 0.1 returns ok (from s0)");
    expect(texts.some((t) => t.startsWith("client 2"))).toBe(false);
  });

  it("follows the entries where a named operation was applied", () => {
    const b = new TraceBuilder();
    b.observe(100, 0, { kind: "appended", node: 0, index: 4, term: 1, id: "op-a" } as Observation);
    b.observe(101, 0, { kind: "applied", node: 0, index: 4, id: "op-a", client: 7, seq: 2, effect: true } as Observation);
    b.observe(102, 0, { kind: "appended", node: 0, index: 5, term: 1, id: "op-b" } as Observation);
    const violation = b.violation(110, { invariant: "X", message: "m", subjects: { operations: [{ client: 7, seq: 2, role: "involved" }] } });
    expect(tellStory({ protocol: "p", clusterSize: 3, trace: b.trace, violation, endTime: 110 }).entries).toEqual([4]);
  });
});

describe("renderStory", () => {
  it("prints numbered steps with their times, and the whole violation message", () => {
    const text = renderStory(tellStory(raftShapedRun()));
    expect(text).toContain(" 1. t=10-16    s0 stands for election in term 1 and becomes leader");
    expect(text).toContain("12. t=905      Leader Completeness violated");
    expect(text).toMatch(/12 steps stand for 18 of \d+ trace events\.$/);
  });

  it("shows control characters instead of sending them to the terminal", () => {
    const text = renderStory(tellStory(raftShapedRun("\u001b[31m")));
    expect(text).not.toContain("\u001b");
    expect(text).toContain("\\x1b[31m");
  });
});

describe("renderStoryMarkdown", () => {
  it("escapes hostile strings from observations, operations, the partition shape and the violation message", () => {
    const md = renderStoryMarkdown(tellStory(raftShapedRun(HOSTILE)));
    expect(md).not.toMatch(/<script/i);
    expect(md).toContain(`&lt;script&gt;alert("x")&lt;/script&gt;&amp;'`);
    expect(md).not.toContain("&\\#");
    expect(md).toMatch(/^1\. `t=10-16` s0 stands for election in term 1 and becomes leader$/m);
    expect(md).toContain("**Leader Completeness** at t=905");
  });
});

describe("describeEvent", () => {
  it("puts every kind of trace event into words", () => {
    const run = raftShapedRun();
    const texts = run.trace.map(describeEvent);
    expect(texts).toContain("s0 -> s2 AppendEntries(t1, 1 entry): dropped");
    expect(texts).toContain("s1 -> s2 RequestVote(t3): blocked by the partition");
    expect(texts).toContain("s0 crashes (down 500 ms)");
    expect(texts).toContain("client 1 gets ok from s0");
    expect(texts.every((t) => t.length > 0)).toBe(true);
  });
});

describe("formatChoices", () => {
  it("folds runs of equal values so a shrunk sequence reads at a glance", () => {
    expect(formatChoices([0, 0, 0, 7, 1, 0, 0, 0, 0])).toBe("0×3, 7, 1, 0×4 (9 choices)");
    expect(formatChoices([])).toBe("no choices (all zeros: the calm run)");
    expect(formatChoices([1, 2, 3, 4], { itemsMax: 2 })).toBe("1, 2, … 2 more (4 choices)");
  });
});
