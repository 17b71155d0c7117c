import { describe, expect, it } from "vitest";
import { HostedNode } from "../src/node/hosted-node.js";
import { FakeContext } from "./fake-context.js";

const streamNode = new URL("./fixtures/stream-node.ts", import.meta.url).pathname;
const builtinsNode = new URL("./fixtures/builtins-node.cjs", import.meta.url).pathname;

describe("a hosted node that uses Node's streams", () => {
  it("pipes through streams of its own realm, whose ticks the host owns", () => {
    const ctx = new FakeContext();
    const node = new HostedNode(ctx, { module: streamNode, config: undefined });
    node.onClientRequest({ client: 0, seq: 1, input: { op: "write" } });
    for (let round = 0; round < 5; round++) for (const name of [...ctx.timers.keys()]) {
      ctx.timers.delete(name);
      node.onTimer(name);
    }
    expect(ctx.replies.map((r) => r.response)).toEqual([{ kind: "ok", output: 1 }]);
  });

  it("every require of a built-in module gives the same object, as Node's require does", () => {
    const ctx = new FakeContext();
    new HostedNode(ctx, { module: builtinsNode, config: undefined });
    expect(ctx.observations).toEqual([{ kind: "same", timers: true, path: true, stream: true, fs: true }]);
  });
});
