import type { Observation, Violation } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { escapeMarkdown, escapeXml, renderDiagram, tellStory } from "../src/index.js";
import { fixtureRun } from "./fixtures/fixture-run.js";
import { raftShapedRun, TraceBuilder } from "./fixtures/hand-built.js";
import { checkMarkup } from "./fixtures/markup.js";

const HOSTILE = `<script>alert("x")</script>&'`;
describe("renderDiagram", () => {
  it("gives byte-identical SVG for the same run, and for a replay of its choices", () => {
    const run = fixtureRun({ seed: 1 });
    const first = renderDiagram(run);
    expect(renderDiagram(fixtureRun({ seed: 1 }))).toBe(first);
    expect(renderDiagram(fixtureRun({ choices: run.choices }))).toBe(first);
    expect(renderDiagram(raftShapedRun())).toBe(renderDiagram(raftShapedRun()));
  });

  it("is well-formed, self-contained and accessible: viewBox, title, desc, no external reference", () => {
    const svg = renderDiagram(raftShapedRun());
    checkMarkup(svg);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 [\d.]+ [\d.]+"/);
    expect(svg).toContain('<title id="cx-title">');
    expect(svg).toContain('<desc id="cx-desc">');
    expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/https?:|href|@import|<image|<foreignObject/);
    expect(svg).not.toMatch(/NaN|Infinity|e[+-]\d/);
  });

  it("escapes hostile strings from observations, messages, operations, partitions and the violation", () => {
    const svg = renderDiagram(raftShapedRun(HOSTILE), { messagesMax: 200 });
    checkMarkup(svg);
    expect(svg).not.toMatch(/<script/i);
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;");
    // Each place the string was planted comes out escaped.
    expect(svg).toContain("AppendEntries(t1, 1 entry)&lt;script&gt;");
    expect(svg).toContain("s1 isolated&lt;script&gt;");
    expect(svg).toContain("missing from s2, leader of term 4&lt;script&gt;");
    expect(svg).toContain("write 1.3&lt;script&gt;");
  });

  it("draws messages that changed something as arrows and leaves heartbeats as ticks", () => {
    const run = raftShapedRun();
    const svg = renderDiagram(run);
    const sends = run.trace.filter((e) => e.kind === "send").length;
    const arrows = (svg.match(/marker-end="url\(#cx-arrow\)"/g) ?? []).length - 1; // one is in the legend
    expect(sends).toBeGreaterThan(80);
    expect(arrows).toBeGreaterThan(0);
    expect(arrows).toBeLessThanOrEqual(3);
    expect(svg).toMatch(/<title>\d+ routine messages \(not drawn as arrows\)<\/title>/);
    expect(svg).toContain("RequestVote(t1)");
  });

  it("draws dropped and partition-blocked messages differently from delivered ones", () => {
    const svg = renderDiagram(raftShapedRun());
    expect(svg).toMatch(/<title>t=201 s0 -&gt; s2 AppendEntries\(t1, 1 entry\): dropped by the network<\/title><path [^>]*stroke-dasharray="4 3"/);
    expect(svg).toMatch(/<title>t=600 s1 -&gt; s2 RequestVote\(t3\): blocked by the partition<\/title><path [^>]*stroke-dasharray="1 2"/);
  });

  it("shows roles and terms on the lanes, crashes, the partition, and the violating moment", () => {
    const svg = renderDiagram(raftShapedRun());
    expect(svg).toContain("<title>s0 leader in term 1, t=16 to t=400</title>");
    expect(svg).toContain("<title>s0 down in term 1, t=400 to t=900</title>");
    expect(svg).toContain("<title>s2 leader in term 4, t=640 to t=905</title>");
    expect(svg).toContain("<title>partition s1 isolated, t=600 to t=880</title>");
    expect(svg).toContain(">Leader Completeness violated at t=905</text>");
  });

  it("marks the client operation no order can place, as the violation's subjects name it", () => {
    const b = new TraceBuilder();
    b.role(10, 0, "leader 1");
    b.push({ kind: "client-call", time: 100, client: 0, seq: 1, node: 0, operation: "write 0.1", attempt: 1 });
    b.push({ kind: "client-response", time: 110, client: 0, seq: 1, node: 0, response: { kind: "ok", output: null } });
    b.push({ kind: "client-call", time: 200, client: 1, seq: 1, node: 0, operation: "read", attempt: 1 });
    b.push({ kind: "client-response", time: 210, client: 1, seq: 1, node: 0, response: { kind: "ok", output: "0.0" } });
    const violation = b.violation(300, { invariant: "Linearizability", message: "any words", subjects: { operations: [{ client: 1, seq: 1, role: "unplaceable" }] } });
    const svg = renderDiagram({ protocol: "p", clusterSize: 3, trace: b.trace, violation, endTime: 300 });
    expect(svg).toMatch(/<title>client 1 read -&gt; ok 0\.0, called t=200, returned t=210: no order of the client history explains this answer<\/title><rect [^>]*stroke="#dc2626" stroke-width="2"/);
    expect(svg).toMatch(/<title>client 0 write 0\.1 -&gt; ok, called t=100, returned t=110<\/title><rect [^>]*stroke-width="1"/);
  });

  it("numbers the story's steps on the diagram", () => {
    const run = raftShapedRun();
    const story = tellStory(run);
    const svg = renderDiagram(run, { story });
    for (const step of story.steps) expect(svg).toContain(`<title>${escapeXml(`${step.number}. t=${step.time} ${step.text}`)}</title>`);
  });

  it("squeezes idle stretches so a long run stays readable", () => {
    const svg = renderDiagram(fixtureRun({ seed: 2 }, false), { window: "all" });
    checkMarkup(svg);
    const width = Number(/viewBox="0 0 ([\d.]+)/.exec(svg)?.[1]);
    expect(width).toBeLessThan(2600);
    expect(svg).toMatch(/ms with nothing of interest, squeezed/);
  });
});

