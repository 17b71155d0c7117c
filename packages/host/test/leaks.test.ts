import { GeneratedChoices, isNodeEnvironmentError, type ClientRequest, type RegisterInput, type Workload } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { defineHostedPlugin, HostLeakError } from "../src/index.js";
import { HostedNode } from "../src/node/hosted-node.js";
import { FakeContext } from "./fake-context.js";

/** Every client asks for the same operation. */
function fixedWorkload(input: RegisterInput): Workload<RegisterInput> {
  return { next: () => input, probe: () => input, describe: (i) => i.op };
}

const leaky = new URL("./fixtures/leaks/leaky-node.ts", import.meta.url).pathname;

/** Boots the leaky node and asks it to try `what`; returns what stopped it. */
function attempt(what: string): unknown {
  const ctx = new FakeContext();
  const node = new HostedNode(ctx, { module: leaky, config: undefined });
  const request: ClientRequest<unknown> = { client: 0, seq: 1, input: { op: "write", value: what } };
  try {
    node.onClientRequest(request);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("a hosted node that reaches for what the host does not own", () => {
  it.each([
    ["real setTimeout", "setTimeout (the host process's)"],
    ["real Date.now", "Date.now (the host process's)"],
    ["real Math.random", "Math.random (the host process's)"],
    ["net socket", "net.createConnection"],
    ["fs write", "fs.writeFileSync"],
    ["fs write, error swallowed", "fs.writeFileSync"],
  ])("stops the run when it uses a %s, naming the API", (what, api) => {
    const stopped = attempt(what);
    expect(stopped).toBeInstanceOf(HostLeakError);
    expect(isNodeEnvironmentError(stopped)).toBe(true);
    expect((stopped as HostLeakError).api).toBe(api);
    expect((stopped as Error).message).toContain(`s0 used ${api}`);
    expect((stopped as Error).message).toContain("leaky-node.ts");
  });

  it("runs normally when it stays inside the host", () => {
    expect(attempt("nothing")).toBeUndefined();
  });

  it("a leak stops a whole scenario run with the error, not with a violation", () => {
    const plugin = defineHostedPlugin({
      name: "leaky",
      version: "0.0.0",
      summary: "reaches for the file system",
      module: leaky,
      workload: fixedWorkload({ op: "write", value: "fs write" }),
      monitors: () => [],
    });
    expect(() => plugin.run({ choices: new GeneratedChoices(1) })).toThrow(/used fs.writeFileSync/);
  });

  it("a function captured outside the host cannot be handed to a node as configuration", () => {
    const realRandom = Math.random;
    expect(() =>
      defineHostedPlugin({
        name: "smuggler",
        version: "0.0.0",
        summary: "passes the host's Math.random in its config",
        module: leaky,
        config: () => ({ random: realRandom }),
        workload: fixedWorkload({ op: "read" }),
        monitors: () => [],
      }).run({ choices: new GeneratedChoices(1) }),
    ).toThrow(/config\.random is a function: functions cannot cross into a hosted node/);
  });
});
