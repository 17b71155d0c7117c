import { hunt } from "@cx/search";
import { ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { protocolPlugin } from "../examples/register-plugin.js";

describe("the README's example", () => {
  it("the all-zeros run answers every client and breaks nothing", () => {
    const run = protocolPlugin.run({ choices: new ReplayedChoices([]) });
    expect(run.violation).toBeNull();
    expect(run.history.length).toBeGreaterThan(0);
    expect(run.history.every((op) => op.return !== null)).toBe(true);
  });

  it("a hunt finds its race: the value in memory follows the order writes complete, the disk the order they were issued", () => {
    const found = hunt({ target: protocolPlugin.createTarget(), strategy: "random", budget: 100, seed: 1 });
    expect(found.found && found.outcome.violation?.invariant).toBe("Linearizability");
  });
});
