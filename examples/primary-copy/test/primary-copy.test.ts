import { hunt } from "@cx/search";
import { describeProtocolContract } from "@cx/vitest";
import { describe, expect, it } from "vitest";
import { protocolPlugin } from "../src/index.js";

// The laws every protocol keeps, in one call: the all-zeros run is healthy, the same choices give the
// same trace (twice and in a worker thread), a replay equals the original, the correct version is clean.
// The primary copies a register, not a log: it has no replica views to mirror.
describeProtocolContract(protocolPlugin, { runs: 100, mirror: false, module: new URL("../src/index.ts", import.meta.url) });

describe("the primary-copy example's seeded defect", () => {
  it("a hunt finds it, and the correct protocol survives the same hunt", () => {
    const broken = hunt({ target: protocolPlugin.createTarget({ defects: ["serve_reads_anywhere"] }), strategy: "random", budget: 300, seed: 1 });
    expect(broken.found && broken.outcome.violation?.invariant).toBe("Linearizability");
    const correct = hunt({ target: protocolPlugin.createTarget(), strategy: "random", budget: 300, seed: 1 });
    expect(correct.found).toBe(false);
  });
});
