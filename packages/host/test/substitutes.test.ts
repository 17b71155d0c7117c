import { describe, expect, it } from "vitest";
import { HostedNode } from "../src/node/hosted-node.js";
import { FakeContext } from "./fake-context.js";

const usesNative = new URL("./fixtures/substitute/uses-native.ts", import.meta.url).pathname;
const standIn = new URL("./fixtures/substitute/native-thing.ts", import.meta.url).pathname;

describe("modules a plug-in substitutes", () => {
  it("a bare module the code requires is loaded from the stand-in the plug-in names", () => {
    const ctx = new FakeContext();
    new HostedNode(ctx, { module: usesNative, config: undefined, substitutes: new Map([["some-native-addon", standIn]]) });
    expect(ctx.observations).toEqual([{ kind: "loaded", with: "stand-in" }]);
  });

  it("without the substitute the node fails to start, naming the module", () => {
    expect(() => new HostedNode(new FakeContext(), { module: usesNative, config: undefined })).toThrow(/cannot resolve "some-native-addon"/);
  });
});
