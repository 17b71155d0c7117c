import { describe, expect, it } from "vitest";
import { HostedNode } from "../src/node/hosted-node.js";
import { FakeContext } from "./fake-context.js";

const diskNode = new URL("./fixtures/disk-node.ts", import.meta.url).pathname;
const rangeNode = new URL("./fixtures/range-node.ts", import.meta.url).pathname;

/** Fires every pending I/O completion of the node, in the order they are due. */
function completeIo(ctx: FakeContext, node: HostedNode): void {
  for (let round = 0; round < 20; round++) {
    const due = [...ctx.due("write@"), ...ctx.due("sync@")];
    if (due.length === 0) return;
    for (const name of due) {
      ctx.timers.delete(name);
      node.onTimer(name);
    }
  }
}

function write(ctx: FakeContext, node: HostedNode, value: string): void {
  node.onClientRequest({ client: 0, seq: ctx.replies.length + 1, input: { op: "write", value } });
  completeIo(ctx, node);
}

const booted = (ctx: FakeContext) => ctx.observations.filter((o) => o.kind === "booted");

describe("a hosted node's disk across a crash", () => {
  it("a crash loses the writes that were not synced and keeps the synced ones", () => {
    const ctx = new FakeContext();
    const node = new HostedNode(ctx, { module: diskNode, config: undefined });
    write(ctx, node, "synced-1");
    write(ctx, node, "unsynced-1");
    expect(ctx.replies).toHaveLength(2);
    ctx.crash();
    new HostedNode(ctx, { module: diskNode, config: undefined });
    expect(booted(ctx).at(-1)).toMatchObject({ synced: "synced-1", unsynced: null });
  });

  it("a draw can keep a prefix of the unsynced writes, as a disk that flushed some pages before the crash", () => {
    const ctx = new FakeContext();
    const node = new HostedNode(ctx, { module: diskNode, config: undefined });
    write(ctx, node, "synced-1");
    write(ctx, node, "unsynced-1");
    ctx.crash();
    ctx.draws.push(1);
    new HostedNode(ctx, { module: diskNode, config: undefined });
    expect(booted(ctx).at(-1)).toMatchObject({ synced: "synced-1", unsynced: "unsynced-1" });
  });

  it("a write is visible to reads before it is durable", () => {
    const ctx = new FakeContext();
    const node = new HostedNode(ctx, { module: diskNode, config: undefined });
    node.onClientRequest({ client: 0, seq: 1, input: { op: "write", value: "unsynced-x" } });
    expect(ctx.replies).toHaveLength(0);
    completeIo(ctx, node);
    expect(ctx.replies).toHaveLength(1);
    expect(ctx.disk?.durable.has("unsynced")).toBe(false);
    expect(ctx.disk?.pendingLength).toBe(1);
  });

  it("a restarted node starts from a fresh instance of its modules", () => {
    const ctx = new FakeContext();
    new HostedNode(ctx, { module: diskNode, config: undefined });
    ctx.crash();
    new HostedNode(ctx, { module: diskNode, config: undefined });
    // The module-level counter starts again: nothing of the first boot's heap survives.
    expect(booted(ctx).map((o) => o["boots"])).toEqual([1, 1]);
  });

  it("two nodes never share module state", () => {
    const a = new FakeContext(0);
    const b = new FakeContext(1);
    new HostedNode(a, { module: diskNode, config: undefined });
    new HostedNode(b, { module: diskNode, config: undefined });
    expect([...booted(a), ...booted(b)].map((o) => o["boots"])).toEqual([1, 1]);
  });

  it("a range read gives the records in key order, each value as it was written", () => {
    const ctx = new FakeContext();
    completeIo(ctx, new HostedNode(ctx, { module: rangeNode, config: undefined }));
    expect(ctx.observations).toEqual([
      {
        kind: "range",
        all: ['a-text: string "say \\"$cx\\""', 'b-map: Map [["k",1]]', "c-bytes: bytes 1,2", "d-date: Date 5", 'e-plain: object {"n":1,"list":[null,true]}', "f-big: bigint 7", 'g-set: Set ["x"]'],
        some: ["d-date", "c-bytes", "b-map"],
      },
    ]);
  });
});
