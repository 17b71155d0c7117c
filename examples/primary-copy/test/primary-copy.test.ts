import { hunt } from "@cx/search";
import { GeneratedChoices, ReplayedChoices, checkProtocolPlugin } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { protocolPlugin } from "../src/index.js";

describe("the primary-copy example protocol", () => {
  it("is a valid plug-in", () => {
    expect(checkProtocolPlugin(protocolPlugin).ok).toBe(true);
  });

  it("the all-zeros run is healthy: no violation, the calm phase reached, every client operation answered", () => {
    const run = protocolPlugin.run({ choices: new ReplayedChoices([]) });
    expect(run.violation).toBeNull();
    expect(run.calmStartedAt).not.toBeNull();
    expect(run.history.every((op) => op.return !== null)).toBe(true);
  });

  it("replaying a run's recorded choices gives the same run", () => {
    const first = protocolPlugin.run({ defects: ["serve_reads_anywhere"], choices: new GeneratedChoices(4) });
    const again = protocolPlugin.run({ defects: ["serve_reads_anywhere"], choices: new ReplayedChoices(first.choices) });
    expect(again.counters).toEqual(first.counters);
    expect(again.violation).toEqual(first.violation);
  });

  it("a hunt finds the seeded defect, and the correct protocol survives the same hunt", () => {
    const broken = hunt({ target: protocolPlugin.createTarget({ defects: ["serve_reads_anywhere"] }), strategy: "random", budget: 300, seed: 1 });
    expect(broken.found && broken.outcome.violation?.invariant).toBe("Linearizability");
    const correct = hunt({ target: protocolPlugin.createTarget(), strategy: "random", budget: 300, seed: 1 });
    expect(correct.found).toBe(false);
  });
});
