import { hunt } from "@cx/search";
import { huntScenarioOverrides } from "@cx/sim";
import { describeProtocolContract } from "@cx/vitest";
import { describe, expect, it } from "vitest";
import { protocolPlugin } from "../src/index.js";

// The laws every protocol keeps, in one call: the all-zeros run is healthy, the same choices give the
// same trace (twice, in a worker thread, in another process), a replay equals the original, the
// monitor's mirror of each log equals the replicas' logs, the correct version survives 200 generated
// runs, and hostile hunt schedules on clusters of 1 to 5 replicas break nothing and get answers.
describeProtocolContract(protocolPlugin, { runs: 200, module: new URL("../src/index.ts", import.meta.url), clusterSizes: [1, 2, 3, 4, 5] });

const HUNT_BUDGET = 300;

/** What each defect breaks first on seed 1, and what else it may break first on another schedule. */
const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  longest_log_wins: ["LeaderCompleteness", "StateMachineSafety", "Linearizability"],
  ack_before_persist: ["LeaderCompleteness", "StateMachineSafety", "Linearizability"],
  accept_stale_prepare: ["StateMachineSafety", "LogMatching", "LeaderCompleteness"],
  count_duplicate_prepare_oks: ["LeaderCompleteness", "StateMachineSafety", "Linearizability"],
  skip_view_change_quorum: ["LeaderCompleteness", "StateMachineSafety", "Linearizability"],
  no_client_table: ["DuplicateApply"],
};

describe("the viewstamped-replication example's seeded defects", () => {
  const huntFor = (defects: readonly string[]) =>
    hunt({ target: protocolPlugin.createTarget({ defects, options: huntScenarioOverrides }), strategy: "random", budget: HUNT_BUDGET, seed: 1 });

  it("lists every defect the tests expect, each caught by a property it may break", () => {
    expect(protocolPlugin.defects.map((d) => d.name)).toEqual(Object.keys(EXPECTED));
    for (const defect of protocolPlugin.defects) expect(EXPECTED[defect.name]).toContain(defect.caughtBy);
  });

  for (const defect of protocolPlugin.defects) {
    it(`a random hunt of ${HUNT_BUDGET} runs on seed 1 finds ${defect.name}, breaking ${defect.caughtBy} first`, () => {
      const result = huntFor([defect.name]);
      expect(result.found ? result.outcome.violation?.invariant : "nothing found", `${defect.name}, seed 1`).toBe(defect.caughtBy);
    });
  }

  it("the correct protocol survives the same hunt", () => {
    const result = huntFor([]);
    expect(result.found ? `${result.outcome.violation?.invariant}: ${result.outcome.violation?.message}` : "none").toBe("none");
  });
});
