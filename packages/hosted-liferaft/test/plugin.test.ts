import { GeneratedChoices, hashTrace, huntScenarioOptions, isRunLimitError, ReplayedChoices, type RunLimitError } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { protocolPlugin } from "../src/index.js";

describe("liferaft 1.4.0 under the host", () => {
  it("the all-zeros run elects s0, commits every client operation and breaks nothing", () => {
    const run = protocolPlugin.run({ choices: new ReplayedChoices([]), recordTrace: true });
    expect(run.violation).toBeNull();
    expect(run.trace.some((e) => e.kind === "observation" && e.observation["kind"] === "role" && e.observation["role"] === "leader" && e.node === 0)).toBe(true);
    expect(run.history.length).toBeGreaterThan(0);
    expect(run.history.every((op) => op.return !== null)).toBe(true);
  });

  it("the same choices give the same trace", () => {
    for (const seed of [1, 2, 3]) {
      const first = protocolPlugin.run({ choices: new GeneratedChoices(seed), recordTrace: true });
      const again = protocolPlugin.run({ choices: new ReplayedChoices(first.choices), recordTrace: true });
      expect(hashTrace(again.trace)).toBe(hashTrace(first.trace));
      expect(again.violation?.message).toBe(first.violation?.message);
    }
  });

  it("one I/O completion out of order makes liferaft apply entry 2 before entry 1", () => {
    // The minimal schedule a hunt found: every decision calm but the last, which delays one disk write by 1 ms.
    const choices = [...Array.from({ length: 135 }, () => 0), 1];
    const run = protocolPlugin.run({ choices: new ReplayedChoices(choices), options: huntScenarioOptions });
    expect(run.violation?.invariant).toBe("StateMachineSafety");
    expect(run.violation?.message).toContain("applied entry 2 right after entry 0");
  });

  it("with a disk that completes writes in order, two concurrent client commands race for the same log index", () => {
    const run = protocolPlugin.run({ defects: ["in_order_disk"], choices: new ReplayedChoices([]) });
    expect(run.violation?.invariant).toBe("LeaderAppendOnly");
    expect(run.violation?.message).toContain("overwrote its entry 2");
  });

  it("with the monitors off, seed 38 runs into an error storm that never lets up: a stale-term reply sends a promise", () => {
    // index.js answers a stale term with write(raft.packet('error', reason)) without await: the transport carries the
    // pending promise as {}, the peer answers "Unknown message type", and duplicated messages multiply the exchange.
    let stopped: unknown;
    try {
      protocolPlugin.run({ choices: new GeneratedChoices(38), monitors: false });
    } catch (error) {
      stopped = error;
    }
    expect(isRunLimitError(stopped)).toBe(true);
    expect((stopped as RunLimitError).limit).toBe("events");
    expect((stopped as RunLimitError).time).toBeLessThan(1000);
  });
});
