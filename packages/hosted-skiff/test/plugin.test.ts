import { GeneratedChoices, hashTrace, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { protocolPlugin } from "../src/index.js";

describe("skiff 1.10.0 under the host", () => {
  it("the all-zeros run elects a leader and commits every client operation with no violation", () => {
    const run = protocolPlugin.run({ choices: new ReplayedChoices([]), recordTrace: true });
    expect(run.violation).toBeNull();
    expect(run.trace.some((e) => e.kind === "observation" && e.observation["kind"] === "role" && e.observation["role"] === "leader")).toBe(true);
    expect(run.history.length).toBeGreaterThan(0);
    expect(run.history.every((op) => op.return !== null)).toBe(true);
  });

  it("the same choices give the same trace hash", () => {
    for (const seed of [1, 2]) {
      const first = protocolPlugin.run({ choices: new GeneratedChoices(seed), recordTrace: true });
      const again = protocolPlugin.run({ choices: new ReplayedChoices(first.choices), recordTrace: true });
      expect(hashTrace(again.trace)).toBe(hashTrace(first.trace));
      expect(again.violation?.message).toBe(first.violation?.message);
    }
  });
});
