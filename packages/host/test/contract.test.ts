import { hunt } from "@cx/search";
import { describeProtocolContract } from "@cx/vitest";
import { describe, expect, it } from "vitest";
import { primaryCopyPlugin } from "./fixtures/primary-copy-plugin.js";

// The laws every protocol keeps, for hosted code: the all-zeros run is healthy, the same choices give the
// same trace (twice, in a worker thread and in a second process), a replay equals the original, the correct
// version is clean. The fixture is a register, not a log: no replica views to mirror.
describeProtocolContract(primaryCopyPlugin, { runs: 60, mirror: false, module: new URL("./fixtures/primary-copy-plugin.ts", import.meta.url) });

describe("a hosted service's seeded defect", () => {
  it("a hunt finds the write answered before it was synced, and the correct service survives the same hunt", () => {
    const broken = hunt({ target: primaryCopyPlugin.createTarget({ defects: ["skip_sync"] }), strategy: "random", budget: 300, seed: 1 });
    expect(broken.found && broken.outcome.violation?.invariant).toBe("Linearizability");
    const correct = hunt({ target: primaryCopyPlugin.createTarget(), strategy: "random", budget: 300, seed: 1 });
    expect(correct.found).toBe(false);
  });
});
