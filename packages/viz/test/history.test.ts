import { checkLinearizability, kvModel, parseHistory, registerModel, type KvInput, type KvOutput, type Operation } from "@cx/check";
import { describe, expect, it } from "vitest";
import { renderHistoryDiagram, renderHistoryPage } from "../src/index.js";
import { checkMarkup } from "./fixtures/markup.js";

const HOSTILE = `<script>alert("x")</script>&'`;

function register(lines: readonly string[]) {
  const parsed = parseHistory(lines.join("\n"));
  if (!parsed.ok || parsed.model !== "register") throw new Error("not a register history");
  return { model: registerModel, operations: parsed.operations, result: checkLinearizability(registerModel, parsed.operations) };
}

const stale = register([
  '{"client":0,"call":0,"return":1,"op":"write","value":"a","output":null}',
  '{"client":1,"call":2,"return":3,"op":"write","value":"b","output":null}',
  '{"client":2,"call":4,"return":5,"op":"read","value":null,"output":"b"}',
  '{"client":3,"call":6,"return":7,"op":"read","value":null,"output":"a"}',
  `{"client":0,"call":8,"return":null,"op":"write","value":${JSON.stringify(HOSTILE)},"output":null}`,
  '{"client":0,"call":9,"return":12,"op":"read","value":null,"output":"b"}',
]);

const roles = (svg: string) => new Map([...svg.matchAll(/<g data-operation="(\d+)" data-role="(\w+)">/g)].map((m) => [Number(m[1]), m[2]]));

describe("renderHistoryDiagram", () => {
  it("draws one bar per operation, one row per client, and marks the prefix, the next candidates and the stale read that cannot be placed", () => {
    expect(stale.result.verdict).toBe("illegal");
    const svg = renderHistoryDiagram(stale);
    checkMarkup(svg);
    const byIndex = roles(svg);
    expect(byIndex.size).toBe(6);
    expect(byIndex.get(3)).toBe("stuck");
    expect(byIndex.get(0)).toBe("prefix");
    expect(byIndex.get(1)).toBe("prefix");
    for (const client of [0, 1, 2, 3]) expect(svg.match(new RegExp(`>client ${client}</text>`, "g"))).toHaveLength(1);
    expect(svg).toContain(">cannot be placed</text>");
    // The prefix is numbered in its order, with the state after each in the tooltip.
    expect(svg).toMatch(/<g data-operation="1" data-role="prefix"><title>#1 client 1: write\(&quot;b&quot;\)\ncalled t=2, returned t=3\nlinearized 2nd; state after: &quot;b&quot;<\/title>/);
  });

  it("draws a call that never returned open-ended, in a lane of its own when its client goes on", () => {
    const svg = renderHistoryDiagram(stale);
    const pending = /<g data-operation="4" data-role="\w+"><title>[^<]*never returned[^<]*<\/title><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"[^>]*stroke-dasharray="4 3"/.exec(svg);
    const after = /<g data-operation="5" data-role="\w+"><title>[^<]*<\/title><rect x="[\d.]+" y="([\d.]+)"/.exec(svg);
    expect(pending).not.toBeNull();
    expect(after).not.toBeNull();
    expect(Number(pending?.[2])).not.toBe(Number(after?.[1]));
    const width = Number(/viewBox="0 0 ([\d.]+)/.exec(svg)?.[1]);
    expect(Number(pending?.[1]) + Number(pending?.[3])).toBeGreaterThan(width * 0.7);
  });

  it("escapes every value from the history", () => {
    const svg = renderHistoryDiagram(stale);
    expect(svg).not.toContain("<script");
    expect(svg).toContain("&lt;script&gt;alert(");
    const page = renderHistoryPage(stale, { title: HOSTILE });
    expect(page).not.toContain("<script");
    expect(page).toContain("default-src &#39;none&#39;");
    expect(page).toContain("#3 client 3 [6, 7] read() -&gt; &quot;a&quot; cannot be placed");
  });

  it("shows only the key that failed of a kv history, and says so", () => {
    const ops: Operation<KvInput, KvOutput>[] = [
      { client: 0, call: 0, return: 1, input: { op: "put", key: "x", value: "1" }, output: null },
      { client: 1, call: 2, return: 3, input: { op: "get", key: "x" }, output: "2" },
      { client: 2, call: 0, return: 1, input: { op: "put", key: "y", value: "1" }, output: null },
      { client: 2, call: 2, return: 3, input: { op: "get", key: "y" }, output: "1" },
    ];
    const result = checkLinearizability(kvModel, ops);
    expect(result.verdict).toBe("illegal");
    const svg = renderHistoryDiagram({ model: kvModel, operations: ops, result });
    checkMarkup(svg);
    expect([...roles(svg).keys()].sort()).toEqual([0, 1]);
    expect(svg).toContain("the part of the history that failed: partition");
    expect(roles(svg).get(1)).toBe("stuck");
  });

  it("draws a linearizable history with nothing marked, and says it is linearizable on the page", () => {
    const ok = register(['{"client":0,"call":0,"return":1,"op":"write","value":"a","output":null}', '{"client":1,"call":2,"return":3,"op":"read","value":null,"output":"a"}']);
    expect([...roles(renderHistoryDiagram(ok)).values()]).toEqual(["rest", "rest"]);
    expect(renderHistoryPage(ok)).toContain("<strong>Linearizable</strong>");
  });

  it("keeps at most operationsMax operations, the ones nearest the stuck one, and says how many there were", () => {
    const svg = renderHistoryDiagram(stale, { operationsMax: 3 });
    expect(roles(svg).size).toBe(3);
    expect(roles(svg).get(3)).toBe("stuck");
    expect(svg).toContain("of 6");
  });
});
