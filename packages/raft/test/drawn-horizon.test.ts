import { huntScenarioOptions, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { runRaft } from "../src/index.js";

describe("the drawn horizon on Raft", () => {
  it("keeps the all-zeros run healthy: one leader, every client operation answered and committed, no violation", () => {
    const result = runRaft({ choices: new ReplayedChoices([]), options: huntScenarioOptions });
    expect(result.violation).toBeNull();
    expect(result.raft.leaderChanges).toBe(1);
    expect(result.history.every((op) => op.return !== null)).toBe(true);
    expect(result.raft.commitIndex).toBe(result.history.length);
    expect(result.endTime).toBeLessThan(runRaft({ choices: new ReplayedChoices([]) }).endTime);
  });

  it("leaves a counterexample saved before it replaying as it did (the README's of version 0.1, without the option)", () => {
    const saved = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 95, 0, 0, 3];
    const result = runRaft({ bugs: ["no_log_up_to_date_check"], choices: new ReplayedChoices(saved) });
    expect(result.violation?.message).toBe("s0 became leader in term 3 without entry 1, which was committed in term 1");
    expect(result.violation?.time).toBe(502);
  });
});

