import { describe, expect, it } from "vitest";
import { HostLeakError } from "../src/index.js";
import { HostedNode } from "../src/node/hosted-node.js";
import { FakeContext } from "./fake-context.js";

const streamNode = new URL("./fixtures/stream-node.ts", import.meta.url).pathname;

describe("a hosted node that uses Node's own streams", () => {
  it("stops the run naming process.nextTick: Node's streams schedule on the host process's queue, which no run drains", () => {
    const ctx = new FakeContext();
    let stopped: unknown;
    try {
      // pipe() resumes the source stream on Node's next tick, at start.
      new HostedNode(ctx, { module: streamNode, config: undefined });
    } catch (error) {
      stopped = error;
    }
    expect(stopped).toBeInstanceOf(HostLeakError);
    expect((stopped as HostLeakError).api).toBe("process.nextTick (the host process's)");
  });
});