describe("escaping", () => {
  it("escapes the five markup characters and drops what XML cannot carry", () => {
    expect(escapeXml(`a&b<c>d"e'f\u0000`)).toBe("a&amp;b&lt;c&gt;d&quot;e&#39;f\ufffd");
    expect(escapeMarkdown("*x* [l](u) <b>\n#")).toBe("\\*x\\* \\[l\\](u) &lt;b&gt; #");
    expect(escapeMarkdown("# no_client_dedup _x_ a|b")).toBe("\\# no_client_dedup \\_x\\_ a\\|b");
  });
});

describe("crowded moments", () => {
  it("keeps every story badge inside the window, however many steps share the violating moment", () => {
    const b = new TraceBuilder();
    b.role(10, 0, "leader 1");
    b.heartbeats(0, { from: 20, to: 90, everyMs: 10, clusterSize: 3 });
    // Six distinct things s0 reports in the very step that breaks the property.
    for (let i = 0; i < 6; i++) b.trace.push({ kind: "observation", time: 100, step: 1000, node: 0, observation: { kind: `note${i}`, node: 0 } as Observation });
    const violation: Violation = { invariant: "Crowded", message: "six things at once", time: 100, step: 1000 };
    b.trace.push({ kind: "violation", time: 100, step: 1000, violation });
    const svg = renderDiagram({ protocol: "p", clusterSize: 3, trace: b.trace, violation, endTime: 100 });
    checkMarkup(svg);
    const violationX = Number(/<path d="M([\d.]+),\d+V[\d.]+" stroke="#dc2626"/.exec(svg)?.[1]);
    const badges = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="8"/g)].map((m) => Number(m[1]));
    expect(Number.isFinite(violationX)).toBe(true);
    expect(badges.length).toBeGreaterThanOrEqual(7);
    for (const cx of badges) expect(cx).toBeLessThanOrEqual(violationX + 8);
  });
});

describe("links between the story and the diagram", () => {
  it("gives each story step the trace events it stands for", () => {
    const run = raftShapedRun();
    const story = tellStory(run);
    for (const step of story.steps) {
      if (step.kind === "violation") {
        expect(step.traceEvents).toEqual([]);
        continue;
      }
      expect(step.traceEvents.length).toBeGreaterThan(0);
      for (const index of step.traceEvents) {
        const event = run.trace[index];
        expect(event?.time).toBeGreaterThanOrEqual(step.time);
        expect(event?.time).toBeLessThanOrEqual(step.timeEnd);
      }
    }
  });

  it("marks the shapes of every step with its number, the badge among them, and names client operations", () => {
    const run = raftShapedRun();
    const story = tellStory(run);
    const svg = renderDiagram(run, { story });
    const marked = [...svg.matchAll(/<g data-steps="([\d ]+)"/g)].flatMap((m) => (m[1] ?? "").split(" ").map(Number));
    for (const step of story.steps) {
      expect(svg).toContain(`data-badge="${step.number}"`);
      // Besides its badge, a step that stands for drawn events marks them too.
      if (step.kind === "crash" || step.kind === "leader" || step.kind === "partition") expect(marked.filter((n) => n === step.number).length).toBeGreaterThan(1);
    }
    expect(svg).toMatch(/<g data-steps="[\d ]+" data-operation="\d+#\d+">|<g data-operation="\d+#\d+">/);
  });

  it("prefixes its ids, so several diagrams can share a page", () => {
    const svg = renderDiagram(raftShapedRun(), { idPrefix: "d2-" });
    checkMarkup(svg);
    expect(svg).toContain('id="d2-title"');
    expect(svg).toContain('aria-labelledby="d2-title d2-desc"');
    expect(svg).toContain("url(#d2-arrow)");
    expect(svg).not.toMatch(/id="cx-|#cx-/);
    expect(renderDiagram(raftShapedRun(), { idPrefix: `"><script>` })).not.toContain("<script>");
  });

  it("gives the moment of the violation room: its milliseconds are wide, a quiet stretch narrow", () => {
    const b = new TraceBuilder();
    b.role(10, 0, "leader 1");
    b.heartbeats(0, { from: 20, to: 90, everyMs: 10, clusterSize: 3 });
    for (const [time, node] of [[98, 1], [99, 2], [100, 0]] as const) b.trace.push({ kind: "observation", time, step: 1000 + time, node, observation: { kind: `note${time}`, node } as Observation });
    const violation: Violation = { invariant: "Crowded", message: "three things in three ms", time: 100, step: 1100 };
    b.trace.push({ kind: "violation", time: 100, step: 1100, violation });
    const svg = renderDiagram({ protocol: "p", clusterSize: 3, trace: b.trace, violation, endTime: 100 });
    const tick = (t: number): number => Number(new RegExp(`<text x="([\\d.]+)" y="[\\d.]+" font-size="10" fill="#6b7280" text-anchor="middle">${t}</text>`).exec(svg)?.[1]);
    expect(tick(100) - tick(99)).toBeGreaterThanOrEqual(50);
    expect(tick(99) - tick(98)).toBeGreaterThanOrEqual(50);
  });
});
