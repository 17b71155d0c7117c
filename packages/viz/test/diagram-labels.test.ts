import type { Observation } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { renderDiagram, type DiagramOptions, type RecordedRun } from "../src/index.js";
import { fixtureRun } from "./fixtures/fixture-run.js";
import { raftShapedRun, TraceBuilder } from "./fixtures/hand-built.js";

/** A text's box by the renderer's own estimate of monospace glyphs (0.6 wide; 0.93 above the baseline, 0.24 below, per pixel of size). */
interface Label {
  readonly text: string;
  readonly badge: boolean;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

const ENTITIES: Readonly<Record<string, string>> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

function labels(svg: string): Label[] {
  const out: Label[] = [];
  // A badge's number follows its circle: a mark drawn over arrows on purpose, the circle opaque.
  for (const [, circle, attributes = "", content = ""] of svg.matchAll(/(<circle [^>]*\/>)?<text ([^>]*)>([^<]*)<\/text>/g)) {
    const attribute = (name: string): string | undefined => new RegExp(`(?:^| )${name}="([^"]*)"`).exec(attributes)?.[1];
    const size = Number(attribute("font-size") ?? "11");
    const text = content.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
    const width = [...text].length * size * 0.6;
    const x = Number(attribute("x"));
    const y = Number(attribute("y"));
    const anchor = attribute("text-anchor") ?? "start";
    const x0 = anchor === "middle" ? x - width / 2 : anchor === "end" ? x - width : x;
    out.push({ text, badge: circle !== undefined, x0, y0: y - 0.93 * size, x1: x0 + width, y1: y + 0.24 * size });
  }
  return out;
}

/** Each message arrow's stroke, from the `data-role="message"` groups. */
function arrows(svg: string): [number, number, number, number][] {
  return [...svg.matchAll(/data-role="message">[\s\S]*?<path d="M([\d.-]+),([\d.-]+)L([\d.-]+),([\d.-]+)"/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]);
}

function crosses(label: Label, [x0, y0, x1, y1]: [number, number, number, number]): boolean {
  const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2);
  for (let i = 0; i <= steps; i++) {
    const x = x0 + ((x1 - x0) * i) / Math.max(1, steps);
    const y = y0 + ((y1 - y0) * i) / Math.max(1, steps);
    if (x > label.x0 + 0.5 && x < label.x1 - 0.5 && y > label.y0 + 0.5 && y < label.y1 - 0.5) return true;
  }
  return false;
}

/** What is wrong with the drawing's labels: overlapping pairs, labels an arrow runs through, labels past its edges. */
function labelFaults(svg: string): string[] {
  const all = labels(svg);
  const width = Number(/viewBox="0 0 ([\d.]+)/.exec(svg)?.[1]);
  const faults: string[] = [];
  for (let i = 0; i < all.length; i++) {
    const a = all[i] as Label;
    if (a.x0 < -0.5 || a.x1 > width + 0.5) faults.push(`off the drawing: ${a.text}`);
    for (let j = i + 1; j < all.length; j++) {
      const b = all[j] as Label;
      if (a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5) faults.push(`overlap: ${a.text} | ${b.text}`);
    }
    if (!a.badge) for (const arrow of arrows(svg)) if (crosses(a, arrow)) faults.push(`an arrow through: ${a.text}`);
  }
  return faults;
}

/**
 * Three elections in 40 ms on five nodes: each candidate asks everyone for
 * a vote, every vote comes back a millisecond or two later, each winner
 * sends its first entry to all: dozens of arrows that changed something,
 * each worth a label, in a few hundred pixels.
 */
function crowdedRun(): RecordedRun {
  const b = new TraceBuilder();
  const nodes = 5;
  for (let round = 0; round < 3; round++) {
    const t0 = 10 + round * 12;
    const term = round + 1;
    const candidate = (round * 2) % nodes;
    b.role(t0, candidate, `candidate ${term}`);
    for (let peer = 0; peer < nodes; peer++) {
      if (peer === candidate) continue;
      const arrives = t0 + 1 + (peer % 3);
      b.send(t0, { from: candidate, to: peer, message: `RequestVote(t${term}, last ${round}@t${round})`, delayMs: arrives - t0, react: { kind: "role", node: peer, role: "follower", term } as Observation });
      b.send(arrives, { from: peer, to: candidate, message: `Vote(t${term}, granted)`, delayMs: 1 + (peer % 2), react: { kind: "tally", node: candidate, from: peer } as Observation });
    }
    b.role(t0 + 5, candidate, `leader ${term}`);
    for (let peer = 0; peer < nodes; peer++) {
      if (peer !== candidate) b.send(t0 + 5, { from: candidate, to: peer, message: `AppendEntries(t${term}, 1 entry after ${round}@t${round})`, delayMs: 1 + (peer % 2), react: { kind: "appended", node: peer, index: round + 1, term, id: `c0#${round + 1} write` } as Observation });
    }
  }
  const violation = b.violation(50, { invariant: "Crowded", message: "three elections in forty milliseconds" });
  return { protocol: "crowded (hand-built)", clusterSize: nodes, trace: b.trace, violation, endTime: 50 };
}

/** Runs to draw; `labelled`: some of its arrows carry labels (the primary-backup fixture reports no roles, so its messages change nothing worth a label). */
const RUNS: readonly { readonly name: string; readonly run: () => RecordedRun; readonly options: DiagramOptions; readonly labelled: boolean }[] = [
  { name: "a Raft-shaped run, every message drawn", run: () => raftShapedRun(), options: { messagesMax: 200 }, labelled: true },
  { name: "a Raft-shaped run", run: () => raftShapedRun(), options: {}, labelled: true },
  { name: "three elections in forty milliseconds on five nodes", run: crowdedRun, options: { messagesMax: 200 }, labelled: true },
  ...[1, 2, 3, 4, 5].map((seed) => ({ name: `primary-backup seed ${seed}, the whole run`, run: () => fixtureRun({ seed }), options: { window: "all", messagesMax: 120 } as DiagramOptions, labelled: false })),
];

describe("the diagram's labels", () => {
  for (const { name, run, options, labelled } of RUNS) {
    it(`overlap no other label, no arrow and no edge of the drawing: ${name}`, () => {
      const svg = renderDiagram(run(), options);
      expect(labels(svg).length).toBeGreaterThan(20);
      expect(labelFaults(svg)).toEqual([]);
      // Not vacuous: arrows are labelled where the run has messages worth it.
      if (labelled) expect(svg).toMatch(/data-role="message">(?:(?!<\/g>)[\s\S])*<text /);
    });
  }

  it("finds overlaps, crossings and cut-off labels where there are some (the check itself)", () => {
    const svg = `<svg viewBox="0 0 300 100"><text x="10" y="20" font-size="10">RequestVote(t1)</text><text x="40" y="22" font-size="10">Vote</text><g data-role="message"><title>t</title><path d="M0,0L300,100"/></g><text x="200" y="70" font-size="10">AppendEntries</text><text x="280" y="50" font-size="10">Outside</text></svg>`;
    expect(labelFaults(svg)).toEqual(["overlap: RequestVote(t1) | Vote", "an arrow through: RequestVote(t1)", "an arrow through: Vote", "an arrow through: AppendEntries", "off the drawing: Outside"]);
  });
});
